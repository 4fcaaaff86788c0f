package dev.raykube.cluster.loop;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;

/**
 * Told of the status the RayCluster loop decided, before it is written: the reference operator feeds its
 * cluster-state gauges from it, so that a status anyone can read is already counted. Called in the reconcile's thread;
 * it must not block.
 */
@FunctionalInterface
public interface ClusterStatusListener {

  /**
   * The loop decided {@code status} for {@code cluster}.
   *
   * @param cluster the RayCluster as read
   * @param status the decided status, about to be written
   */
  void decided(RayCluster cluster, RayClusterStatus status);

  /** A listener that does nothing. */
  static ClusterStatusListener none() {
    return (cluster, status) -> {
    };
  }
}
