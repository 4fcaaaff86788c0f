package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The status of a Ray Serve deployment as reported by the dashboard. Values are serialized exactly as KubeRay writes
 * them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does not know to {@link
 * #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum ServeDeploymentState {
  /** Being updated. Wire value {@code "UPDATING"}. */
  UPDATING("UPDATING"),
  /** Healthy. Wire value {@code "HEALTHY"}. */
  HEALTHY("HEALTHY"),
  /** Unhealthy. Wire value {@code "UNHEALTHY"}. */
  UNHEALTHY("UNHEALTHY"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  ServeDeploymentState(String value) {
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
  public static ServeDeploymentState fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (ServeDeploymentState candidate : values()) {
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
  public static String toValue(ServeDeploymentState constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "ServeDeploymentState.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
