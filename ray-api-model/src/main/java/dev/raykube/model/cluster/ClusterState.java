package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The overall state of a RayCluster ({@code status.state}); KubeRay marks the field deprecated in favour of {@code
 * status.conditions}. Values are serialized exactly as KubeRay writes them ({@link #value()}); {@link
 * #fromValue(String)} is lenient and maps a string it does not know to {@link #UNKNOWN} instead of failing. The enum
 * carries values only, no behaviour.
 */
public enum ClusterState {
  /** All Pods of the cluster were running and ready. Wire value {@code "ready"}. */
  READY("ready"),
  /** The cluster is suspended and has no Pods. Wire value {@code "suspended"}. */
  SUSPENDED("suspended"),
  /** Reserved by KubeRay; not written by current operators. Wire value {@code "failed"}. */
  FAILED("failed"),
  /** Written by old operator versions only. Wire value {@code "unhealthy"}. */
  UNHEALTHY("unhealthy"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  ClusterState(String value) {
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
  public static ClusterState fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (ClusterState candidate : values()) {
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
  public static String toValue(ClusterState constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "ClusterState.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
