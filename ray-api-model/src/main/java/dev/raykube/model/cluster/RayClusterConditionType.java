package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The condition types a RayCluster reports in {@code status.conditions}. Values are serialized exactly as KubeRay
 * writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does not know to {@link
 * #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum RayClusterConditionType {
  /** All Pods were running and ready at least once. Wire value {@code "RayClusterProvisioned"}. */
  PROVISIONED("RayClusterProvisioned"),
  /** The head Pod is running and ready. Wire value {@code "HeadPodReady"}. */
  HEAD_POD_READY("HeadPodReady"),
  /** Creating or deleting a Pod failed. Wire value {@code "ReplicaFailure"}. */
  REPLICA_FAILURE("ReplicaFailure"),
  /** The cluster is deleting its Pods to become suspended. Wire value {@code "RayClusterSuspending"}. */
  SUSPENDING("RayClusterSuspending"),
  /** The cluster is suspended. Wire value {@code "RayClusterSuspended"}. */
  SUSPENDED("RayClusterSuspended"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  RayClusterConditionType(String value) {
    this.value = value;
  }

  /** Returns the exact string KubeRay uses for this value, or {@code null} for {@link #UNKNOWN}. */
  @JsonValue
  public String value() {
    return value;
  }

  /**
   * Decodes a wire value leniently: the matching constant, {@code null} for {@code null}, and {@link #UNKNOWN} for any
   * other string. Never throws.
   */
  @JsonCreator
  public static RayClusterConditionType fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (RayClusterConditionType candidate : values()) {
      if (candidate != UNKNOWN && candidate.value.equals(value)) {
        return candidate;
      }
    }
    return UNKNOWN;
  }

  /**
   * Encodes a constant for writing: its wire value, or {@code null} for {@code null}.
   * @throws IllegalArgumentException for {@link #UNKNOWN}, which has no wire value
   */
  public static String toValue(RayClusterConditionType constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "RayClusterConditionType.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
