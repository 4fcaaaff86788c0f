package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import dev.raykube.model.schema.OpenObjectSchema;
import io.fabric8.crd.generator.annotation.SchemaFrom;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Desired state of a RayCluster; also the cluster template of a RayJob ({@code rayClusterSpec}) and a RayService
 * ({@code rayClusterConfig}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"headGroupSpec", "workerGroupSpecs", "rayVersion", "enableInTreeAutoscaling",
    "autoscalerOptions", "headServiceAnnotations", "suspend", "managedBy",
    "gcsFaultToleranceOptions", "upgradeStrategy", "authOptions", "networkPolicy",
    "tlsOptions", "historyServerOptions"})
@ValidationRule(value = "has(self.managedBy) == has(oldSelf.managedBy)"
    + " && (!has(self.managedBy) || self.managedBy == oldSelf.managedBy)",
    message = "managedBy is immutable: it cannot be added, changed or removed after creation")
public class RayClusterSpec extends ExtensibleObject {

  @JsonProperty("headGroupSpec")
  @JsonPropertyDescription("The head Pod.")
  @Required
  private HeadGroupSpec headGroupSpec;

  @JsonProperty("workerGroupSpecs")
  @JsonPropertyDescription("Worker groups, each with a unique groupName. At most 128 groups.")
  @Size(max = 128)
  @ValidationRule(value = "self.all(g, self.exists_one(o, o.groupName == g.groupName))",
      message = "groupName must be unique among workerGroupSpecs")
  private List<WorkerGroupSpec> workerGroupSpecs;

  @JsonProperty("rayVersion")
  @JsonPropertyDescription("Version of Ray in the images, for example '2.46.0'; used to pick version-dependent "
      + "behaviour.")
  private String rayVersion;

  @JsonProperty("enableInTreeAutoscaling")
  @JsonPropertyDescription("Run the Ray autoscaler as a sidecar of the head Pod.")
  private Boolean enableInTreeAutoscaling;

  @JsonProperty("autoscalerOptions")
  @JsonPropertyDescription("Settings of the autoscaler sidecar.")
  private AutoscalerOptions autoscalerOptions;

  @JsonProperty("headServiceAnnotations")
  @JsonPropertyDescription("Annotations added to the head Service.")
  private Map<String, String> headServiceAnnotations;

  @JsonProperty("suspend")
  @JsonPropertyDescription("Suspend the cluster: delete all Pods but keep the RayCluster.")
  private Boolean suspend;

  @JsonProperty("managedBy")
  @JsonPropertyDescription("The controller that reconciles this object. Unset or 'ray.io/kuberay-operator' means the "
      + "Ray operator; any other value (for example 'kueue.x-k8s.io/multikueue') tells the "
      + "operator to leave the object alone. Immutable: it cannot be added, changed or removed "
      + "after creation. At most 63 characters.")
  @Size(max = 63)
  private String managedBy;

  @JsonProperty("gcsFaultToleranceOptions")
  @JsonPropertyDescription("GCS fault tolerance with external storage.")
  private GcsFaultToleranceOptions gcsFaultToleranceOptions;

  @JsonProperty("upgradeStrategy")
  @JsonPropertyDescription("How existing Pods follow spec changes (default: they do not).")
  private RayClusterUpgradeStrategy upgradeStrategy;

  @JsonProperty("authOptions")
  @JsonPropertyDescription("Authentication of requests to the cluster.")
  private AuthOptions authOptions;

  @JsonProperty("networkPolicy")
  @JsonPropertyDescription("NetworkPolicies of the head and of each worker group (alpha; feature gate "
      + "RayClusterNetworkPolicy).")
  private ClusterNetworkPolicy networkPolicy;

  @JsonProperty("tlsOptions")
  @JsonPropertyDescription("TLS options (alpha; kept as written).")
  @SchemaFrom(type = OpenObjectSchema.class)
  private Map<String, Object> tlsOptions;

  @JsonProperty("historyServerOptions")
  @JsonPropertyDescription("History server options (alpha; kept as written).")
  @SchemaFrom(type = OpenObjectSchema.class)
  private Map<String, Object> historyServerOptions;

  /** Creates an empty {@code RayClusterSpec}; every field starts unset. */
  public RayClusterSpec() {
  }

  /** Returns {@code headGroupSpec}, or {@code null} when unset. The head Pod. */
  public HeadGroupSpec getHeadGroupSpec() {
    return headGroupSpec;
  }

  public void setHeadGroupSpec(HeadGroupSpec headGroupSpec) {
    this.headGroupSpec = headGroupSpec;
  }

  /**
   * Returns {@code workerGroupSpecs}, or {@code null} when unset. Worker groups, each with a unique groupName.
   */
  public List<WorkerGroupSpec> getWorkerGroupSpecs() {
    return workerGroupSpecs;
  }

  public void setWorkerGroupSpecs(List<WorkerGroupSpec> workerGroupSpecs) {
    this.workerGroupSpecs = workerGroupSpecs;
  }

  /**
   * Returns {@code rayVersion}, or {@code null} when unset. Version of Ray in the images, for example '2.46.0'; used
   * to pick version-dependent behaviour.
   */
  public String getRayVersion() {
    return rayVersion;
  }

  public void setRayVersion(String rayVersion) {
    this.rayVersion = rayVersion;
  }

  /**
   * Returns {@code enableInTreeAutoscaling}, or {@code null} when unset. Run the Ray autoscaler as a sidecar of the
   * head Pod.
   */
  public Boolean getEnableInTreeAutoscaling() {
    return enableInTreeAutoscaling;
  }

  public void setEnableInTreeAutoscaling(Boolean enableInTreeAutoscaling) {
    this.enableInTreeAutoscaling = enableInTreeAutoscaling;
  }

