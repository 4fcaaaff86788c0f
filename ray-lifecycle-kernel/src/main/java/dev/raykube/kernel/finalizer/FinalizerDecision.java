package dev.raykube.kernel.finalizer;

import java.time.Duration;
import java.util.Objects;

/**
 * What to do with the finalizer of an object being deleted, as decided by a {@link FinalizerPolicy}: remove it now
 * ({@link RemoveFinalizer}) or keep it and make the next cleanup attempt after a delay ({@link RetryAfter}). Immutable;
 * it performs nothing — the caller removes the finalizer through its framework or
 * {@link dev.raykube.reconcile.FinalizerEditor}, or requeues.
 */
public sealed interface FinalizerDecision permits FinalizerDecision.RemoveFinalizer, FinalizerDecision.RetryAfter {

  /** Why the decision was taken; {@link #eventReason()} is the Kubernetes Event reason. */
  enum Reason {
    /** No attempt has been made yet: make one now (a finalizer is never removed before one attempt). */
    CLEANUP_NOT_ATTEMPTED("CleanupNotAttempted"),
    /** The cleanup is confirmed. */
    CLEANUP_DONE("CleanupDone"),
    /** {@link FinalizerPolicy#BEST_EFFORT}: the attempt failed and the finalizer is removed anyway. */
    CLEANUP_FAILED("CleanupFailed"),
    /** {@link FinalizerPolicy#UNTIL_CONFIRMED}: the attempt failed; the next one is due after the delay. */
    CLEANUP_RETRY("CleanupRetry"),
    /**
     * {@link FinalizerPolicy#UNTIL_CONFIRMED}: not confirmed within the maximum wait; the finalizer is removed anyway.
     */
    CLEANUP_DEADLINE_EXCEEDED("CleanupDeadlineExceeded"),
    /** The object no longer carries the finalizer: its cleanup is not this caller's business any more. */
    FINALIZER_ABSENT("FinalizerAbsent");

    private final String eventReason;

    Reason(String eventReason) {
      this.eventReason = eventReason;
    }

    /** The CamelCase reason for Kubernetes Events, e.g. {@code CleanupDeadlineExceeded}. */
    public String eventReason() {
      return eventReason;
    }
  }

  /** Why. */
  Reason reason();

  /** What was decided and why, for people (Events, logs). */
  String message();

  /**
   * Remove the finalizer now.
   *
   * @param reason why
   * @param message for people
   * @param warning whether the cleanup was not confirmed, so the removal deserves a Warning Event
   */
  record RemoveFinalizer(Reason reason, String message, boolean warning) implements FinalizerDecision {
    /** Checks for nulls. */
    public RemoveFinalizer {
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * Keep the finalizer; make the next cleanup attempt after {@code delay} ({@link Duration#ZERO}: now).
   *
   * @param delay how long to wait, not negative
   * @param reason why
   * @param message for people
   */
  record RetryAfter(Duration delay, Reason reason, String message) implements FinalizerDecision {
    /** Checks for nulls and a negative delay. */
    public RetryAfter {
      Objects.requireNonNull(delay, "delay");
      if (delay.isNegative()) {
        throw new IllegalArgumentException("delay must not be negative: " + delay);
      }
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }
}
