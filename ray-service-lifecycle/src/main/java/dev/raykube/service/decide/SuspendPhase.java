package dev.raykube.service.decide;

import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.reconcile.EventType;

/**
 * {@code spec.suspend}, atomically as in KubeRay: once {@code Suspending} starts, every cluster and both Services are
 * deleted before anything else happens (clearing {@code spec.suspend} meanwhile does not stop it); then
 * {@code Suspended=True}. Clearing {@code spec.suspend} on a suspended RayService resumes it: {@code Suspended=False/
 * RayServiceResumed}, and it initializes again from a new cluster.
 */
final class SuspendPhase {

  private SuspendPhase() {
  }

  /** Whether this phase decides: suspend requested, or a suspension under way. */
  static boolean applies(ServiceDraft d) {
    return Boolean.TRUE.equals(d.spec.getSuspend()) || d.conditions.isTrue(RayServiceConditionType.SUSPENDING);
  }

  static void decide(ServiceDraft d) {
    boolean suspended = d.conditions.isTrue(RayServiceConditionType.SUSPENDED);
    if (!suspended && !d.conditions.isTrue(RayServiceConditionType.SUSPENDING)) {
      d.conditions.set(RayServiceConditionType.SUSPENDING, true, RayServiceConditionReason.SUSPENDING,
          "spec.suspend is set: deleting the RayClusters and Services");
      d.event(EventType.NORMAL, RayServiceEventReason.SUSPENDING, "Suspending: deleting the RayClusters and Services");
    }
    boolean anything = false;
    for (ObservedCluster cluster : d.observed.clusters()) {
      anything = true;
      if (!cluster.terminating()) {
        d.deleteCluster(cluster.name());
      }
    }
    if (!(d.observed.headService() instanceof ServiceTarget.Absent)
        || !(d.observed.serveService() instanceof ServiceTarget.Absent)) {
      anything = true;
      d.act(new RayServiceAction.DeleteServices(ServiceNames.headService(d.service),
          ServiceNames.serveService(d.service)));
    }
    d.next.setActiveServiceStatus(null);
    d.next.setPendingServiceStatus(null);
    d.next.setNumServeEndpoints(0);
    d.next.setServiceStatus(null);
    d.conditions.set(RayServiceConditionType.UPGRADE_IN_PROGRESS, false, RayServiceConditionReason.NO_ACTIVE_CLUSTER,
        null);
    if (anything) {
      d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.SUSPENDING,
          "The RayService is being suspended");
      d.requeueAfter(d.settings.teardownPoll());
      return;
    }
    d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.SUSPENDED,
        "The RayService is suspended");
    if (!suspended) {
      d.conditions.remove(RayServiceConditionType.SUSPENDING);
      d.conditions.set(RayServiceConditionType.SUSPENDED, true, RayServiceConditionReason.SUSPENDED,
          "spec.suspend is set: no RayCluster runs");
      d.event(EventType.NORMAL, RayServiceEventReason.SUSPENDED, "Suspended: no RayCluster or Service is left");
      if (!Boolean.TRUE.equals(d.spec.getSuspend())) {
        d.requeueAfter(java.time.Duration.ZERO); // suspend was cleared meanwhile: resume right away
      }
    }
  }

  /** Resumes a suspended RayService whose {@code spec.suspend} was cleared; the caller then decides as usual. */
  static void resumeIfSuspended(ServiceDraft d) {
    if (!d.conditions.isTrue(RayServiceConditionType.SUSPENDED)) {
      return;
    }
    d.conditions.set(RayServiceConditionType.SUSPENDED, false, RayServiceConditionReason.RESUMED,
        "spec.suspend was cleared: the RayService starts again");
    d.conditions.remove(RayServiceConditionType.READY); // initializing starts afresh, with a new transition time
    d.event(EventType.NORMAL, RayServiceEventReason.RESUMED, "spec.suspend was cleared; creating a RayCluster");
  }
}
