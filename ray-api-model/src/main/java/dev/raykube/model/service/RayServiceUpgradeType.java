package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How a RayService rolls out a changed cluster spec ({@code upgradeStrategy.type}). Values are serialized exactly as
 * KubeRay writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does not know to
 * {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum RayServiceUpgradeType {
  /** Start a new cluster and switch traffic when it is ready. Wire value {@code "NewCluster"}. */
  NEW_CLUSTER("NewCluster"),
  /**
   * Start a new cluster and shift traffic step by step (Gateway API). Wire value {@code
   * "NewClusterWithIncrementalUpgrade"}.
   */
  NEW_CLUSTER_WITH_INCREMENTAL_UPGRADE("NewClusterWithIncrementalUpgrade"),
  /** Do not upgrade; spec changes are ignored. Wire value {@code "None"}. */
  NONE("None"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  RayServiceUpgradeType(String value) {
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
  public static RayServiceUpgradeType fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (RayServiceUpgradeType candidate : values()) {
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
  public static String toValue(RayServiceUpgradeType constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "RayServiceUpgradeType.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
