package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ObservedStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** Observed state of a RayCluster; also embedded in RayJob and RayService status. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"state", "reason", "conditions", "readyWorkerReplicas", "availableWorkerReplicas",
    "desiredWorkerReplicas", "minWorkerReplicas", "maxWorkerReplicas", "desiredCPU",
    "desiredMemory", "desiredGPU", "desiredTPU", "endpoints", "head", "lastUpdateTime",
    "stateTransitionTimes", "observedGeneration"})
public class RayClusterStatus extends ObservedStatus {

  @JsonProperty("state")
  @JsonPropertyDescription("Overall state: ready or suspended (deprecated in favour of conditions).")
  private String state;

  @JsonProperty("reason")
  @JsonPropertyDescription("Why the cluster is in its state.")
  private String reason;

  @JsonProperty("conditions")
  @JsonPropertyDescription("Conditions: RayClusterProvisioned, HeadPodReady, ReplicaFailure, RayClusterSuspending, "
      + "RayClusterSuspended.")
  private List<Condition> conditions;

  @JsonProperty("readyWorkerReplicas")
  @JsonPropertyDescription("Worker Pods that are running and ready.")
  private Integer readyWorkerReplicas;

  @JsonProperty("availableWorkerReplicas")
  @JsonPropertyDescription("Worker Pods that are running.")
  private Integer availableWorkerReplicas;

  @JsonProperty("desiredWorkerReplicas")
  @JsonPropertyDescription("Worker Pods wanted by the spec, summed over groups.")
  private Integer desiredWorkerReplicas;

  @JsonProperty("minWorkerReplicas")
  @JsonPropertyDescription("Sum of minReplicas times numOfHosts over groups.")
  private Integer minWorkerReplicas;

  @JsonProperty("maxWorkerReplicas")
  @JsonPropertyDescription("Sum of maxReplicas times numOfHosts over groups.")
  private Integer maxWorkerReplicas;

  @JsonProperty("desiredCPU")
  @JsonPropertyDescription("CPUs requested by all desired Pods.")
  private Quantity desiredCPU;

  @JsonProperty("desiredMemory")
  @JsonPropertyDescription("Memory requested by all desired Pods.")
  private Quantity desiredMemory;

  @JsonProperty("desiredGPU")
  @JsonPropertyDescription("GPUs requested by all desired Pods.")
  private Quantity desiredGPU;

  @JsonProperty("desiredTPU")
  @JsonPropertyDescription("TPUs requested by all desired Pods.")
  private Quantity desiredTPU;

  @JsonProperty("endpoints")
  @JsonPropertyDescription("Ports of the head Service by name.")
  private Map<String, String> endpoints;

  @JsonProperty("head")
  @JsonPropertyDescription("Where the head runs.")
  private HeadInfo head;

  @JsonProperty("lastUpdateTime")
  @JsonPropertyDescription("When the status was last updated (RFC 3339).")
  private String lastUpdateTime;

  @JsonProperty("stateTransitionTimes")
  @JsonPropertyDescription("When the cluster entered each state (RFC 3339).")
  private Map<String, String> stateTransitionTimes;

  /** Creates an empty {@code RayClusterStatus}; every field starts unset. */
  public RayClusterStatus() {
  }

  /**
   * Returns {@code state} decoded as {@link ClusterState}: {@code null} when unset, {@link ClusterState#UNKNOWN} for a
   * value this model does not know (the written string stays available from {@link #getStateValue()}). Overall state:
   * ready or suspended (deprecated in favour of conditions).
   */
  public ClusterState getState() {
    return ClusterState.fromValue(state);
  }

  /**
   * Sets {@code state}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link ClusterState#UNKNOWN}, which has no wire value
   */
  public void setState(ClusterState state) {
    this.state = ClusterState.toValue(state);
  }

  /** Returns {@code state} exactly as written, or {@code null} when unset. */
  public String getStateValue() {
    return state;
  }

  /** Sets {@code state} to a raw string, known to {@link ClusterState} or not. */
  public void setStateValue(String state) {
    this.state = state;
  }

  /** Returns {@code reason}, or {@code null} when unset. Why the cluster is in its state. */
  public String getReason() {
    return reason;
  }

  public void setReason(String reason) {
    this.reason = reason;
  }

  /**
   * Returns {@code conditions}, or {@code null} when unset. Conditions: RayClusterProvisioned, HeadPodReady,
   * ReplicaFailure, RayClusterSuspending, RayClusterSuspended.
   */
  public List<Condition> getConditions() {
    return conditions;
  }

  public void setConditions(List<Condition> conditions) {
    this.conditions = conditions;
  }

  /**
   * Returns {@code readyWorkerReplicas}, or {@code null} when unset. Worker Pods that are running and ready.
   */
  public Integer getReadyWorkerReplicas() {
    return readyWorkerReplicas;
  }

  public void setReadyWorkerReplicas(Integer readyWorkerReplicas) {
    this.readyWorkerReplicas = readyWorkerReplicas;
  }

  /**
   * Returns {@code availableWorkerReplicas}, or {@code null} when unset. Worker Pods that are running.
   */
  public Integer getAvailableWorkerReplicas() {
    return availableWorkerReplicas;
  }

  public void setAvailableWorkerReplicas(Integer availableWorkerReplicas) {
    this.availableWorkerReplicas = availableWorkerReplicas;
  }

  /**
   * Returns {@code desiredWorkerReplicas}, or {@code null} when unset. Worker Pods wanted by the spec, summed over
   * groups.
   */
  public Integer getDesiredWorkerReplicas() {
    return desiredWorkerReplicas;
  }

