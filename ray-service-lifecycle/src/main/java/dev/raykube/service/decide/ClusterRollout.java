package dev.raykube.service.decide;

import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.reconcile.EventType;
import java.util.Optional;

/**
 * Which clusters the RayService should have, from its active and pending cluster and {@code spec.rayClusterConfig}:
 * the first cluster, in-place updates, a pending cluster for a change that needs one (or none with upgrade type
 * None), and the replacement of a pending cluster that is out of date. Names go into the next status before the
 * actions that create them.
 */
final class ClusterRollout {

  private ClusterRollout() {
  }

  /**
   * Settles the active and pending cluster names in {@code d.next} and asks for the cluster actions.
   *
   * @return a note for the UpgradeInProgress condition when a change is deliberately not rolled out, else null
   */
  static String decide(ServiceDraft d) {
    String activeName = d.activeName();
    Optional<ObservedCluster> active = live(d, activeName);
    if (activeName != null && active.isEmpty()) {
      d.next.setActiveServiceStatus(null);
    }
    String pendingName = d.pendingName();
    Optional<ObservedCluster> pending = pendingName == null ? Optional.empty() : d.observed.cluster(pendingName);
    if (pending.isPresent() && pending.get().terminating()) {
      // Someone else deletes it: it cannot come up any more; a fresh one gets a fresh name.
      d.next.setPendingServiceStatus(null);
      pendingName = null;
      pending = Optional.empty();
    }
    if (active.isEmpty()) {
      ensurePending(d, pendingName, pending, false);
      return null;
    }
    ClusterChange change = ClusterChange.classify(ClusterFingerprint.of(active.get().cluster()),
        d.spec.getRayClusterConfig());
    boolean newCluster = change == ClusterChange.NEW_CLUSTER && d.upgradesToNewCluster();
    if (pendingName != null && !newCluster) {
      // The spec went back to what the active cluster runs, or rolling out was turned off: no pending cluster.
      if (pending.isPresent()) {
        d.deleteCluster(pendingName);
      }
      d.next.setPendingServiceStatus(null);
    }
    if (change == ClusterChange.IN_PLACE) {
      d.act(d.updateCluster(activeName));
    } else if (newCluster) {
      ensurePending(d, d.pendingName(), pending, true);
    } else if (change == ClusterChange.NEW_CLUSTER) {
      return "spec.rayClusterConfig changed in a way that needs a new RayCluster, but spec.upgradeStrategy.type is "
          + "None: the change is not rolled out; cluster " + activeName + " keeps serving the earlier spec";
    }
    return null;
  }

  /**
   * Makes sure a pending cluster from the current spec exists: creates one (again, under the stored name, while it is
   * not observed yet), updates it in place, or replaces it when it is out of date in a way that needs a new cluster.
   */
  private static void ensurePending(ServiceDraft d, String pendingName, Optional<ObservedCluster> pending,
      boolean upgrade) {
    if (pendingName == null) {
      create(d, upgrade, "spec.rayClusterConfig changed in a way that needs a new RayCluster");
      return;
    }
    if (pending.isEmpty()) {
      d.act(d.createCluster(pendingName));
      return;
    }
    ClusterChange change = ClusterChange.classify(ClusterFingerprint.of(pending.get().cluster()),
        d.spec.getRayClusterConfig());
    if (change == ClusterChange.IN_PLACE) {
      d.act(d.updateCluster(pendingName));
    } else if (change == ClusterChange.NEW_CLUSTER) {
      d.deleteCluster(pendingName);
      create(d, upgrade, "spec.rayClusterConfig changed again while pending cluster " + pendingName
          + " was coming up; it is replaced");
    }
  }

  private static void create(ServiceDraft d, boolean upgrade, String why) {
    String name = d.generatedClusterName();
    RayServiceClusterStatus status = new RayServiceClusterStatus();
    status.setRayClusterName(name);
    d.next.setPendingServiceStatus(status);
    d.act(d.createCluster(name));
    if (upgrade) {
      d.event(EventType.NORMAL, RayServiceEventReason.UPGRADE_STARTED, why + ": preparing RayCluster " + name
          + " while " + d.activeName() + " keeps serving");
    }
  }

  /** The observed cluster of that name unless it is absent or being deleted. */
  static Optional<ObservedCluster> live(ServiceDraft d, String name) {
    return d.observed.cluster(name).filter(c -> !c.terminating());
  }
}
