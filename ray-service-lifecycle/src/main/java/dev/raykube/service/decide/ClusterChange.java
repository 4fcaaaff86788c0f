package dev.raykube.service.decide;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.model.cluster.RayClusterSpec;
import java.util.Objects;

/**
 * How a RayCluster of a RayService differs from {@code spec.rayClusterConfig}, and so how the difference is rolled
 * out.
 */
public enum ClusterChange {
  /** Nothing to do: the cluster was made from this very spec. */
  SAME,
  /**
   * Only replicas, {@code workersToDelete}, {@code suspend} or worker groups appended after the existing ones differ:
   * the cluster is updated in place ({@link RayServiceAction.UpdateCluster}).
   */
  IN_PLACE,
  /** Anything else: the Pods would differ, so a new cluster is needed (or nothing, with upgrade type None). */
  NEW_CLUSTER;

  /**
   * Classifies the difference between a cluster and the desired spec.
   *
   * @param current what the cluster was made from; not null
   * @param desired {@code spec.rayClusterConfig}; not null
   * @return the kind of change
   */
  public static ClusterChange classify(ClusterFingerprint current, RayClusterSpec desired) {
    Objects.requireNonNull(current, "current");
    Objects.requireNonNull(desired, "desired");
    if (current.withoutReplicas().equals(ClusterSpecHash.withoutReplicas(desired))) {
      return current.full().equals(ClusterSpecHash.full(desired)) ? SAME : IN_PLACE;
    }
    int groups = ClusterSpecHash.workerGroups(desired);
    if (groups > current.workerGroups() && current.withoutReplicas()
        .equals(ClusterSpecHash.withoutReplicasFirstGroups(desired, current.workerGroups()))) {
      return IN_PLACE;
    }
    return NEW_CLUSTER;
  }
}
