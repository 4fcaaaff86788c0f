package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Map;
import java.util.Objects;

/** Status of the active or the pending cluster of a RayService. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"rayClusterName", "rayClusterStatus", "applicationStatuses", "targetCapacity",
    "trafficRoutedPercent", "lastTrafficMigratedTime"})
public class RayServiceClusterStatus extends ExtensibleObject {

  @JsonProperty("rayClusterName")
  @JsonPropertyDescription("Name of the RayCluster.")
  private String rayClusterName;

  @JsonProperty("rayClusterStatus")
  @JsonPropertyDescription("Copy of the status of that RayCluster.")
  private RayClusterStatus rayClusterStatus;

  @JsonProperty("applicationStatuses")
  @JsonPropertyDescription("Status of each Serve application, by name.")
  private Map<String, ServeApplicationStatus> applicationStatuses;

  @JsonProperty("targetCapacity")
  @JsonPropertyDescription("Serve target capacity of this cluster during an incremental upgrade, in percent.")
  private Integer targetCapacity;

  @JsonProperty("trafficRoutedPercent")
  @JsonPropertyDescription("Traffic routed to this cluster during an incremental upgrade, in percent.")
  private Integer trafficRoutedPercent;

  @JsonProperty("lastTrafficMigratedTime")
  @JsonPropertyDescription("When traffic last moved during an incremental upgrade (RFC 3339).")
  private String lastTrafficMigratedTime;

  /** Creates an empty {@code RayServiceClusterStatus}; every field starts unset. */
  public RayServiceClusterStatus() {
  }

  /** Returns {@code rayClusterName}, or {@code null} when unset. Name of the RayCluster. */
  public String getRayClusterName() {
    return rayClusterName;
  }

  public void setRayClusterName(String rayClusterName) {
    this.rayClusterName = rayClusterName;
  }

  /**
   * Returns {@code rayClusterStatus}, or {@code null} when unset. Copy of the status of that RayCluster.
   */
  public RayClusterStatus getRayClusterStatus() {
    return rayClusterStatus;
  }

  public void setRayClusterStatus(RayClusterStatus rayClusterStatus) {
    this.rayClusterStatus = rayClusterStatus;
  }

  /**
   * Returns {@code applicationStatuses}, or {@code null} when unset. Status of each Serve application, by name.
   */
  public Map<String, ServeApplicationStatus> getApplicationStatuses() {
    return applicationStatuses;
  }

  public void setApplicationStatuses(Map<String, ServeApplicationStatus> applicationStatuses) {
    this.applicationStatuses = applicationStatuses;
  }

  /**
   * Returns {@code targetCapacity}, or {@code null} when unset. Serve target capacity of this cluster during an
   * incremental upgrade, in percent.
   */
  public Integer getTargetCapacity() {
    return targetCapacity;
  }

  public void setTargetCapacity(Integer targetCapacity) {
    this.targetCapacity = targetCapacity;
  }

  /**
   * Returns {@code trafficRoutedPercent}, or {@code null} when unset. Traffic routed to this cluster during an
   * incremental upgrade, in percent.
   */
  public Integer getTrafficRoutedPercent() {
    return trafficRoutedPercent;
  }

  public void setTrafficRoutedPercent(Integer trafficRoutedPercent) {
    this.trafficRoutedPercent = trafficRoutedPercent;
  }

  /**
   * Returns {@code lastTrafficMigratedTime}, or {@code null} when unset. When traffic last moved during an incremental
   * upgrade (RFC 3339).
   */
  public String getLastTrafficMigratedTime() {
    return lastTrafficMigratedTime;
  }

  public void setLastTrafficMigratedTime(String lastTrafficMigratedTime) {
    this.lastTrafficMigratedTime = lastTrafficMigratedTime;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayServiceClusterStatus that = (RayServiceClusterStatus) o;
    return Objects.equals(rayClusterName, that.rayClusterName)
        && Objects.equals(rayClusterStatus, that.rayClusterStatus)
        && Objects.equals(applicationStatuses, that.applicationStatuses)
        && Objects.equals(targetCapacity, that.targetCapacity)
        && Objects.equals(trafficRoutedPercent, that.trafficRoutedPercent)
        && Objects.equals(lastTrafficMigratedTime, that.lastTrafficMigratedTime)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(rayClusterName, rayClusterStatus, applicationStatuses, targetCapacity,
        trafficRoutedPercent, lastTrafficMigratedTime, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayServiceClusterStatus{" + "rayClusterName=" + rayClusterName
        + ", rayClusterStatus=" + rayClusterStatus + ", applicationStatuses=" + applicationStatuses
        + ", targetCapacity=" + targetCapacity + ", trafficRoutedPercent=" + trafficRoutedPercent
        + ", lastTrafficMigratedTime=" + lastTrafficMigratedTime
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
