package dev.raykube.service.decide;

import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.reconcile.EventType;
import java.util.Optional;

/**
 * What a serving RayService reports: the {@code ray.io/serve} label of its serve Pods, {@code numServeEndpoints},
 * {@code serviceStatus} and the {@code Ready} and {@code UpgradeInProgress} conditions, with a Warning Event the
 * first time a serve config failure is reported with a given message.
 */
final class ServiceReadiness {

  private ServiceReadiness() {
  }

  /**
   * Labels the head Pods of the active and pending cluster {@code ray.io/serve=true} when their proxy is healthy
   * (never with {@code excludeHeadPodFromServeSvc}), and {@code false} when a head labelled {@code true} is no longer.
   * A head without the label is not selected by the serve Service either, so it is left without one until its proxy
   * answers: a head coming up costs one write, not two. Workers are the kubelet's ({@link RayServiceLabels#SERVE}):
   * a worker the observation reports anyway is left alone.
   */
  static void serveLabels(ServiceDraft d) {
    boolean excludeHead = Boolean.TRUE.equals(d.spec.getExcludeHeadPodFromServeSvc());
    for (ServePod pod : d.observed.servePods()) {
      if (!pod.head()
          || !pod.clusterName().equals(d.activeName()) && !pod.clusterName().equals(d.pendingName())) {
        continue;
      }
      boolean serve = pod.proxyHealthy() && !excludeHead;
      boolean selected = Boolean.toString(true).equals(pod.serveLabel());
      if (serve != selected) {
        d.act(new RayServiceAction.SetServeLabel(pod.name(), serve));
      }
    }
  }

  static void conditions(ServiceDraft d, ServeProgress active, ServeProgress pending, String noRolloutNote) {
    int endpoints = d.observed.readyServeEndpoints();
    d.next.setNumServeEndpoints(endpoints);
    boolean hasActive = d.activeName() != null;
    boolean hasPending = d.pendingName() != null;
    ServeProgress first = hasActive ? active : pending;
    Optional<String> readyFailure = failure(first);
    if (readyFailure.isPresent()) {
      d.conditions.set(RayServiceConditionType.READY, endpoints > 0, RayServiceConditionReason.SERVE_DEPLOY_FAILED,
          readyFailure.get());
      warnOnce(d, RayServiceConditionType.READY, readyFailure.get());
    } else if (endpoints > 0) {
      d.conditions.set(RayServiceConditionType.READY, true, RayServiceConditionReason.NON_ZERO_SERVE_ENDPOINTS,
          endpoints + " ready serve endpoint" + (endpoints == 1 ? "" : "s"));
    } else if (!hasActive) {
      d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.INITIALIZING,
          "Waiting for RayCluster " + d.pendingName() + " to run every Serve application");
    } else if (d.conditions.get(RayServiceConditionType.READY).isEmpty()
        || d.conditions.hasReason(RayServiceConditionType.READY, RayServiceConditionReason.INITIALIZING)) {
      // The first cluster just took over: still initializing until the serve Service has an endpoint.
      d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.INITIALIZING,
          "Waiting for the serve Service " + ServiceNames.serveService(d.service) + " to have a ready endpoint");
    } else {
      d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.ZERO_SERVE_ENDPOINTS,
          "The serve Service " + ServiceNames.serveService(d.service) + " has no ready endpoint");
    }
    d.next.setServiceStatus(d.conditions.isTrue(RayServiceConditionType.READY) ? "Running" : null);
    if (hasActive && hasPending) {
      Optional<String> upgradeFailure = failure(pending);
      if (upgradeFailure.isPresent()) {
        d.conditions.set(RayServiceConditionType.UPGRADE_IN_PROGRESS, true,
            RayServiceConditionReason.SERVE_DEPLOY_FAILED, upgradeFailure.get());
        warnOnce(d, RayServiceConditionType.UPGRADE_IN_PROGRESS, upgradeFailure.get());
      } else {
        d.conditions.set(RayServiceConditionType.UPGRADE_IN_PROGRESS, true,
            RayServiceConditionReason.BOTH_ACTIVE_PENDING_CLUSTERS_EXIST, "Preparing RayCluster " + d.pendingName()
                + "; " + d.activeName() + " serves until every application runs on it");
      }
    } else if (hasActive) {
      d.conditions.set(RayServiceConditionType.UPGRADE_IN_PROGRESS, false,
          RayServiceConditionReason.NO_PENDING_CLUSTER, noRolloutNote);
    } else {
      d.conditions.set(RayServiceConditionType.UPGRADE_IN_PROGRESS, false,
          RayServiceConditionReason.NO_ACTIVE_CLUSTER, null);
    }
  }

  private static Optional<String> failure(ServeProgress progress) {
    return progress != null && progress.stage() == ServeProgress.Stage.FAILED ? Optional.of(progress.failure())
        : Optional.empty();
  }

  /** A Warning unless the stored condition already reported this very failure. */
  private static void warnOnce(ServiceDraft d, RayServiceConditionType type, String message) {
    Optional<String> stored = d.storedMessage(type, RayServiceConditionReason.SERVE_DEPLOY_FAILED);
    if (stored.isEmpty() || !stored.get().equals(message)) {
      d.event(EventType.WARNING, RayServiceEventReason.SERVE_DEPLOY_FAILED, message);
    }
  }
}
