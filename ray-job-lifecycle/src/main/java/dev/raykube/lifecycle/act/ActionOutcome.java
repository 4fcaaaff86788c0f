package dev.raykube.lifecycle.act;

import dev.raykube.lifecycle.job.RayJobAction;
import java.util.Objects;

/**
 * What performing one {@link RayJobAction} achieved. Immutable.
 *
 * @param action the action
 * @param result what happened
 * @param message what happened, for people and logs
 */
public record ActionOutcome(RayJobAction action, Result result, String message) {

  /** What happened. */
  public enum Result {
    /** The action took effect now. */
    DONE,
    /** Nothing to do: created before ("already exists"), gone before ("not found"), submitted before (duplicate). */
    ALREADY_DONE,
    /** The action failed; the next reconcile tries again. */
    FAILED
  }

  /** Checks for nulls. */
  public ActionOutcome {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(message, "message");
  }

  /** Whether the action failed. */
  public boolean failed() {
    return result == Result.FAILED;
  }
}