  public void setDesiredWorkerReplicas(Integer desiredWorkerReplicas) {
    this.desiredWorkerReplicas = desiredWorkerReplicas;
  }

  /**
   * Returns {@code minWorkerReplicas}, or {@code null} when unset. Sum of minReplicas times numOfHosts over groups.
   */
  public Integer getMinWorkerReplicas() {
    return minWorkerReplicas;
  }

  public void setMinWorkerReplicas(Integer minWorkerReplicas) {
    this.minWorkerReplicas = minWorkerReplicas;
  }

  /**
   * Returns {@code maxWorkerReplicas}, or {@code null} when unset. Sum of maxReplicas times numOfHosts over groups.
   */
  public Integer getMaxWorkerReplicas() {
    return maxWorkerReplicas;
  }

  public void setMaxWorkerReplicas(Integer maxWorkerReplicas) {
    this.maxWorkerReplicas = maxWorkerReplicas;
  }

  /** Returns {@code desiredCPU}, or {@code null} when unset. CPUs requested by all desired Pods. */
  public Quantity getDesiredCPU() {
    return desiredCPU;
  }

  public void setDesiredCPU(Quantity desiredCPU) {
    this.desiredCPU = desiredCPU;
  }

  /** Returns {@code desiredMemory}, or {@code null} when unset. Memory requested by all desired Pods. */
  public Quantity getDesiredMemory() {
    return desiredMemory;
  }

  public void setDesiredMemory(Quantity desiredMemory) {
    this.desiredMemory = desiredMemory;
  }

  /** Returns {@code desiredGPU}, or {@code null} when unset. GPUs requested by all desired Pods. */
  public Quantity getDesiredGPU() {
    return desiredGPU;
  }

  public void setDesiredGPU(Quantity desiredGPU) {
    this.desiredGPU = desiredGPU;
  }

  /** Returns {@code desiredTPU}, or {@code null} when unset. TPUs requested by all desired Pods. */
  public Quantity getDesiredTPU() {
    return desiredTPU;
  }

  public void setDesiredTPU(Quantity desiredTPU) {
    this.desiredTPU = desiredTPU;
  }

  /** Returns {@code endpoints}, or {@code null} when unset. Ports of the head Service by name. */
  public Map<String, String> getEndpoints() {
    return endpoints;
  }

  public void setEndpoints(Map<String, String> endpoints) {
    this.endpoints = endpoints;
  }

  /** Returns {@code head}, or {@code null} when unset. Where the head runs. */
  public HeadInfo getHead() {
    return head;
  }

  public void setHead(HeadInfo head) {
    this.head = head;
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

  /**
   * Returns {@code stateTransitionTimes}, or {@code null} when unset. When the cluster entered each state (RFC 3339).
   */
  public Map<String, String> getStateTransitionTimes() {
    return stateTransitionTimes;
  }

  public void setStateTransitionTimes(Map<String, String> stateTransitionTimes) {
    this.stateTransitionTimes = stateTransitionTimes;
  }

  @Override
  public boolean equals(Object o) {
    if (!super.equals(o)) {
      return false;
    }
    RayClusterStatus that = (RayClusterStatus) o;
    return Objects.equals(state, that.state) && Objects.equals(reason, that.reason)
        && Objects.equals(conditions, that.conditions)
        && Objects.equals(readyWorkerReplicas, that.readyWorkerReplicas)
        && Objects.equals(availableWorkerReplicas, that.availableWorkerReplicas)
        && Objects.equals(desiredWorkerReplicas, that.desiredWorkerReplicas)
        && Objects.equals(minWorkerReplicas, that.minWorkerReplicas)
        && Objects.equals(maxWorkerReplicas, that.maxWorkerReplicas)
        && Objects.equals(desiredCPU, that.desiredCPU) && Objects.equals(desiredMemory, that.desiredMemory)
        && Objects.equals(desiredGPU, that.desiredGPU) && Objects.equals(desiredTPU, that.desiredTPU)
        && Objects.equals(endpoints, that.endpoints) && Objects.equals(head, that.head)
        && Objects.equals(lastUpdateTime, that.lastUpdateTime)
        && Objects.equals(stateTransitionTimes, that.stateTransitionTimes);
  }

  @Override
  public int hashCode() {
    return Objects.hash(state, reason, conditions, readyWorkerReplicas, availableWorkerReplicas,
        desiredWorkerReplicas, minWorkerReplicas, maxWorkerReplicas, desiredCPU, desiredMemory,
        desiredGPU, desiredTPU, endpoints, head, lastUpdateTime, stateTransitionTimes,
        getObservedGeneration(), getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayClusterStatus{" + "state=" + state + ", reason=" + reason + ", conditions=" + conditions
        + ", readyWorkerReplicas=" + readyWorkerReplicas
        + ", availableWorkerReplicas=" + availableWorkerReplicas
        + ", desiredWorkerReplicas=" + desiredWorkerReplicas + ", minWorkerReplicas=" + minWorkerReplicas
        + ", maxWorkerReplicas=" + maxWorkerReplicas + ", desiredCPU=" + desiredCPU
        + ", desiredMemory=" + desiredMemory + ", desiredGPU=" + desiredGPU + ", desiredTPU=" + desiredTPU
        + ", endpoints=" + endpoints + ", head=" + head + ", lastUpdateTime=" + lastUpdateTime
        + ", stateTransitionTimes=" + stateTransitionTimes + ", observedGeneration=" + getObservedGeneration()
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
