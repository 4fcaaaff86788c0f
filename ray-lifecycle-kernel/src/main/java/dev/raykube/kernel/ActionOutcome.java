package dev.raykube.kernel;

import java.util.Objects;

/**
 * What performing one action of a decision achieved, for every kind's actuator. Immutable.
 *
 * @param <A> the kind's action type, e.g. {@code RayJobAction}, {@code RayServiceAction}
 * @param action the action
 * @param result what happened
 * @param message what happened, for people and logs
 * @param problem what went wrong, as the other side said it (for a status message), or {@code null}
 */
public record ActionOutcome<A>(A action, Result result, String message, String problem) {

  /** What happened. */
  public enum Result {
    /** The action took effect now. */
    DONE,
    /** Nothing to do: created before ("already exists"), gone before ("not found"), submitted before (duplicate). */
    ALREADY_DONE,
    /** The action failed; the next reconcile tries again. */
    FAILED,
    /**
     * The request was refused as it is (a submission or a serve config the dashboard rejects); the same action will
     * not succeed. The state machine decides what follows.
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
  public ActionOutcome(A action, Result result, String message) {
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
