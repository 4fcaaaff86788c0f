package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Service;
import java.util.Objects;

/** Desired state of a RayService: Ray Serve applications and the cluster that runs them. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"rayClusterConfig", "serveConfigV2", "serveService", "upgradeStrategy",
    "rayClusterDeletionDelaySeconds", "excludeHeadPodFromServeSvc", "suspend", "managedBy",
    "serviceUnhealthySecondThreshold", "deploymentUnhealthySecondThreshold"})
@ValidationRule(value = "has(self.managedBy) == has(oldSelf.managedBy)"
    + " && (!has(self.managedBy) || self.managedBy == oldSelf.managedBy)",
    message = "managedBy is immutable: it cannot be added, changed or removed after creation")
public class RayServiceSpec extends ExtensibleObject {

  @JsonProperty("rayClusterConfig")
  @JsonPropertyDescription("Template of the RayCluster serving the applications.")
  @Required
  private RayClusterSpec rayClusterConfig;

  @JsonProperty("serveConfigV2")
  @JsonPropertyDescription("Ray Serve config of the applications, as a YAML string.")
  private String serveConfigV2;

  @JsonProperty("serveService")
  @JsonPropertyDescription("A custom serve Service (core/v1 Service) exposing the Serve applications.")
  private Service serveService;

  @JsonProperty("upgradeStrategy")
  @JsonPropertyDescription("How a changed cluster spec is rolled out.")
  private RayServiceUpgradeStrategy upgradeStrategy;

  @JsonProperty("rayClusterDeletionDelaySeconds")
  @JsonPropertyDescription("Seconds to keep a cluster after it stopped serving (default 60).")
  @ValidationRule(value = "self >= 0", message = "rayClusterDeletionDelaySeconds must not be negative")
  private Integer rayClusterDeletionDelaySeconds;

  @JsonProperty("excludeHeadPodFromServeSvc")
  @JsonPropertyDescription("Never route serve traffic to the head Pod.")
  private Boolean excludeHeadPodFromServeSvc;

  @JsonProperty("suspend")
  @JsonPropertyDescription("Suspend the RayService: delete its clusters and Services but keep the RayService.")
  private Boolean suspend;

  @JsonProperty("managedBy")
  @JsonPropertyDescription("The controller that reconciles this object. Unset or 'ray.io/kuberay-operator' means the "
      + "Ray operator; any other value (for example 'kueue.x-k8s.io/multikueue') tells the "
      + "operator to leave the object alone. Immutable: it cannot be added, changed or removed "
      + "after creation. At most 63 characters.")
  @Size(max = 63)
  private String managedBy;

  @JsonProperty("serviceUnhealthySecondThreshold")
  @JsonPropertyDescription("Deprecated; ignored.")
  private Integer serviceUnhealthySecondThreshold;

  @JsonProperty("deploymentUnhealthySecondThreshold")
  @JsonPropertyDescription("Deprecated; ignored.")
  private Integer deploymentUnhealthySecondThreshold;

  /** Creates an empty {@code RayServiceSpec}; every field starts unset. */
  public RayServiceSpec() {
  }

  /**
   * Returns {@code rayClusterConfig}, or {@code null} when unset. Template of the RayCluster serving the applications.
   */
  public RayClusterSpec getRayClusterConfig() {
    return rayClusterConfig;
  }

  public void setRayClusterConfig(RayClusterSpec rayClusterConfig) {
    this.rayClusterConfig = rayClusterConfig;
  }

  /**
   * Returns {@code serveConfigV2}, or {@code null} when unset. Ray Serve config of the applications, as a YAML string.
   */
  public String getServeConfigV2() {
    return serveConfigV2;
  }

  public void setServeConfigV2(String serveConfigV2) {
    this.serveConfigV2 = serveConfigV2;
  }

  /**
   * Returns {@code serveService}, or {@code null} when unset. A custom serve Service (core/v1 Service) exposing the
   * Serve applications.
   */
  public Service getServeService() {
    return serveService;
  }

  public void setServeService(Service serveService) {
    this.serveService = serveService;
  }

  /**
   * Returns {@code upgradeStrategy}, or {@code null} when unset. How a changed cluster spec is rolled out.
   */
  public RayServiceUpgradeStrategy getUpgradeStrategy() {
    return upgradeStrategy;
  }

  public void setUpgradeStrategy(RayServiceUpgradeStrategy upgradeStrategy) {
    this.upgradeStrategy = upgradeStrategy;
  }

  /**
   * Returns {@code rayClusterDeletionDelaySeconds}, or {@code null} when unset. Seconds to keep a cluster after it
   * stopped serving (default 60).
   */
  public Integer getRayClusterDeletionDelaySeconds() {
    return rayClusterDeletionDelaySeconds;
  }

  public void setRayClusterDeletionDelaySeconds(Integer rayClusterDeletionDelaySeconds) {
    this.rayClusterDeletionDelaySeconds = rayClusterDeletionDelaySeconds;
  }

  /**
   * Returns {@code excludeHeadPodFromServeSvc}, or {@code null} when unset. Never route serve traffic to the head Pod.
   */
  public Boolean getExcludeHeadPodFromServeSvc() {
    return excludeHeadPodFromServeSvc;
  }

  public void setExcludeHeadPodFromServeSvc(Boolean excludeHeadPodFromServeSvc) {
    this.excludeHeadPodFromServeSvc = excludeHeadPodFromServeSvc;
  }

  /**
   * Returns {@code suspend}, or {@code null} when unset. Suspend the RayService: delete its clusters and Services but
   * keep the RayService.
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

  /** Returns {@code serviceUnhealthySecondThreshold}, or {@code null} when unset. Deprecated; ignored. */
  public Integer getServiceUnhealthySecondThreshold() {
    return serviceUnhealthySecondThreshold;
  }

  public void setServiceUnhealthySecondThreshold(Integer serviceUnhealthySecondThreshold) {
    this.serviceUnhealthySecondThreshold = serviceUnhealthySecondThreshold;
  }

  /**
   * Returns {@code deploymentUnhealthySecondThreshold}, or {@code null} when unset. Deprecated; ignored.
   */
  public Integer getDeploymentUnhealthySecondThreshold() {
    return deploymentUnhealthySecondThreshold;
  }

  public void setDeploymentUnhealthySecondThreshold(Integer deploymentUnhealthySecondThreshold) {
    this.deploymentUnhealthySecondThreshold = deploymentUnhealthySecondThreshold;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayServiceSpec that = (RayServiceSpec) o;
    return Objects.equals(rayClusterConfig, that.rayClusterConfig)
        && Objects.equals(serveConfigV2, that.serveConfigV2) && Objects.equals(serveService, that.serveService)
        && Objects.equals(upgradeStrategy, that.upgradeStrategy)
        && Objects.equals(rayClusterDeletionDelaySeconds, that.rayClusterDeletionDelaySeconds)
        && Objects.equals(excludeHeadPodFromServeSvc, that.excludeHeadPodFromServeSvc)
        && Objects.equals(suspend, that.suspend) && Objects.equals(managedBy, that.managedBy)
        && Objects.equals(serviceUnhealthySecondThreshold, that.serviceUnhealthySecondThreshold)
        && Objects.equals(deploymentUnhealthySecondThreshold, that.deploymentUnhealthySecondThreshold)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(rayClusterConfig, serveConfigV2, serveService, upgradeStrategy,
        rayClusterDeletionDelaySeconds, excludeHeadPodFromServeSvc, suspend, managedBy,
        serviceUnhealthySecondThreshold, deploymentUnhealthySecondThreshold,
        getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayServiceSpec{" + "rayClusterConfig=" + rayClusterConfig + ", serveConfigV2=" + serveConfigV2
        + ", serveService=" + serveService + ", upgradeStrategy=" + upgradeStrategy
        + ", rayClusterDeletionDelaySeconds=" + rayClusterDeletionDelaySeconds
        + ", excludeHeadPodFromServeSvc=" + excludeHeadPodFromServeSvc + ", suspend=" + suspend
        + ", managedBy=" + managedBy + ", serviceUnhealthySecondThreshold=" + serviceUnhealthySecondThreshold
        + ", deploymentUnhealthySecondThreshold=" + deploymentUnhealthySecondThreshold
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
