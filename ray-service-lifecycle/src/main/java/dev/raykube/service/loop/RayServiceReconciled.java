package dev.raykube.service.loop;

import dev.raykube.kernel.ActionOutcome;
import dev.raykube.model.service.RayService;
import dev.raykube.reconcile.StatusRecorder;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.RayServiceDecision;
import dev.raykube.service.observe.ObservedRayService;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link RayServiceLoop#reconcile} did. Immutable.
 *
 * @param rayService the RayService as last written or read; {@code null} when it is gone
 * @param observed the last observation
 * @param decision the last decision
 * @param status the last round's result ({@code WRITTEN}, {@code UNCHANGED}, {@code CONFLICT} after the last round,
 *     {@code GONE}), except that {@code UNCHANGED} reads {@code WRITTEN} when an earlier round wrote the status
 * @param outcomes the outcome of every action performed, in order; unmodifiable
 * @param requeueAfter when to reconcile again at the latest even if nothing watched changes; empty: only on a change
 */
public record RayServiceReconciled(RayService rayService, ObservedRayService observed, RayServiceDecision decision,
    StatusRecorder.Result status, List<ActionOutcome<RayServiceAction>> outcomes, Optional<Duration> requeueAfter) {

  /** Checks and copies. */
  public RayServiceReconciled {
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(status, "status");
    outcomes = List.copyOf(outcomes);
    Objects.requireNonNull(requeueAfter, "requeueAfter");
  }

  /** Whether any action failed or was rejected. */
  public boolean anyFailed() {
    return outcomes.stream().anyMatch(ActionOutcome::failed);
  }
}
