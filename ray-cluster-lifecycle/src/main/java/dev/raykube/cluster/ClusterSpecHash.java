package dev.raykube.cluster;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.common.ModelCopies;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * Hashes of a RayCluster spec, taken over its JSON with sorted keys (SHA-256, hex): the RayService controller's
 * cluster fingerprints and the RayCluster {@code upgradeStrategy: Recreate} ({@link RecreateUpgrade}). Pure.
 *
 * <ul>
 *   <li>{@link #withoutReplicas}: without each worker group's {@code replicas}, {@code scaleStrategy.workersToDelete}
 *       and {@code suspend} and without the cluster's {@code suspend} — KubeRay's "hash without replicas and workers
 *       to delete". What the autoscaler changes, and what can be changed in place, is left out, so a different hash
 *       means the cluster's Pods would differ. {@code minReplicas} and {@code maxReplicas} are in it, as in KubeRay.</li>
 *   <li>{@link #full}: the whole spec, to tell a change of replicas or {@code workersToDelete} in the RayService from
 *       the autoscaler's own changes to the RayCluster.</li>
 * </ul>
 */
public final class ClusterSpecHash {

  private static final ObjectMapper CANONICAL = new ObjectMapper()
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  private ClusterSpecHash() {
  }

  /** The hash of the spec without replicas, {@code workersToDelete} and {@code suspend}. */
  public static String withoutReplicas(RayClusterSpec spec) {
    return hash(stripped(spec, Integer.MAX_VALUE));
  }

  /**
   * The hash without replicas of the spec cut to its first {@code groups} worker groups: equal to the hash of a
   * cluster created with {@code groups} worker groups when the only other change is worker groups appended after them.
   */
  public static String withoutReplicasFirstGroups(RayClusterSpec spec, int groups) {
    return hash(stripped(spec, groups));
  }

  /** The hash of the whole spec. */
  public static String full(RayClusterSpec spec) {
    return hash(spec);
  }

  /** The number of worker groups of a spec. */
  public static int workerGroups(RayClusterSpec spec) {
    return spec == null || spec.getWorkerGroupSpecs() == null ? 0 : spec.getWorkerGroupSpecs().size();
  }

  private static RayClusterSpec stripped(RayClusterSpec spec, int groups) {
    RayClusterSpec copy = ModelCopies.copy(spec, RayClusterSpec.class);
    if (copy == null) {
      return null;
    }
    copy.setSuspend(null);
    if (copy.getWorkerGroupSpecs() != null) {
      List<WorkerGroupSpec> kept = new ArrayList<>();
      for (WorkerGroupSpec group : copy.getWorkerGroupSpecs()) {
        if (kept.size() == groups) {
          break;
        }
        if (group != null) {
          group.setReplicas(null);
          group.setSuspend(null);
          if (group.getScaleStrategy() != null) {
            group.getScaleStrategy().setWorkersToDelete(null);
            if (group.getScaleStrategy().getAdditionalProperties().isEmpty()) {
              group.setScaleStrategy(null);
            }
          }
        }
        kept.add(group);
      }
      copy.setWorkerGroupSpecs(kept);
    }
    return copy;
  }

  private static String hash(RayClusterSpec spec) {
    try {
      Object plain = CANONICAL.convertValue(spec, Object.class);
      return sha256(CANONICAL.writeValueAsString(plain));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the RayCluster spec as JSON: " + e.getOriginalMessage(), e);
    }
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no SHA-256", e);
    }
  }
}