  /**
   * Returns {@code autoscalerOptions}, or {@code null} when unset. Settings of the autoscaler sidecar.
   */
  public AutoscalerOptions getAutoscalerOptions() {
    return autoscalerOptions;
  }

  public void setAutoscalerOptions(AutoscalerOptions autoscalerOptions) {
    this.autoscalerOptions = autoscalerOptions;
  }

  /**
   * Returns {@code headServiceAnnotations}, or {@code null} when unset. Annotations added to the head Service.
   */
  public Map<String, String> getHeadServiceAnnotations() {
    return headServiceAnnotations;
  }

  public void setHeadServiceAnnotations(Map<String, String> headServiceAnnotations) {
    this.headServiceAnnotations = headServiceAnnotations;
  }

  /**
   * Returns {@code suspend}, or {@code null} when unset. Suspend the cluster: delete all Pods but keep the RayCluster.
   */
  public Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(Boolean suspend) {
    this.suspend = suspend;
  }

  /**
   * Returns {@code managedBy}, or {@code null} when unset. The controller that reconciles this object.
   */
  public String getManagedBy() {
    return managedBy;
  }

  public void setManagedBy(String managedBy) {
    this.managedBy = managedBy;
  }

  /**
   * Returns {@code gcsFaultToleranceOptions}, or {@code null} when unset. GCS fault tolerance with external storage.
   */
  public GcsFaultToleranceOptions getGcsFaultToleranceOptions() {
    return gcsFaultToleranceOptions;
  }

  public void setGcsFaultToleranceOptions(GcsFaultToleranceOptions gcsFaultToleranceOptions) {
    this.gcsFaultToleranceOptions = gcsFaultToleranceOptions;
  }

  /**
   * Returns {@code upgradeStrategy}, or {@code null} when unset. How existing Pods follow spec changes (default: they
   * do not).
   */
  public RayClusterUpgradeStrategy getUpgradeStrategy() {
    return upgradeStrategy;
  }

  public void setUpgradeStrategy(RayClusterUpgradeStrategy upgradeStrategy) {
    this.upgradeStrategy = upgradeStrategy;
  }

  /**
   * Returns {@code authOptions}, or {@code null} when unset. Authentication of requests to the cluster.
   */
  public AuthOptions getAuthOptions() {
    return authOptions;
  }

  public void setAuthOptions(AuthOptions authOptions) {
    this.authOptions = authOptions;
  }

  /**
   * Returns {@code networkPolicy}, or {@code null} when unset. NetworkPolicies of the head and of each worker group
   * (alpha; feature gate RayClusterNetworkPolicy).
   */
  public ClusterNetworkPolicy getNetworkPolicy() {
    return networkPolicy;
  }

  public void setNetworkPolicy(ClusterNetworkPolicy networkPolicy) {
    this.networkPolicy = networkPolicy;
  }

  /** Returns {@code tlsOptions}, or {@code null} when unset. TLS options (alpha; kept as written). */
  public Map<String, Object> getTlsOptions() {
    return tlsOptions;
  }

  public void setTlsOptions(Map<String, Object> tlsOptions) {
    this.tlsOptions = tlsOptions;
  }

  /**
   * Returns {@code historyServerOptions}, or {@code null} when unset. History server options (alpha; kept as written).
   */
  public Map<String, Object> getHistoryServerOptions() {
    return historyServerOptions;
  }

  public void setHistoryServerOptions(Map<String, Object> historyServerOptions) {
    this.historyServerOptions = historyServerOptions;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayClusterSpec that = (RayClusterSpec) o;
    return Objects.equals(headGroupSpec, that.headGroupSpec)
        && Objects.equals(workerGroupSpecs, that.workerGroupSpecs) && Objects.equals(rayVersion, that.rayVersion)
        && Objects.equals(enableInTreeAutoscaling, that.enableInTreeAutoscaling)
        && Objects.equals(autoscalerOptions, that.autoscalerOptions)
        && Objects.equals(headServiceAnnotations, that.headServiceAnnotations)
        && Objects.equals(suspend, that.suspend) && Objects.equals(managedBy, that.managedBy)
        && Objects.equals(gcsFaultToleranceOptions, that.gcsFaultToleranceOptions)
        && Objects.equals(upgradeStrategy, that.upgradeStrategy) && Objects.equals(authOptions, that.authOptions)
        && Objects.equals(networkPolicy, that.networkPolicy) && Objects.equals(tlsOptions, that.tlsOptions)
        && Objects.equals(historyServerOptions, that.historyServerOptions)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(headGroupSpec, workerGroupSpecs, rayVersion, enableInTreeAutoscaling, autoscalerOptions,
        headServiceAnnotations, suspend, managedBy, gcsFaultToleranceOptions, upgradeStrategy,
        authOptions, networkPolicy, tlsOptions, historyServerOptions, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayClusterSpec{" + "headGroupSpec=" + headGroupSpec + ", workerGroupSpecs=" + workerGroupSpecs
        + ", rayVersion=" + rayVersion + ", enableInTreeAutoscaling=" + enableInTreeAutoscaling
        + ", autoscalerOptions=" + autoscalerOptions + ", headServiceAnnotations=" + headServiceAnnotations
        + ", suspend=" + suspend + ", managedBy=" + managedBy
        + ", gcsFaultToleranceOptions=" + gcsFaultToleranceOptions + ", upgradeStrategy=" + upgradeStrategy
        + ", authOptions=" + authOptions + ", networkPolicy=" + networkPolicy + ", tlsOptions=" + tlsOptions
        + ", historyServerOptions=" + historyServerOptions
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
