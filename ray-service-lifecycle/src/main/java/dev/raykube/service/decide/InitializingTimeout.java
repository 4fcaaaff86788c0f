package dev.raykube.service.decide;

import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.reconcile.EventType;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * {@link RayServiceLabels#INITIALIZING_TIMEOUT}: a RayService that is still initializing — no active cluster, or the
 * {@code Ready} reason is still {@code Initializing} — when the timeout has passed since {@code Ready} last became
 * {@code False} fails for good: {@code Ready=False/InitializingTimeout}, its clusters and Services are deleted and
 * nothing else is ever done for it (delete and re-create the RayService to try again), as in KubeRay.
 */
final class InitializingTimeout {

  private InitializingTimeout() {
  }

  /** Whether the RayService already failed with InitializingTimeout. */
  static boolean failed(ServiceDraft d) {
    return d.conditions.hasReason(RayServiceConditionType.READY, RayServiceConditionReason.INITIALIZING_TIMEOUT);
  }

  /**
   * Fails the RayService when its timeout has passed; otherwise asks for a decision at the deadline.
   *
   * @return whether it failed now
   */
  static boolean check(ServiceDraft d) {
    Optional<Duration> timeout = RayServiceValidator.initializingTimeout(d.service);
    if (timeout.isEmpty() || !initializing(d)) {
      return false;
    }
    Instant deadline = start(d).plus(timeout.get());
    if (d.now.isBefore(deadline)) {
      d.requeueAt(deadline);
      return false;
    }
    d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.INITIALIZING_TIMEOUT,
        "The RayService did not become ready within " + d.service.getMetadata().getAnnotations()
            .get(RayServiceLabels.INITIALIZING_TIMEOUT) + " (" + RayServiceLabels.INITIALIZING_TIMEOUT
            + "); its RayClusters are deleted. Delete and re-create the RayService to try again");
    d.event(EventType.WARNING, RayServiceEventReason.INITIALIZING_TIMEOUT, "The RayService did not become ready "
        + "within " + timeout.get().toSeconds() + " s; deleting its RayClusters");
    keepFailed(d);
    return true;
  }

  /** Failed for good: whatever of it is still there is deleted; no requeue. */
  static void keepFailed(ServiceDraft d) {
    for (ObservedCluster cluster : d.observed.clusters()) {
      if (!cluster.terminating()) {
        d.deleteCluster(cluster.name());
      }
    }
    if (!(d.observed.headService() instanceof ServiceTarget.Absent)
        || !(d.observed.serveService() instanceof ServiceTarget.Absent)) {
      d.act(new RayServiceAction.DeleteServices(ServiceNames.headService(d.service),
          ServiceNames.serveService(d.service)));
    }
    d.next.setActiveServiceStatus(null);
    d.next.setPendingServiceStatus(null);
    d.next.setNumServeEndpoints(0);
    d.next.setServiceStatus(null);
    d.conditions.set(RayServiceConditionType.UPGRADE_IN_PROGRESS, false, RayServiceConditionReason.NO_ACTIVE_CLUSTER,
        null);
  }

  private static boolean initializing(ServiceDraft d) {
    return d.activeName() == null
        || d.conditions.hasReason(RayServiceConditionType.READY, RayServiceConditionReason.INITIALIZING);
  }

  /** When Ready last became False (the first decision sets it), or now when it is not there or not False yet. */
  private static Instant start(ServiceDraft d) {
    Optional<Condition> ready = d.conditions.get(RayServiceConditionType.READY);
    if (ready.isPresent() && "False".equals(ready.get().getStatus())) {
      return StatusTimes.parse(ready.get().getLastTransitionTime()).orElse(d.now);
    }
    return d.now;
  }
}
