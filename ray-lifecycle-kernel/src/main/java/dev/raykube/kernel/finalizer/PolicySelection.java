package dev.raykube.kernel.finalizer;

import java.util.Objects;

/**
 * The finalizer policy chosen for one object, and where it came from; see
 * {@link FinalizerPolicy#select(io.fabric8.kubernetes.api.model.HasMetadata, FinalizerPolicy)}. Immutable.
 *
 * @param policy the policy to apply
 * @param fromAnnotation whether the object's {@value FinalizerPolicy#ANNOTATION} annotation chose it (else the
 *     operator default did)
 * @param invalidAnnotationValue the annotation's value if it named no policy (the default was used instead), else null
 */
public record PolicySelection(FinalizerPolicy policy, boolean fromAnnotation, String invalidAnnotationValue) {

  /** Checks the fields agree. */
  public PolicySelection {
    Objects.requireNonNull(policy, "policy");
    if (fromAnnotation && invalidAnnotationValue != null) {
      throw new IllegalArgumentException("an invalid annotation cannot have chosen the policy");
    }
  }

  /** Whether the annotation was present but invalid: the caller should emit a Warning Event. */
  public boolean annotationInvalid() {
    return invalidAnnotationValue != null;
  }

  /** For the Warning Event: what was wrong and what is used instead; null when the annotation was not invalid. */
  public String invalidAnnotationMessage() {
    if (invalidAnnotationValue == null) {
      return null;
    }
    String shown = invalidAnnotationValue.length() <= 64 ? invalidAnnotationValue
        : invalidAnnotationValue.substring(0, 64) + "…";
    return "Annotation " + FinalizerPolicy.ANNOTATION + " has the invalid value '" + shown
        + "' (expected " + FinalizerPolicy.BEST_EFFORT.annotationValue() + " or "
        + FinalizerPolicy.UNTIL_CONFIRMED.annotationValue() + "); using the operator default "
        + policy.annotationValue();
  }
}
