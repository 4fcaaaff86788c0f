package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ObservedStatus;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import java.util.Objects;

/** Observed state of a RayService. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"conditions", "activeServiceStatus", "pendingServiceStatus", "numServeEndpoints",
    "serviceStatus", "lastUpdateTime", "observedGeneration"})
public class RayServiceStatus extends ObservedStatus {

  @JsonProperty("conditions")
  @JsonPropertyDescription("Conditions: Ready, UpgradeInProgress, RollbackInProgress, Suspending, Suspended.")
  private List<Condition> conditions;

  @JsonProperty("activeServiceStatus")
  @JsonPropertyDescription("The cluster serving traffic.")
  private RayServiceClusterStatus activeServiceStatus;

  @JsonProperty("pendingServiceStatus")
  @JsonPropertyDescription("The cluster being prepared by an upgrade.")
  private RayServiceClusterStatus pendingServiceStatus;

  @JsonProperty("numServeEndpoints")
  @JsonPropertyDescription("Ready Pods behind the serve Service.")
  private Integer numServeEndpoints;

  @JsonProperty("serviceStatus")
  @JsonPropertyDescription("Deprecated: 'Running' or empty; use the Ready condition.")
  private String serviceStatus;

  @JsonProperty("lastUpdateTime")
  @JsonPropertyDescription("When the status was last updated (RFC 3339).")
  private String lastUpdateTime;

  /** Creates an empty {@code RayServiceStatus}; every field starts unset. */
  public RayServiceStatus() {
  }

  /**
   * Returns {@code conditions}, or {@code null} when unset. Conditions: Ready, UpgradeInProgress, RollbackInProgress,
   * Suspending, Suspended.
   */
  public List<Condition> getConditions() {
    return conditions;
  }

  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions;
  }

  /** Returns {@code activeServiceStatus}, or {@code null} when unset. The cluster serving traffic. */
  public RayServiceClusterStatus getActiveServiceStatus() {
    return activeServiceStatus;
  }

  public void setActiveServiceStatus(RayServiceClusterStatus activeServiceStatus) {
    this.activeServiceStatus = activeServiceStatus;
  }

  /**
   * Returns {@code pendingServiceStatus}, or {@code null} when unset. The cluster being prepared by an upgrade.
   */
  public RayServiceClusterStatus getPendingServiceStatus() {
    return pendingServiceStatus;
  }

  public void setPendingServiceStatus(RayServiceClusterStatus pendingServiceStatus) {
    this.pendingServiceStatus = pendingServiceStatus;
  }

  /**
   * Returns {@code numServeEndpoints}, or {@code null} when unset. Ready Pods behind the serve Service.
   */
  public Integer getNumServeEndpoints() {
    return numServeEndpoints;
  }

  public void setNumServeEndpoints(Integer numServeEndpoints) {
    this.numServeEndpoints = numServeEndpoints;
  }

  /**
   * Returns {@code serviceStatus}, or {@code null} when unset. Deprecated: 'Running' or empty; use the Ready
   * condition.
   */
  public String getServiceStatus() {
    return serviceStatus;
  }

  public void setServiceStatus(String serviceStatus) {
    this.serviceStatus = serviceStatus;
  }

  /**
   * Returns {@code lastUpdateTime}, or {@code null} when unset. When the status was last updated (RFC 3339).
   */
  public String getLastUpdateTime() {
    return lastUpdateTime;
  }

  public void setLastUpdateTime(String lastUpdateTime) {
    this.lastUpdateTime = lastUpdateTime;
  }

  @Override
  public boolean equals(Object o) {
    if (!super.equals(o)) {
      return false;
    }
    RayServiceStatus that = (RayServiceStatus) o;
    return Objects.equals(conditions, that.conditions)
        && Objects.equals(activeServiceStatus, that.activeServiceStatus)
        && Objects.equals(pendingServiceStatus, that.pendingServiceStatus)
        && Objects.equals(numServeEndpoints, that.numServeEndpoints)
        && Objects.equals(serviceStatus, that.serviceStatus)
        && Objects.equals(lastUpdateTime, that.lastUpdateTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(conditions, activeServiceStatus, pendingServiceStatus, numServeEndpoints, serviceStatus,
        lastUpdateTime, getObservedGeneration(), getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayServiceStatus{" + "conditions=" + conditions + ", activeServiceStatus=" + activeServiceStatus
        + ", pendingServiceStatus=" + pendingServiceStatus + ", numServeEndpoints=" + numServeEndpoints
        + ", serviceStatus=" + serviceStatus + ", lastUpdateTime=" + lastUpdateTime
        + ", observedGeneration=" + getObservedGeneration() + ", additionalProperties=" + getAdditionalProperties()
        + '}';
  }
}
