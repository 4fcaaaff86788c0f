package dev.raykube.kernel.finalizer;

import java.util.Objects;

/**
 * What one attempt of a {@link CleanupStep} achieved. Immutable.
 *
 * @param done whether the cleanup is confirmed (e.g. the Ray job was asked to stop or had already ended; no RayCluster
 *     of the RayService remains)
 * @param reason why, as the kind's own value (e.g. {@code StopOutcome.Kind.STOP_REQUESTED}); its
 *     {@link CleanupReason#value()} is the word for Events and logs
 * @param message what happened, for people
 * @param retryable for a failed attempt: whether trying again later may succeed without anyone changing anything (the
 *     dashboard was unreachable, clusters are still terminating); always {@code false} when {@code done}
 */
public record CleanupOutcome(boolean done, CleanupReason reason, String message, boolean retryable) {

  /** Checks the fields; a done outcome is never retryable. */
  public CleanupOutcome {
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(message, "message");
    if (done && retryable) {
      throw new IllegalArgumentException("a done cleanup cannot be retryable");
    }
  }

  /** The cleanup is confirmed. */
  public static CleanupOutcome done(CleanupReason reason, String message) {
    return new CleanupOutcome(true, reason, message, false);
  }

  /** The attempt failed; {@code retryable} says whether trying again later may help. */
  public static CleanupOutcome failed(CleanupReason reason, String message, boolean retryable) {
    return new CleanupOutcome(false, reason, message, retryable);
  }

  @Override
  public String toString() {
    return (done ? "done" : retryable ? "failed (retryable)" : "failed") + " " + reason.value() + ": " + message;
  }
}
