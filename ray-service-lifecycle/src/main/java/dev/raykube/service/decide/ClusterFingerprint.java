package dev.raykube.service.decide;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a RayCluster of a RayService was made from, as the annotations written with it record it: the spec hash
 * without replicas, the full spec hash and the number of worker groups. A cluster without these annotations (made by
 * another operator, or edited by hand) is fingerprinted from its live spec instead.
 *
 * @param withoutReplicas {@link ClusterSpecHash#withoutReplicas} of the spec it was made from
 * @param full {@link ClusterSpecHash#full} of the spec last written to it
 * @param workerGroups how many worker groups that spec had
 */
public record ClusterFingerprint(String withoutReplicas, String full, int workerGroups) {

  /** Checks the hashes are given. */
  public ClusterFingerprint {
    Objects.requireNonNull(withoutReplicas, "withoutReplicas");
    Objects.requireNonNull(full, "full");
  }

  /** The fingerprint of a spec, as it is written onto a RayCluster made or updated from it. */
  public static ClusterFingerprint of(RayClusterSpec spec) {
    return new ClusterFingerprint(ClusterSpecHash.withoutReplicas(spec), ClusterSpecHash.full(spec),
        ClusterSpecHash.workerGroups(spec));
  }

  /** The fingerprint a RayCluster carries in its annotations, or that of its live spec where they are missing. */
  public static ClusterFingerprint of(RayCluster cluster) {
    Map<String, String> annotations = cluster.getMetadata() == null ? null : cluster.getMetadata().getAnnotations();
    String without = annotations == null ? null : annotations.get(RayServiceLabels.HASH_WITHOUT_REPLICAS);
    String full = annotations == null ? null : annotations.get(RayServiceLabels.FULL_SPEC_HASH);
    Integer groups = annotations == null ? null : parseCount(annotations.get(RayServiceLabels.NUM_WORKER_GROUPS));
    RayClusterSpec live = cluster.getSpec();
    return new ClusterFingerprint(without != null ? without : ClusterSpecHash.withoutReplicas(live),
        full != null ? full : ClusterSpecHash.full(live),
        groups != null ? groups : ClusterSpecHash.workerGroups(live));
  }

  /** The annotations that record this fingerprint on a RayCluster. */
  public Map<String, String> annotations() {
    Map<String, String> out = new LinkedHashMap<>();
    out.put(RayServiceLabels.HASH_WITHOUT_REPLICAS, withoutReplicas);
    out.put(RayServiceLabels.NUM_WORKER_GROUPS, Integer.toString(workerGroups));
    out.put(RayServiceLabels.FULL_SPEC_HASH, full);
    return out;
  }

  private static Integer parseCount(String text) {
    if (text == null) {
      return null;
    }
    try {
      int value = Integer.parseInt(text.trim());
      return value < 0 ? null : value;
    } catch (NumberFormatException notANumber) {
      return null;
    }
  }
}
