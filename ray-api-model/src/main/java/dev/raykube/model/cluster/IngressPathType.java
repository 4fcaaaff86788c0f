package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How an Ingress path is matched ({@code headGroupSpec.ingressOptions.pathType}), as Kubernetes' {@code pathType}.
 * Values are serialized exactly as written ({@link #value()}); {@link #fromValue(String)} is lenient and maps a string
 * it does not know to {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum IngressPathType {
  /** The path matches exactly. Wire value {@code "Exact"}. */
  EXACT("Exact"),
  /** The path matches by path-element prefix (KubeRay's default). Wire value {@code "Prefix"}. */
  PREFIX("Prefix"),
  /** The Ingress class decides. Wire value {@code "ImplementationSpecific"}. */
  IMPLEMENTATION_SPECIFIC("ImplementationSpecific"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  IngressPathType(String value) {
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
  public static IngressPathType fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (IngressPathType candidate : values()) {
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
  public static String toValue(IngressPathType constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "IngressPathType.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
