package dev.raykube.cluster;

import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * The plan of a worker group with {@code numOfHosts > 1} when multi-host indexing is on
 * ({@link ClusterBuildSettings#multiHostIndexing()}): its Pods are managed as whole replicas, KubeRay v1.7.0's
 * {@code RayMultiHostIndexing}. A replica is the Pods (not being deleted) sharing a
 * {@value RayClusterLabels#WORKER_GROUP_REPLICA_NAME}; <b>Pods without that label are ignored entirely</b> (neither
 * counted, deleted nor matched against {@code workersToDelete}), as in KubeRay: turning indexing on for a running
 * cluster whose multi-host Pods predate it creates a full new set of replicas beside the old Pods.
 *
 * <p>Rules, in order:
 * <ol>
 *   <li><b>Incomplete replicas</b> (fewer Pods than {@code numOfHosts}, e.g. one was deleted from outside): every Pod
 *       left of them is deleted, nothing else is done, and the loop comes back soon.</li>
 *   <li><b>Broken replicas</b>: a replica with a Pod beyond repair ({@link PodHealth#isBeyondRepair}) is deleted
 *       whole.</li>
 *   <li><b>workersToDelete</b>: a replica with a Pod named in {@code scaleStrategy.workersToDelete} is deleted whole;
 *       if any is, nothing is created, and the loop comes back soon.</li>
 *   <li><b>Size</b>: the complete replicas not deleted are compared with {@link WorkerGroupSize#desiredReplicas}.
 *       Each missing replica is created whole: the smallest free {@linkplain ReplicaIndexes replica index}, a new
 *       name {@code <group>-<suffix>} ({@link ReplicaNameSource}, drawn again if a replica of the group has it) and
 *       one Pod per host, host index 0 to {@code numOfHosts-1}. Surplus replicas are deleted whole only when
 *       autoscaling is off (or {@link ClusterBuildSettings#deleteExtraPodsWithAutoscaler()}): replicas with a Pod that
 *       is not ready first, then the highest index, then the name (KubeRay picks them in map order).</li>
 * </ol>
 */
public final class MultiHostGroupPlan {

  private static final Pattern SUFFIX = Pattern.compile("[a-z0-9]{" + ReplicaNameSource.SUFFIX_LENGTH + "}");
  private static final int NAME_DRAWS = 100;

  private MultiHostGroupPlan() {
  }

  /**
   * Decides what to do with one multi-host group.
   *
   * @param group the group's spec ({@code numOfHosts > 1}, not suspended)
   * @param groupPods the group's observed Pods (labelled with its cluster, node type worker and group)
   * @param scaleDown whether surplus replicas may be deleted (autoscaling off, or random deletion allowed)
   * @param names where new replicas' name suffixes come from
   * @return the plan
   * @throws IllegalStateException if {@code names} gives a suffix that is not {@value ReplicaNameSource#SUFFIX_LENGTH}
   *     lowercase letters or digits, or keeps giving taken ones
   */
  public static WorkerGroupPlan plan(WorkerGroupSpec group, List<Pod> groupPods, boolean scaleDown,
      ReplicaNameSource names) {
    Objects.requireNonNull(names, "names");
    String groupName = group.getGroupName();
    int hosts = WorkerGroupSize.numOfHosts(group);
    int desiredReplicas = WorkerGroupSize.desiredReplicas(group);
    int desiredPods = WorkerGroupSize.desiredPods(group);
    int counted = (int) groupPods.stream().filter(PodHealth::countsTowardsGroup).count();

    Map<String, List<Pod>> replicas = new TreeMap<>();
    for (Pod pod : groupPods) {
      String name = replicaName(pod);
      if (name != null && !PodHealth.isTerminating(pod)) {
        replicas.computeIfAbsent(name, n -> new ArrayList<>()).add(pod);
      }
    }

    List<PodDeletion> deletions = new ArrayList<>();
    replicas.values().stream().filter(pods -> pods.size() < hosts)
        .forEach(pods -> deleteAll(pods, PodDeletion.Reason.INCOMPLETE_REPLICA, deletions));
    if (!deletions.isEmpty()) {
      return new WorkerGroupPlan(groupName, desiredPods, counted, List.of(), deletions);
    }

    Set<String> deleted = new HashSet<>();
    replicas.forEach((name, pods) -> {
      if (pods.stream().anyMatch(PodHealth::isBeyondRepair)) {
        deleted.add(name);
        deleteAll(pods, PodDeletion.Reason.REPLICA_BEYOND_REPAIR, deletions);
      }
    });

    Set<String> named = group.getScaleStrategy() == null || group.getScaleStrategy().getWorkersToDelete() == null
        ? Set.of() : Set.copyOf(group.getScaleStrategy().getWorkersToDelete());
    boolean namedAny = false;
    for (Map.Entry<String, List<Pod>> replica : replicas.entrySet()) {
      if (!deleted.contains(replica.getKey())
          && replica.getValue().stream().anyMatch(p -> named.contains(p.getMetadata().getName()))) {
        namedAny = true;
        deleted.add(replica.getKey());
        deleteAll(replica.getValue(), PodDeletion.Reason.REPLICA_IN_WORKERS_TO_DELETE, deletions);
      }
    }
    if (namedAny) {
      return new WorkerGroupPlan(groupName, desiredPods, counted, List.of(), deletions);
    }

    Map<String, List<Pod>> running = new TreeMap<>(replicas);
    running.keySet().removeAll(deleted);
    int missing = desiredReplicas - running.size();
    List<WorkerSlot> creations = new ArrayList<>();
    if (missing > 0) {
      Set<Integer> held = new HashSet<>();
      running.values().forEach(pods -> held.addAll(ReplicaIndexes.held(pods)));
      Set<String> taken = new LinkedHashSet<>(replicas.keySet());
      for (int index : ReplicaIndexes.lowestFree(held, missing)) {
        String name = newName(groupName, names, taken);
        for (int host = 0; host < hosts; host++) {
          creations.add(WorkerSlot.host(index, name, host));
        }
      }
    } else if (missing < 0 && scaleDown) {
      running.entrySet().stream().sorted(SCALE_DOWN_ORDER).limit(-missing)
          .forEach(replica -> deleteAll(replica.getValue(), PodDeletion.Reason.REPLICA_SCALE_DOWN, deletions));
    }
    return new WorkerGroupPlan(groupName, desiredPods, counted, creations, deletions);
  }

  /** Replicas with a Pod that is not running and ready first, then the highest index, then the name (descending). */
  private static final Comparator<Map.Entry<String, List<Pod>>> SCALE_DOWN_ORDER = Comparator
      .comparing((Map.Entry<String, List<Pod>> r) -> r.getValue().stream().allMatch(PodHealth::isRunningAndReady))
      .thenComparing(r -> ReplicaIndexes.held(r.getValue()).stream().max(Integer::compare).orElse(-1),
          Comparator.reverseOrder())
      .thenComparing(Map.Entry::getKey, Comparator.reverseOrder());

  private static String newName(String groupName, ReplicaNameSource names, Set<String> taken) {
    for (int draw = 0; draw < NAME_DRAWS; draw++) {
      String suffix = names.nextSuffix();
      if (suffix == null || !SUFFIX.matcher(suffix).matches()) {
        throw new IllegalStateException("replica name suffix '" + suffix + "' is not "
            + ReplicaNameSource.SUFFIX_LENGTH + " lowercase letters or digits");
      }
      String name = groupName + "-" + suffix;
      if (taken.add(name)) {
        return name;
      }
    }
    throw new IllegalStateException("the replica name source gave " + NAME_DRAWS + " names already taken in group "
        + groupName);
  }

  private static void deleteAll(List<Pod> pods, PodDeletion.Reason reason, List<PodDeletion> deletions) {
    pods.stream().map(p -> p.getMetadata().getName()).sorted()
        .forEach(name -> deletions.add(new PodDeletion(name, reason)));
  }

  /** The Pod's {@value RayClusterLabels#WORKER_GROUP_REPLICA_NAME}, or {@code null}. */
  static String replicaName(Pod pod) {
    Map<String, String> labels = pod.getMetadata() == null ? null : pod.getMetadata().getLabels();
    return labels == null ? null : labels.get(RayClusterLabels.WORKER_GROUP_REPLICA_NAME);
  }
}
