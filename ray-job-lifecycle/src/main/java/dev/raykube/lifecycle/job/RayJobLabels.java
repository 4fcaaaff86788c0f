package dev.raykube.lifecycle.job;

import dev.raykube.cluster.RayClusterLabels;

/**
 * Label keys and values the RayJob lifecycle reads and writes, as KubeRay spells them. The keys of a RayCluster and its
 * Pods ({@code ray.io/cluster}, which {@code spec.clusterSelector} uses too, {@code ray.io/node-type}, …) are
 * {@link RayClusterLabels}.
 */
public final class RayJobLabels {

  /** On a RayCluster or submitter Job: the name of the custom resource that created it. */
  public static final String ORIGINATED_FROM_CR_NAME = "ray.io/originated-from-cr-name";

  /**
   * On a RayCluster or submitter Job: the kind of the custom resource that created it; the key
   * {@link RayClusterLabels#ORIGINATED_FROM_CRD}, which the RayCluster's Pods report to Ray.
   */
  public static final String ORIGINATED_FROM_CRD = RayClusterLabels.ORIGINATED_FROM_CRD;

  /** The value of {@link #ORIGINATED_FROM_CRD} for objects created for a RayJob. */
  public static final String RAY_JOB_KIND = "RayJob";

  /** The {@code managedBy} value of KubeRay's operator, which RayKube answers to as well. */
  public static final String KUBERAY_OPERATOR = "ray.io/kuberay-operator";

  private RayJobLabels() {
  }
}
