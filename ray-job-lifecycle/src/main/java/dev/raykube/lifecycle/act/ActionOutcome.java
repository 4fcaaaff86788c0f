package dev.raykube.lifecycle.act;

import dev.raykube.lifecycle.job.RayJobAction;
import java.util.Objects;

/**
 * What performing one {@link RayJobAction} achieved. Immutable.
 *
 * @param action the action
 * @param result what happened
 * @param message what happened, for people and logs
 * @param problem what went wrong, as the other side said it (for a status message), or {@code null}
 */
public record ActionOutcome(RayJobAction action, Result result, String message, String problem) {

  /** What happened. */
  public enum Result {
    /** The action took effect now. */
    DONE,
    /** Nothing to do: created before ("already exists"), gone before ("not found"), submitted before (duplicate). */
    ALREADY_DONE,
    /** The action failed; the next reconcile tries again. */
    FAILED,
    /**
     * The request was refused as it is (a submission the dashboard rejects); the same action will not succeed. Only a
     * {@link RayJobAction.SubmitJob} is rejected: the state machine decides what follows.
     */
    REJECTED
  }

  /**
   * An outcome without a separate problem text.
   *
   * @param action the action
   * @param result what happened
   * @param message what happened, for people and logs
   */
  public ActionOutcome(RayJobAction action, Result result, String message) {
    this(action, result, message, null);
  }

  /** Checks for nulls. */
  public ActionOutcome {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(message, "message");
  }

  /** Whether the action failed or was rejected. */
  public boolean failed() {
    return result == Result.FAILED || result == Result.REJECTED;
  }
}
