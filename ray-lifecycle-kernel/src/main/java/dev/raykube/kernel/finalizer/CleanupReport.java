package dev.raykube.kernel.finalizer;

import java.util.Objects;

/**
 * What one {@link DeletionCleanup#run} did and decided. Immutable.
 *
 * @param finalizer the finalizer name
 * @param policy the policy applied and where it came from (an invalid annotation deserves a Warning Event)
 * @param outcome the outcome of the attempt made in this run, or null if none was made (not due yet, or the finalizer
 *     was already gone)
 * @param history all attempts this operator process made for the object, including this run's
 * @param decision remove the finalizer now, or run again after a delay
 */
public record CleanupReport(
    String finalizer, PolicySelection policy, CleanupOutcome outcome, CleanupHistory history,
    FinalizerDecision decision) {

  /** Checks for nulls (only {@code outcome} may be null). */
  public CleanupReport {
    Objects.requireNonNull(finalizer, "finalizer");
    Objects.requireNonNull(policy, "policy");
    Objects.requireNonNull(history, "history");
    Objects.requireNonNull(decision, "decision");
  }

  /** Whether this run made a cleanup attempt. */
  public boolean attempted() {
    return outcome != null;
  }

  /** Whether the caller should remove the finalizer now. */
  public boolean removeFinalizer() {
    return decision instanceof FinalizerDecision.RemoveFinalizer;
  }
}
