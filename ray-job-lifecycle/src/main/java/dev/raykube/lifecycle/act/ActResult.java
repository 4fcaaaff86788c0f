package dev.raykube.lifecycle.act;

import dev.raykube.lifecycle.act.RayJobStatusWriter.Result;
import dev.raykube.model.job.RayJob;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link RayJobActuator#act} did with a decision, and when the caller should reconcile the RayJob again.
 * Immutable.
 *
 * @param rayJob the RayJob as last returned by the API server (after the status write), or {@code null} when it no
 *     longer exists
 * @param status what happened to the status: {@link Result#CONFLICT} means nothing else was done and the RayJob must
 *     be decided again at once
 * @param outcomes the outcome of each action performed, in order (requeue actions are not listed)
 * @param requeueAfter when to reconcile again even if nothing changes; empty: only on a change of the RayJob or of
 *     something it watches
 */
public record ActResult(RayJob rayJob, Result status, List<ActionOutcome> outcomes, Optional<Duration> requeueAfter) {

  /** Checks and copies. */
  public ActResult {
    Objects.requireNonNull(status, "status");
    outcomes = List.copyOf(outcomes);
    Objects.requireNonNull(requeueAfter, "requeueAfter");
  }

  /** Whether any action failed (a failed stop included). */
  public boolean anyFailed() {
    return outcomes.stream().anyMatch(ActionOutcome::failed);
  }

  /** Whether the status was written. */
  public boolean statusWritten() {
    return status == Result.WRITTEN;
  }
}
