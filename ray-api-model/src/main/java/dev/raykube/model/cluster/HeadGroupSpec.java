package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import dev.raykube.model.schema.PodTemplateSchema;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Required;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.Service;
import java.util.Map;
import java.util.Objects;

/** The head Pod of a RayCluster. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"serviceType", "headService", "enableIngress", "ingressOptions", "rayStartParams",
    "template", "resources", "labels"})
public class HeadGroupSpec extends ExtensibleObject {

  @JsonProperty("serviceType")
  @JsonPropertyDescription("Type of the head Service: ClusterIP (default), NodePort or LoadBalancer.")
  private String serviceType;

  @JsonProperty("headService")
  @JsonPropertyDescription("A custom head Service merged into the generated one (selector and ports are managed by "
      + "the operator).")
  private Service headService;

  @JsonProperty("enableIngress")
  @JsonPropertyDescription("Create an Ingress for the head Service.")
  private Boolean enableIngress;

  @JsonProperty("ingressOptions")
  @JsonPropertyDescription("Host, path, pathType and TLS of the created Ingress (with enableIngress).")
  private IngressOptions ingressOptions;

  @JsonProperty("rayStartParams")
  @JsonPropertyDescription("Parameters of 'ray start' on the head: key 'num-cpus' with value '2' becomes "
      + "--num-cpus=2, 'true' a bare flag.")
  private Map<String, String> rayStartParams;

  @JsonProperty("template")
  @JsonPropertyDescription("Pod template of the head; the first container runs Ray. The Pod spec is kept as written "
      + "and validated when the Pod is created.")
  @Required
  @SchemaFrom(type = PodTemplateSchema.class)
  private PodTemplateSpec template;

  @JsonProperty("resources")
  @JsonPropertyDescription("Ray logical resources of the head, overriding what is derived from the container (for "
      + "example CPU: '0').")
  private Map<String, String> resources;

  @JsonProperty("labels")
  @JsonPropertyDescription("Ray node labels of the head (also set as Pod labels).")
  private Map<String, String> labels;

  /** Creates an empty {@code HeadGroupSpec}; every field starts unset. */
  public HeadGroupSpec() {
  }

  /**
   * Returns {@code serviceType}, or {@code null} when unset. Type of the head Service: ClusterIP (default), NodePort
   * or LoadBalancer.
   */
  public String getServiceType() {
    return serviceType;
  }

  public void setServiceType(String serviceType) {
    this.serviceType = serviceType;
  }

  /**
   * Returns {@code headService}, or {@code null} when unset. A custom head Service merged into the generated one
   * (selector and ports are managed by the operator).
   */
  public Service getHeadService() {
    return headService;
  }

  public void setHeadService(Service headService) {
    this.headService = headService;
  }

  /**
   * Returns {@code enableIngress}, or {@code null} when unset. Create an Ingress for the head Service.
   */
  public Boolean getEnableIngress() {
    return enableIngress;
  }

  public void setEnableIngress(Boolean enableIngress) {
    this.enableIngress = enableIngress;
  }

  /**
   * Returns {@code ingressOptions}, or {@code null} when unset. Host, path, pathType and TLS of the created Ingress
   * (with enableIngress).
   */
  public IngressOptions getIngressOptions() {
    return ingressOptions;
  }

  public void setIngressOptions(IngressOptions ingressOptions) {
    this.ingressOptions = ingressOptions;
  }

  /**
   * Returns {@code rayStartParams}, or {@code null} when unset. Parameters of 'ray start' on the head: key 'num-cpus'
   * with value '2' becomes --num-cpus=2, 'true' a bare flag.
   */
  public Map<String, String> getRayStartParams() {
    return rayStartParams;
  }

  public void setRayStartParams(Map<String, String> rayStartParams) {
    this.rayStartParams = rayStartParams;
  }

  /**
   * Returns {@code template}, or {@code null} when unset. Pod template of the head; the first container runs Ray.
   */
  public PodTemplateSpec getTemplate() {
    return template;
  }

  public void setTemplate(PodTemplateSpec template) {
    this.template = template;
  }

  /**
   * Returns {@code resources}, or {@code null} when unset. Ray logical resources of the head, overriding what is
   * derived from the container (for example CPU: '0').
   */
  public Map<String, String> getResources() {
    return resources;
  }

  public void setResources(Map<String, String> resources) {
    this.resources = resources;
  }

  /**
   * Returns {@code labels}, or {@code null} when unset. Ray node labels of the head (also set as Pod labels).
   */
  public Map<String, String> getLabels() {
    return labels;
  }

  public void setLabels(Map<String, String> labels) {
    this.labels = labels;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    HeadGroupSpec that = (HeadGroupSpec) o;
    return Objects.equals(serviceType, that.serviceType) && Objects.equals(headService, that.headService)
        && Objects.equals(enableIngress, that.enableIngress)
        && Objects.equals(ingressOptions, that.ingressOptions)
        && Objects.equals(rayStartParams, that.rayStartParams) && Objects.equals(template, that.template)
        && Objects.equals(resources, that.resources) && Objects.equals(labels, that.labels)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(serviceType, headService, enableIngress, ingressOptions, rayStartParams, template,
        resources, labels, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "HeadGroupSpec{" + "serviceType=" + serviceType + ", headService=" + headService
        + ", enableIngress=" + enableIngress + ", ingressOptions=" + ingressOptions
        + ", rayStartParams=" + rayStartParams + ", template=" + template + ", resources=" + resources
        + ", labels=" + labels + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
