package dev.raykube.job.loop;

import dev.raykube.job.decide.RayJobAction;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.job.decide.Decision;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.StatusRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link RayJobLoop#reconcile} did. Immutable.
 *
 * @param rayJob the RayJob as last returned by the API server (after the status write), or {@code null} when it no
 *     longer exists
 * @param observed what the last decision was made from
 * @param decision the last decision
 * @param status what happened to its status: {@link StatusRecorder.Result#CONFLICT} means the RayJob kept changing
 *     under the loop and must be reconciled again at once
 * @param outcomes the outcome of each action performed, in order, over every decision of this reconcile
 * @param requeueAfter when to reconcile again even if nothing changes; empty: only on a change of the RayJob or of
 *     something it watches
 */
public record Reconciled(RayJob rayJob, ObservedRayJob observed, Decision decision, StatusRecorder.Result status,
    List<ActionOutcome<RayJobAction>> outcomes, Optional<Duration> requeueAfter) {

  /** Checks and copies. */
  public Reconciled {
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(decision, "decision");
    Objects.requireNonNull(status, "status");
    outcomes = List.copyOf(outcomes);
    Objects.requireNonNull(requeueAfter, "requeueAfter");
  }

  /** Whether any action failed (a failed stop included). */
  public boolean anyFailed() {
    return outcomes.stream().anyMatch(ActionOutcome::failed);
  }

  /** Whether the RayJob is gone. */
  public boolean gone() {
    return status == StatusRecorder.Result.GONE;
  }
}
