package dev.raykube.lifecycle.job;

import java.util.Objects;

/**
 * One broken rule of a RayJob.
 *
 * @param field the path of the offending field, e.g. {@code spec.ttlSecondsAfterFinished}
 * @param message what is wrong and how to fix it, for people; names the field itself
 */
public record Violation(String field, String message) {

  /** Checks both values are given. */
  public Violation {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(message, "message");
  }

  /** Whether the violation concerns {@code metadata} rather than {@code spec}. */
  public boolean aboutMetadata() {
    return field.startsWith("metadata.");
  }
}
