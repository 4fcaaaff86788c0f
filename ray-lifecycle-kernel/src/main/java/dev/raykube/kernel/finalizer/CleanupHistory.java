package dev.raykube.kernel.finalizer;

import java.time.Instant;
import java.util.Objects;

/**
 * The cleanup attempts made for one object being deleted, as far as this operator process knows. Immutable.
 *
 * <p>{@link DeletionCleanup} keeps histories in memory only. After an operator restart an object starts again with
 * {@link #none()}, which means at least one more attempt: that is correct, because cleanup steps are idempotent and
 * the only deadline that matters ({@link FinalizerSettings#maxWait()}) is measured from
 * {@code metadata.deletionTimestamp}, which survives restarts.
 *
 * @param attempts how many attempts were made, at least 0
 * @param lastOutcome the outcome of the latest attempt; null exactly when {@code attempts} is 0
 * @param lastAttemptAt when the latest attempt was made; null exactly when {@code attempts} is 0
 */
public record CleanupHistory(int attempts, CleanupOutcome lastOutcome, Instant lastAttemptAt) {

  private static final CleanupHistory NONE = new CleanupHistory(0, null, null);

  /** Checks that the fields agree. */
  public CleanupHistory {
    if (attempts < 0) {
      throw new IllegalArgumentException("attempts must not be negative: " + attempts);
    }
    if ((attempts == 0) != (lastOutcome == null) || (attempts == 0) != (lastAttemptAt == null)) {
      throw new IllegalArgumentException("lastOutcome and lastAttemptAt must be set exactly when attempts > 0");
    }
  }

  /** No attempt made yet. */
  public static CleanupHistory none() {
    return NONE;
  }

  /** This history plus one attempt with {@code outcome}, made {@code at}. */
  public CleanupHistory after(CleanupOutcome outcome, Instant at) {
    Objects.requireNonNull(outcome, "outcome");
    Objects.requireNonNull(at, "at");
    return new CleanupHistory(attempts + 1, outcome, at);
  }

  /** Whether the latest attempt confirmed the cleanup. */
  public boolean confirmed() {
    return lastOutcome != null && lastOutcome.done();
  }
}
