package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import dev.raykube.model.schema.PodTemplateSchema;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import java.util.Map;
import java.util.Objects;

/** A group of identical worker Pods of a RayCluster. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"groupName", "replicas", "minReplicas", "maxReplicas", "numOfHosts", "idleTimeoutSeconds",
    "priority", "rayStartParams", "template", "scaleStrategy", "resources", "labels",
    "suspend"})
@ValidationRule(value = "!has(self.minReplicas) || !has(self.maxReplicas) || self.minReplicas <= self.maxReplicas",
    message = "minReplicas must be less than or equal to maxReplicas")
public class WorkerGroupSpec extends ExtensibleObject {

  @JsonProperty("groupName")
  @JsonPropertyDescription("Name of the group, unique within the cluster; becomes the ray.io/group label. At most 63 "
      + "characters.")
  @Required
  @Size(max = 63)
  private String groupName;

  @JsonProperty("replicas")
  @JsonPropertyDescription("Desired number of replicas (clamped to minReplicas..maxReplicas). Default 0.")
  @Default("0")
  @ValidationRule(value = "self >= 0", message = "replicas must not be negative")
  private Integer replicas;

  @JsonProperty("minReplicas")
  @JsonPropertyDescription("Lower bound of replicas for the autoscaler. Default 0.")
  @Default("0")
  @ValidationRule(value = "self >= 0", message = "minReplicas must not be negative")
  private Integer minReplicas;

  @JsonProperty("maxReplicas")
  @JsonPropertyDescription("Upper bound of replicas for the autoscaler. Default 2147483647.")
  @Default("2147483647")
  @ValidationRule(value = "self >= 0", message = "maxReplicas must not be negative")
  private Integer maxReplicas;

  @JsonProperty("numOfHosts")
  @JsonPropertyDescription("Pods per replica (multi-host replicas, for example TPU slices). Default 1.")
  @Default("1")
  private Integer numOfHosts;

  @JsonProperty("idleTimeoutSeconds")
  @JsonPropertyDescription("Idle timeout of this group for autoscaler v2, overriding the cluster-wide one.")
  @ValidationRule(value = "self >= 0", message = "idleTimeoutSeconds must not be negative")
  private Integer idleTimeoutSeconds;

  @JsonProperty("priority")
  @JsonPropertyDescription("Priority of the group for the autoscaler. Default 0.")
  private Integer priority;

  @JsonProperty("rayStartParams")
  @JsonPropertyDescription("Parameters of 'ray start' on the workers of this group.")
  private Map<String, String> rayStartParams;

  @JsonProperty("template")
  @JsonPropertyDescription("Pod template of the workers; the first container runs Ray. The Pod spec is kept as "
      + "written and validated when the Pods are created.")
  @Required
  @SchemaFrom(type = PodTemplateSchema.class)
  private PodTemplateSpec template;

  @JsonProperty("scaleStrategy")
  @JsonPropertyDescription("Which workers to remove when scaling down.")
  private ScaleStrategy scaleStrategy;

  @JsonProperty("resources")
  @JsonPropertyDescription("Ray logical resources of each worker, overriding what is derived.")
  private Map<String, String> resources;

  @JsonProperty("labels")
  @JsonPropertyDescription("Ray node labels of each worker (also set as Pod labels).")
  private Map<String, String> labels;

  @JsonProperty("suspend")
  @JsonPropertyDescription("Suspend this group: delete its Pods and create none. Set by the operator.")
  private Boolean suspend;

  /** Creates an empty {@code WorkerGroupSpec}; every field starts unset. */
  public WorkerGroupSpec() {
  }

  /**
   * Returns {@code groupName}, or {@code null} when unset. Name of the group, unique within the cluster; becomes the
   * ray.io/group label.
   */
  public String getGroupName() {
    return groupName;
  }

  public void setGroupName(String groupName) {
    this.groupName = groupName;
  }

  /**
   * Returns {@code replicas}, or {@code null} when unset. Desired number of replicas (clamped to
   * minReplicas..maxReplicas).
   */
  public Integer getReplicas() {
    return replicas;
  }

  public void setReplicas(Integer replicas) {
    this.replicas = replicas;
  }

  /**
   * Returns {@code minReplicas}, or {@code null} when unset. Lower bound of replicas for the autoscaler.
   */
  public Integer getMinReplicas() {
    return minReplicas;
  }

  public void setMinReplicas(Integer minReplicas) {
    this.minReplicas = minReplicas;
  }

  /**
   * Returns {@code maxReplicas}, or {@code null} when unset. Upper bound of replicas for the autoscaler.
   */
  public Integer getMaxReplicas() {
    return maxReplicas;
  }

  public void setMaxReplicas(Integer maxReplicas) {
    this.maxReplicas = maxReplicas;
  }

  /**
   * Returns {@code numOfHosts}, or {@code null} when unset. Pods per replica (multi-host replicas, for example TPU
   * slices).
   */
  public Integer getNumOfHosts() {
    return numOfHosts;
  }

  public void setNumOfHosts(Integer numOfHosts) {
    this.numOfHosts = numOfHosts;
  }

  /**
   * Returns {@code idleTimeoutSeconds}, or {@code null} when unset. Idle timeout of this group for autoscaler v2,
   * overriding the cluster-wide one.
   */
  public Integer getIdleTimeoutSeconds() {
    return idleTimeoutSeconds;
  }

  public void setIdleTimeoutSeconds(Integer idleTimeoutSeconds) {
    this.idleTimeoutSeconds = idleTimeoutSeconds;
  }

  /** Returns {@code priority}, or {@code null} when unset. Priority of the group for the autoscaler. */
  public Integer getPriority() {
    return priority;
  }

  public void setPriority(Integer priority) {
    this.priority = priority;
  }

  /**
   * Returns {@code rayStartParams}, or {@code null} when unset. Parameters of 'ray start' on the workers of this
   * group.
   */
  public Map<String, String> getRayStartParams() {
    return rayStartParams;
  }

  public void setRayStartParams(Map<String, String> rayStartParams) {
    this.rayStartParams = rayStartParams;
  }

  /**
   * Returns {@code template}, or {@code null} when unset. Pod template of the workers; the first container runs Ray.
   */
  public PodTemplateSpec getTemplate() {
    return template;
  }

  public void setTemplate(PodTemplateSpec template) {
    this.template = template;
  }

  /**
   * Returns {@code scaleStrategy}, or {@code null} when unset. Which workers to remove when scaling down.
   */
  public ScaleStrategy getScaleStrategy() {
    return scaleStrategy;
  }

  public void setScaleStrategy(ScaleStrategy scaleStrategy) {
    this.scaleStrategy = scaleStrategy;
  }

  /**
   * Returns {@code resources}, or {@code null} when unset. Ray logical resources of each worker, overriding what is
   * derived.
   */
  public Map<String, String> getResources() {
    return resources;
  }

  public void setResources(Map<String, String> resources) {
    this.resources = resources;
  }

  /**
   * Returns {@code labels}, or {@code null} when unset. Ray node labels of each worker (also set as Pod labels).
   */
  public Map<String, String> getLabels() {
    return labels;
  }

  public void setLabels(Map<String, String> labels) {
    this.labels = labels;
  }

  /**
   * Returns {@code suspend}, or {@code null} when unset. Suspend this group: delete its Pods and create none.
   */
  public Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(Boolean suspend) {
    this.suspend = suspend;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    WorkerGroupSpec that = (WorkerGroupSpec) o;
    return Objects.equals(groupName, that.groupName) && Objects.equals(replicas, that.replicas)
        && Objects.equals(minReplicas, that.minReplicas) && Objects.equals(maxReplicas, that.maxReplicas)
        && Objects.equals(numOfHosts, that.numOfHosts)
        && Objects.equals(idleTimeoutSeconds, that.idleTimeoutSeconds) && Objects.equals(priority, that.priority)
        && Objects.equals(rayStartParams, that.rayStartParams) && Objects.equals(template, that.template)
        && Objects.equals(scaleStrategy, that.scaleStrategy) && Objects.equals(resources, that.resources)
        && Objects.equals(labels, that.labels) && Objects.equals(suspend, that.suspend)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(groupName, replicas, minReplicas, maxReplicas, numOfHosts, idleTimeoutSeconds, priority,
        rayStartParams, template, scaleStrategy, resources, labels, suspend,
        getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "WorkerGroupSpec{" + "groupName=" + groupName + ", replicas=" + replicas
        + ", minReplicas=" + minReplicas + ", maxReplicas=" + maxReplicas + ", numOfHosts=" + numOfHosts
        + ", idleTimeoutSeconds=" + idleTimeoutSeconds + ", priority=" + priority
        + ", rayStartParams=" + rayStartParams + ", template=" + template + ", scaleStrategy=" + scaleStrategy
        + ", resources=" + resources + ", labels=" + labels + ", suspend=" + suspend
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
