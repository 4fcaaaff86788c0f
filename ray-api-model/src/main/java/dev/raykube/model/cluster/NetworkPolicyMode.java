package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * What a RayCluster's NetworkPolicies deny by default ({@code networkPolicy.mode}). Values are serialized exactly as
 * KubeRay writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does not know to
 * {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum NetworkPolicyMode {
  /**
   * Ingress and egress are limited to the cluster's own Pods plus the rules given (the default). Wire value
   * {@code "DenyAll"}.
   */
  DENY_ALL("DenyAll"),
  /** Only ingress is limited. Wire value {@code "DenyAllIngress"}. */
  DENY_ALL_INGRESS("DenyAllIngress"),
  /** Only egress is limited. Wire value {@code "DenyAllEgress"}. */
  DENY_ALL_EGRESS("DenyAllEgress"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  NetworkPolicyMode(String value) {
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
  public static NetworkPolicyMode fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (NetworkPolicyMode candidate : values()) {
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
  public static String toValue(NetworkPolicyMode constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "NetworkPolicyMode.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
