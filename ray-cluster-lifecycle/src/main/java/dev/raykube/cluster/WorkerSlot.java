package dev.raykube.cluster;

import java.util.HashMap;
import java.util.Map;

/**
 * Where a new worker Pod sits in its group, written on it as labels when multi-host indexing is on
 * ({@link ClusterBuildSettings#multiHostIndexing()}): its replica's index, and for a group with {@code numOfHosts > 1}
 * also its replica's name and its host index within the replica. {@link #UNINDEXED} carries none of them (indexing
 * off).
 *
 * @param replicaIndex {@value RayClusterLabels#WORKER_GROUP_REPLICA_INDEX}, or {@code null}
 * @param replicaName {@value RayClusterLabels#WORKER_GROUP_REPLICA_NAME}, or {@code null} (single-host groups)
 * @param hostIndex {@value RayClusterLabels#REPLICA_HOST_INDEX}, or {@code null} (single-host groups)
 */
public record WorkerSlot(Integer replicaIndex, String replicaName, Integer hostIndex) {

  /** No slot labels: the Pod is managed on its own, as with multi-host indexing off. */
  public static final WorkerSlot UNINDEXED = new WorkerSlot(null, null, null);

  /** Checks that the values fit together: a name and a host index come together, and only with an index. */
  public WorkerSlot {
    if ((replicaName == null) != (hostIndex == null)) {
      throw new IllegalArgumentException("a replica name and a host index come together");
    }
    if (replicaName != null && replicaIndex == null) {
      throw new IllegalArgumentException("a multi-host slot needs a replica index");
    }
    if ((replicaIndex != null && replicaIndex < 0) || (hostIndex != null && hostIndex < 0)) {
      throw new IllegalArgumentException("indexes must not be negative");
    }
  }

  /** The slot of a Pod of a single-host group: its replica index only. */
  public static WorkerSlot single(int replicaIndex) {
    return new WorkerSlot(replicaIndex, null, null);
  }

  /** The slot of host {@code hostIndex} of the multi-host replica {@code replicaName}. */
  public static WorkerSlot host(int replicaIndex, String replicaName, int hostIndex) {
    return new WorkerSlot(replicaIndex, replicaName, hostIndex);
  }

  /** The labels this slot adds to a worker Pod (empty for {@link #UNINDEXED}). */
  public Map<String, String> labels() {
    Map<String, String> labels = new HashMap<>();
    if (replicaIndex != null) {
      labels.put(RayClusterLabels.WORKER_GROUP_REPLICA_INDEX, Integer.toString(replicaIndex));
    }
    if (replicaName != null) {
      labels.put(RayClusterLabels.WORKER_GROUP_REPLICA_NAME, replicaName);
      labels.put(RayClusterLabels.REPLICA_HOST_INDEX, Integer.toString(hostIndex));
    }
    return labels;
  }
}
