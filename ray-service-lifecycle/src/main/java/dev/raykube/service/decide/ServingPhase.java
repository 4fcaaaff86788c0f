package dev.raykube.service.decide;

import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A RayService that is valid, not suspended and not failed: clusters ({@link ClusterRollout}), Serve on the cluster
 * that should run the config (the pending cluster while there is one, else the active one), the switch of the
 * Services to a pending cluster whose applications all run, the Services kept on the active cluster, the clean-up of
 * dangling clusters, and the conditions ({@link ServiceReadiness}).
 */
final class ServingPhase {

  private ServingPhase() {
  }

  static void decide(ServiceDraft d) {
    ServeConfig config = ServeConfig.parse(d.spec.getServeConfigV2());
    String noRolloutNote = ClusterRollout.decide(d);
    String activeName = d.activeName();
    String pendingName = d.pendingName();
    Optional<ObservedCluster> active = ClusterRollout.live(d, activeName);
    Optional<ObservedCluster> pending = ClusterRollout.live(d, pendingName);
    ServeProgress activeProgress = null;
    ServeProgress pendingProgress = null;
    if (pendingName != null) {
      pendingProgress = ServeStep.judge(d, pending.orElse(null), config, true);
      d.next.setPendingServiceStatus(ServeStep.mirror(pendingName, pending.orElse(null),
          d.next.getPendingServiceStatus()));
      poll(d, pendingProgress, pending.orElse(null));
    }
    if (activeName != null) {
      activeProgress = ServeStep.judge(d, active.orElse(null), config, pendingName == null);
      d.next.setActiveServiceStatus(ServeStep.mirror(activeName, active.orElse(null),
          d.next.getActiveServiceStatus()));
      if (pendingName == null) {
        poll(d, activeProgress, active.orElse(null));
      }
    }
    if (pendingProgress != null && pendingProgress.running()) {
      promote(d, activeName, pendingName);
      activeName = pendingName;
      activeProgress = pendingProgress;
      pendingProgress = null;
    }
    if (activeName != null && (!d.observed.headService().isSelecting(activeName)
        || !d.observed.serveService().isSelecting(activeName))) {
      d.act(new RayServiceAction.PointServices(activeName, ServiceNames.headService(d.service),
          ServiceNames.headSelector(activeName), ServiceNames.serveService(d.service),
          ServiceNames.serveSelector(activeName)));
      d.requeueAfter(d.settings.deployingPoll().min());
    }
    ServiceReadiness.serveLabels(d);
    DanglingClusters.decide(d);
    ServiceReadiness.conditions(d, activeProgress, pendingProgress, noRolloutNote);
  }

  /** The pending cluster runs every application: it becomes the active one; the old active one starts dangling. */
  private static void promote(ServiceDraft d, String oldActive, String pendingName) {
    RayServiceClusterStatus promoted = d.next.getPendingServiceStatus();
    d.next.setActiveServiceStatus(promoted);
    d.next.setPendingServiceStatus(null);
    if (oldActive != null) {
      d.event(EventType.NORMAL, RayServiceEventReason.UPGRADE_COMPLETED, "RayCluster " + pendingName
          + " runs every application; the Services now select it, and " + oldActive + " is deleted "
          + d.deletionDelay().toSeconds() + " s after it stopped serving");
    }
  }

  /** How soon to look at Serve again: often while deploying (less often as the cluster ages), rarely once settled. */
  private static void poll(ServiceDraft d, ServeProgress progress, ObservedCluster cluster) {
    switch (progress.stage()) {
      case RUNNING, FAILED -> d.requeueAfter(d.settings.steadyPoll());
      default -> {
        Instant created = cluster == null || cluster.cluster().getMetadata().getCreationTimestamp() == null ? d.now
            : StatusTimes.parse(cluster.cluster().getMetadata().getCreationTimestamp()).orElse(d.now);
        d.requeueAfter(d.settings.deployingPoll().after(Duration.between(created, d.now)));
      }
    }
  }
}
