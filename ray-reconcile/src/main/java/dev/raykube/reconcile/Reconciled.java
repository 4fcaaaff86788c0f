package dev.raykube.reconcile;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What one {@link ResourceLoop#reconcile} did, the same record for every kind. Immutable.
 *
 * @param <T> the custom resource, e.g. {@code RayJob}
 * @param <O> what the kind's loop observes, e.g. {@code ObservedRayJob}
 * @param <D> what it decides, e.g. the RayJob state machine's {@code Decision}
 * @param <X> the outcome of one action, e.g. {@code ActionOutcome<RayJobAction>}
 * @param resource the resource as last returned by the API server (after the status write), or {@code null} when it no
 *     longer exists or is not this loop's
 * @param observed what the last decision was made from, or {@code null} when the loop decided nothing
 * @param decision the last decision, or {@code null} when the loop decided nothing (the resource is not this loop's)
 * @param status what happened to its status: {@link StatusRecorder.Result#CONFLICT} means the resource kept changing
 *     under the loop and must be reconciled again at once
 * @param outcomes the outcome of each action performed, in order, over every decision of this reconcile
 * @param requeueAfter when to reconcile again even if nothing changes; empty: only on a change of the resource or of
 *     something it watches
 */
public record Reconciled<T, O, D, X>(T resource, O observed, D decision, StatusRecorder.Result status,
    List<X> outcomes, Optional<Duration> requeueAfter) {

  /** Checks and copies. */
  public Reconciled {
    Objects.requireNonNull(status, "status");
    outcomes = List.copyOf(outcomes);
    Objects.requireNonNull(requeueAfter, "requeueAfter");
  }

  /**
   * A resource the loop leaves alone (another controller's, or one that is gone): nothing observed, decided or done.
   *
   * @param <T> the custom resource
   * @param <O> what the loop observes
   * @param <D> what it decides
   * @param <X> the outcome of one action
   * @return the result
   */
  public static <T, O, D, X> Reconciled<T, O, D, X> leftAlone() {
    return new Reconciled<>(null, null, null, StatusRecorder.Result.UNCHANGED, List.of(), Optional.empty());
  }

  /** Whether the resource is gone. */
  public boolean gone() {
    return status == StatusRecorder.Result.GONE;
  }

  /** The same result with another requeue. */
  public Reconciled<T, O, D, X> withRequeueAfter(Optional<Duration> after) {
    return new Reconciled<>(resource, observed, decision, status, outcomes, after);
  }
}
