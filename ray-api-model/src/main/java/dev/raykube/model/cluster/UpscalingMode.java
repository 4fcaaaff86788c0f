package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How fast the Ray autoscaler adds worker Pods ({@code autoscalerOptions.upscalingMode}). Values are serialized
 * exactly as KubeRay writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string it does
 * not know to {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum UpscalingMode {
  /** Upscaling is not rate-limited. Wire value {@code "Default"}. */
  DEFAULT("Default"),
  /** An alias for Default. Wire value {@code "Aggressive"}. */
  AGGRESSIVE("Aggressive"),
  /** Pending worker Pods are limited to the size of the cluster. Wire value {@code "Conservative"}. */
  CONSERVATIVE("Conservative"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  UpscalingMode(String value) {
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
  public static UpscalingMode fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (UpscalingMode candidate : values()) {
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
  public static String toValue(UpscalingMode constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "UpscalingMode.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
