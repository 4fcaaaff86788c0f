package dev.raykube.sandbox;

import dev.raykube.model.cluster.RayCluster;

/**
 * Which RayClusters the node sandbox runs without Ray, and what stands in for their heads. For such a cluster the
 * head Pod is Running and Ready as soon as its {@link HeadStandIn} is started, and its dashboard is the stand-in's;
 * its worker Pods run no process and are Running and Ready once the stand-in is up (after their {@code wait-gcs-ready}
 * init container, if they have one, is shown running meanwhile). Every other cluster runs real Ray.
 *
 * <p>Used through {@link NodeSimulatorBuilder#headStandIns}. Implementations are called from the simulator's threads,
 * possibly concurrently for different clusters.
 */
public interface HeadStandIns {

  /**
   * Whether the cluster's head is a stand-in. Asked once per cluster, when the simulator first sees one of its Pods;
   * the answer is kept for the simulator's lifetime so that the head and the workers agree.
   */
  boolean standsIn(RayCluster cluster);

  /**
   * Starts the stand-in for the head Pod of a cluster for which {@link #standsIn} said yes; called again for a new
   * head Pod after the last one was deleted.
   *
   * @throws RuntimeException if it cannot start; the head Pod becomes Failed with the message
   */
  HeadStandIn start(RayCluster cluster);
}
