package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The Ray autoscaler generation ({@code autoscalerOptions.version}); unset lets Ray decide. Values are serialized
 * exactly as KubeRay writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does
 * not know to {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum AutoscalerVersion {
  /** The original autoscaler. Wire value {@code "v1"}. */
  V1("v1"),
  /** Autoscaler v2; Pods get restartPolicy Never. Wire value {@code "v2"}. */
  V2("v2"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  AutoscalerVersion(String value) {
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
  public static AutoscalerVersion fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (AutoscalerVersion candidate : values()) {
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
  public static String toValue(AutoscalerVersion constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "AutoscalerVersion.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
