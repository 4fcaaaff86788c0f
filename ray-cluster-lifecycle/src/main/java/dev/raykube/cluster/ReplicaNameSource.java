package dev.raykube.cluster;

/**
 * Where the random part of a new multi-host replica's name comes from ({@code <group>-<suffix>}, the value of
 * {@value RayClusterLabels#WORKER_GROUP_REPLICA_NAME}). Injected, so that the plans stay pure and tests can give a
 * sequence; the loop's source is random ({@code dev.raykube.cluster.loop.RandomReplicaNames}).
 */
@FunctionalInterface
public interface ReplicaNameSource {

  /** Length of a suffix, as KubeRay draws it. */
  int SUFFIX_LENGTH = 5;

  /**
   * The next suffix: {@value #SUFFIX_LENGTH} lowercase letters or digits.
   *
   * @return the suffix
   */
  String nextSuffix();
}
