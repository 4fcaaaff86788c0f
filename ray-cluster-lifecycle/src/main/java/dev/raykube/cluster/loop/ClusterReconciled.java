package dev.raykube.cluster.loop;

import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.reconcile.StatusRecorder;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link RayClusterLoop#reconcile} did. Immutable.
 *
 * @param status the status decided for the RayCluster, or {@code null} when it is not this controller's (being
 *     deleted, managed by another controller) and nothing was decided
 * @param recorded what happened to that status: {@link StatusRecorder.Result#CONFLICT} means the RayCluster changed
 *     meanwhile and is reconciled again at once
 * @param requeueAfter when to reconcile again even if nothing changes; empty: only on a change (an invalid
 *     RayCluster waits for its spec to be fixed)
 */
public record ClusterReconciled(RayClusterStatus status, StatusRecorder.Result recorded,
    Optional<Duration> requeueAfter) {

  /** Checks the parts. */
  public ClusterReconciled {
    Objects.requireNonNull(recorded, "recorded");
    Objects.requireNonNull(requeueAfter, "requeueAfter");
  }

  /** Nothing decided: the RayCluster is not this controller's to reconcile. */
  static ClusterReconciled notOurs() {
    return new ClusterReconciled(null, StatusRecorder.Result.UNCHANGED, Optional.empty());
  }
}
