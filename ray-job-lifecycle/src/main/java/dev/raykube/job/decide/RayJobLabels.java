package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;

/**
 * Label keys and values the RayJob lifecycle reads and writes, as KubeRay spells them. The keys of a RayCluster and its
 * Pods ({@code ray.io/cluster}, which {@code spec.clusterSelector} uses too, {@code ray.io/node-type},
 * {@code ray.io/originated-from-cr-name}, …) are
 * {@link RayClusterLabels}.
 */
public final class RayJobLabels {

  /** The value of {@link RayClusterLabels#ORIGINATED_FROM_CRD} for objects created for a RayJob. */
  public static final String RAY_JOB_KIND = "RayJob";

  private RayJobLabels() {
  }
}
