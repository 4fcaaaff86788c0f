package dev.raykube.service.act;

import dev.raykube.lifecycle.act.ActionOutcome;
import dev.raykube.service.decide.RayServiceAction;
import java.util.Objects;

/**
 * What performing one {@link RayServiceAction} achieved, with the same results as a RayJob's
 * {@link ActionOutcome}. Immutable.
 *
 * @param action the action
 * @param result what happened; {@link ActionOutcome.Result#REJECTED} only for a
 *     {@link RayServiceAction.DeployServeConfig} that Serve refused
 * @param message what happened, for people and logs
 * @param problem what went wrong, as the other side said it, or {@code null}
 */
public record RayServiceActionOutcome(RayServiceAction action, ActionOutcome.Result result, String message,
    String problem) {

  /** Checks for nulls. */
  public RayServiceActionOutcome {
    Objects.requireNonNull(action, "action");
    Objects.requireNonNull(result, "result");
    Objects.requireNonNull(message, "message");
  }

  /** An outcome without a separate problem text. */
  public RayServiceActionOutcome(RayServiceAction action, ActionOutcome.Result result, String message) {
    this(action, result, message, null);
  }

  /** Whether the action failed or was rejected. */
  public boolean failed() {
    return result == ActionOutcome.Result.FAILED || result == ActionOutcome.Result.REJECTED;
  }
}
