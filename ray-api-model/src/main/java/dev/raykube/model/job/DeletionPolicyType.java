package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What to delete once a RayJob has finished (deletion strategy policies). Values are serialized exactly as KubeRay
 * writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does not know to {@link
 * #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum DeletionPolicyType {
  /** Delete the RayCluster. Wire value {@code "DeleteCluster"}. */
  DELETE_CLUSTER("DeleteCluster"),
  /** Delete the worker Pods only (suspend every worker group). Wire value {@code "DeleteWorkers"}. */
  DELETE_WORKERS("DeleteWorkers"),
  /** Delete the RayJob itself and everything it owns. Wire value {@code "DeleteSelf"}. */
  DELETE_SELF("DeleteSelf"),
  /** Delete nothing. Wire value {@code "DeleteNone"}. */
  DELETE_NONE("DeleteNone"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  DeletionPolicyType(String value) {
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
  public static DeletionPolicyType fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (DeletionPolicyType candidate : values()) {
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
  public static String toValue(DeletionPolicyType constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "DeletionPolicyType.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
