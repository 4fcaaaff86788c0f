package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Map;

/**
 * {@code spec.upgradeStrategy.type: Recreate}, as KubeRay does it: every Pod the operator creates for such a cluster
 * carries {@value #HASH_ANNOTATION} (the hash of the spec without replicas, {@code workersToDelete} and
 * {@code suspend}: {@link ClusterSpecHash#withoutReplicas}) and {@value #VERSION_ANNOTATION} (the operator's version).
 * When the head Pod's hash differs from the spec's — a Pod template (image, resources, env...), {@code rayStartParams}
 * or a worker group's bounds changed — every Pod of the cluster is deleted and created again from the new spec. A head
 * made by another operator version is left alone (its hash may have been taken differently), as KubeRay does. Without
 * Recreate nothing of this applies: spec edits reach only Pods created later. Pure.
 */
public final class RecreateUpgrade {

  /** The annotation holding the spec hash a Pod was made from. */
  public static final String HASH_ANNOTATION = "ray.io/upgrade-strategy-recreate-hash";
  /** The annotation holding the version of the operator that made the Pod. */
  public static final String VERSION_ANNOTATION = "ray.io/kuberay-version";

  private RecreateUpgrade() {
  }

  /** Whether the cluster asks for {@code upgradeStrategy.type: Recreate}. */
  public static boolean enabled(RayCluster cluster) {
    return enabled(cluster.getSpec());
  }

  /** Whether a cluster spec asks for {@code upgradeStrategy.type: Recreate}. */
  public static boolean enabled(RayClusterSpec spec) {
    return spec != null && spec.getUpgradeStrategy() != null
        && spec.getUpgradeStrategy().getType() == RayClusterUpgradeType.RECREATE;
  }

  /** The annotations a new Pod of the cluster carries: the two above with Recreate, none without. */
  static Map<String, String> podAnnotations(RayCluster cluster, ClusterBuildSettings settings) {
    if (!enabled(cluster)) {
      return Map.of();
    }
    return Map.of(HASH_ANNOTATION, ClusterSpecHash.withoutReplicas(cluster.getSpec()),
        VERSION_ANNOTATION, settings.operatorVersion());
  }

  /**
   * Whether the cluster's Pods must be recreated: Recreate is on, and the head Pod, made by this operator version,
   * carries another spec hash (or none).
   */
  static boolean outdated(RayCluster cluster, Pod head, ClusterBuildSettings settings) {
    if (!enabled(cluster)) {
      return false;
    }
    Map<String, String> annotations = head.getMetadata().getAnnotations() == null ? Map.of()
        : head.getMetadata().getAnnotations();
    String version = annotations.get(VERSION_ANNOTATION);
    if (version != null && !version.equals(settings.operatorVersion())) {
      return false;
    }
    return !ClusterSpecHash.withoutReplicas(cluster.getSpec()).equals(annotations.get(HASH_ANNOTATION));
  }
}
