package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The Pods to create and delete so that a RayCluster's observed Pods match its spec, decided from the spec and the
 * observed Pods alone.
 *
 * <p>Rules, in order:
 * <ol>
 *   <li><b>Suspend.</b> While {@code spec.suspend} is true, or the status still says {@code RayClusterSuspending}
 *       (a suspension, once begun, completes), every Pod is deleted ({@link #deleteAllPods()}) and none is created.</li>
 *   <li><b>Recreate.</b> With {@code upgradeStrategy.type: Recreate}, a head Pod made from another spec
 *       ({@link RecreateUpgrade#outdated}) has every Pod deleted ({@link #deleteAllPods()} and {@link #upgrade()});
 *       the next reconciles create them from the current spec.</li>
 *   <li><b>Head.</b> No head Pod: create one (not if the cluster is annotated
 *       {@code ray.io/disable-provisioned-head-restart: "true"} and already provisioned). One head Pod beyond repair
 *       ({@link PodHealth#isBeyondRepair}): delete it; the next reconcile creates the new one. More than one: nothing
 *       is done to any Pod and {@link #problems()} says why.</li>
 *   <li><b>Each worker group</b>, independently: a suspended group loses all its Pods. Pods beyond repair are deleted
 *       and the group waits for the next reconcile before creating (so the replacement is not counted twice). Every
 *       Pod named in {@code scaleStrategy.workersToDelete} that belongs to the group is deleted (other names are
 *       ignored; the list itself is left for the autoscaler to clear). Then the group's remaining Running or Pending
 *       Pods are compared with {@link WorkerGroupSize#desiredPods}: missing Pods are created; surplus Pods are deleted
 *       only when autoscaling is off (or {@link ClusterBuildSettings#deleteExtraPodsWithAutoscaler()}), choosing
 *       Pods that are not ready first, then the newest, then by name. With
 *       {@link ClusterBuildSettings#multiHostIndexing()} each new Pod takes the smallest free
 *       {@linkplain ReplicaIndexes replica index} of its group, and a group with {@code numOfHosts > 1} is planned by
 *       {@link MultiHostGroupPlan} instead, in whole replicas.</li>
 *   <li><b>Removed groups.</b> Worker Pods whose group is no longer in the spec are deleted.</li>
 * </ol>
 * Pods that are already being deleted are never deleted again; they still occupy the head slot but do not count
 * towards a worker group.
 *
 * @param deleteAllPods delete every Pod of the cluster (suspend, or a Recreate upgrade)
 * @param upgrade whether {@code deleteAllPods} is for a Recreate upgrade (else for a suspension)
 * @param createHead create the head Pod
 * @param headDeletions head Pods to delete
 * @param workerGroups one plan per worker group, in spec order
 * @param removedGroupDeletions worker Pods of groups that are no longer in the spec
 * @param problems why nothing could be decided, for a Warning event (empty if all is well)
 * @param requeueSoon whether the controller should reconcile again shortly (after replacing Pods or a problem)
 */
public record PodReconcilePlan(boolean deleteAllPods, boolean upgrade, boolean createHead, List<PodDeletion> headDeletions,
    List<WorkerGroupPlan> workerGroups, List<PodDeletion> removedGroupDeletions, List<String> problems,
    boolean requeueSoon) {

  /** Copies the lists. */
  public PodReconcilePlan {
    headDeletions = List.copyOf(headDeletions);
    workerGroups = List.copyOf(workerGroups);
    removedGroupDeletions = List.copyOf(removedGroupDeletions);
    problems = List.copyOf(problems);
  }

  /**
   * Decides what to do.
   *
   * @param cluster the RayCluster (spec, annotations, and status for the suspension and provisioning state)
   * @param observedPods every Pod labelled {@code ray.io/cluster=<name>} in the cluster's namespace
   * @param settings the operator's settings
   * @param replicaNames where the names of new multi-host replicas come from (asked only for those)
   */
  public static PodReconcilePlan compute(RayCluster cluster, List<Pod> observedPods, ClusterBuildSettings settings,
      ReplicaNameSource replicaNames) {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(settings, "settings");
    Objects.requireNonNull(replicaNames, "replicaNames");
    List<Pod> pods = List.copyOf(observedPods);
    if (isSuspending(cluster)) {
      boolean anyLeft = pods.stream().anyMatch(p -> !PodHealth.isTerminating(p));
      return new PodReconcilePlan(anyLeft, false, false, List.of(), List.of(), List.of(), List.of(), !pods.isEmpty());
    }

    List<Pod> heads = pods.stream().filter(p -> hasLabel(p, RayClusterLabels.NODE_TYPE, RayNodeType.HEAD.label()))
        .toList();
    if (heads.size() > 1) {
      String names = heads.stream().map(p -> p.getMetadata().getName()).sorted().collect(Collectors.joining(", "));
      return new PodReconcilePlan(false, false, false, List.of(), List.of(), List.of(), List.of(
          "found " + heads.size() + " head Pods (" + names + ") for RayCluster " + cluster.getMetadata().getName()
              + "; a cluster has exactly one head, so nothing is changed until the extra ones are deleted"), true);
    }
    if (heads.size() == 1 && !PodHealth.isTerminating(heads.get(0))
        && RecreateUpgrade.outdated(cluster, heads.get(0), settings)) {
      return new PodReconcilePlan(true, true, false, List.of(), List.of(), List.of(), List.of(), true);
    }
    boolean createHead = heads.isEmpty() && !headRestartDisabled(cluster);
    List<PodDeletion> headDeletions = new ArrayList<>();
    if (heads.size() == 1 && PodHealth.isBeyondRepair(heads.get(0))) {
      headDeletions.add(new PodDeletion(heads.get(0).getMetadata().getName(), PodDeletion.Reason.BEYOND_REPAIR));
    }
    boolean requeue = !headDeletions.isEmpty();

    boolean autoscaling = AutoscalerSidecar.isEnabled(cluster.getSpec());
    boolean scaleDown = !autoscaling || settings.deleteExtraPodsWithAutoscaler();
    List<WorkerGroupPlan> groups = new ArrayList<>();
    Set<String> groupNames = new HashSet<>();
    List<WorkerGroupSpec> specs = cluster.getSpec().getWorkerGroupSpecs() == null ? List.of()
        : cluster.getSpec().getWorkerGroupSpecs();
    for (WorkerGroupSpec group : specs) {
      groupNames.add(group.getGroupName());
      List<Pod> groupPods = pods.stream()
          .filter(p -> hasLabel(p, RayClusterLabels.NODE_TYPE, RayNodeType.WORKER.label()))
          .filter(p -> hasLabel(p, RayClusterLabels.GROUP, group.getGroupName()))
          .toList();
      WorkerGroupPlan plan = settings.multiHostIndexing() && WorkerGroupSize.numOfHosts(group) > 1
          && !Boolean.TRUE.equals(group.getSuspend())
          ? MultiHostGroupPlan.plan(group, groupPods, scaleDown, replicaNames)
          : planGroup(group, groupPods, scaleDown, settings.multiHostIndexing());
      requeue |= plan.deletions().stream().anyMatch(d -> REQUEUE_AFTER.contains(d.reason()));
      groups.add(plan);
    }
    List<PodDeletion> removed = pods.stream()
        .filter(p -> hasLabel(p, RayClusterLabels.NODE_TYPE, RayNodeType.WORKER.label()))
        .filter(p -> !groupNames.contains(label(p, RayClusterLabels.GROUP)))
        .filter(p -> !PodHealth.isTerminating(p))
        .map(p -> new PodDeletion(p.getMetadata().getName(), PodDeletion.Reason.GROUP_REMOVED))
        .toList();
    return new PodReconcilePlan(false, false, createHead, headDeletions, groups, removed, List.of(), requeue);
  }

  /** Every Pod deletion of the plan: head, worker groups, removed groups (not {@link #deleteAllPods()}). */
  public List<PodDeletion> allDeletions() {
    List<PodDeletion> all = new ArrayList<>(headDeletions);
    workerGroups.forEach(g -> all.addAll(g.deletions()));
    all.addAll(removedGroupDeletions);
    return all;
  }

  /** Whether the plan changes nothing. */
  public boolean isNoop() {
    return !deleteAllPods && !createHead && allDeletions().isEmpty()
        && workerGroups.stream().allMatch(WorkerGroupPlan::isNoop);
  }

  /** Deletions after which the group waits for the next reconcile to create (a replacement is not counted twice). */
  private static final Set<PodDeletion.Reason> REQUEUE_AFTER = Set.of(PodDeletion.Reason.BEYOND_REPAIR,
      PodDeletion.Reason.INCOMPLETE_REPLICA, PodDeletion.Reason.REPLICA_BEYOND_REPAIR,
      PodDeletion.Reason.REPLICA_IN_WORKERS_TO_DELETE);

  private static WorkerGroupPlan planGroup(WorkerGroupSpec group, List<Pod> groupPods, boolean scaleDown,
      boolean indexed) {
    String name = group.getGroupName();
    int desired = WorkerGroupSize.desiredPods(group);
    List<Pod> live = groupPods.stream().filter(p -> !PodHealth.isTerminating(p)).toList();
    int counted = (int) groupPods.stream().filter(PodHealth::countsTowardsGroup).count();
    if (Boolean.TRUE.equals(group.getSuspend())) {
      return new WorkerGroupPlan(name, 0, counted, 0,
          live.stream().map(p -> deletion(p, PodDeletion.Reason.GROUP_SUSPENDED)).toList());
    }
    List<PodDeletion> broken = live.stream().filter(PodHealth::isBeyondRepair)
        .map(p -> deletion(p, PodDeletion.Reason.BEYOND_REPAIR)).toList();
    if (!broken.isEmpty()) {
      return new WorkerGroupPlan(name, desired, counted, 0, broken);
    }
    List<PodDeletion> deletions = new ArrayList<>();
    Set<String> named = group.getScaleStrategy() == null || group.getScaleStrategy().getWorkersToDelete() == null
        ? Set.of() : Set.copyOf(group.getScaleStrategy().getWorkersToDelete());
    live.stream().filter(p -> named.contains(p.getMetadata().getName()))
        .forEach(p -> deletions.add(deletion(p, PodDeletion.Reason.WORKERS_TO_DELETE)));
    Set<String> going = deletions.stream().map(PodDeletion::podName).collect(Collectors.toSet());
    List<Pod> remaining = groupPods.stream().filter(PodHealth::countsTowardsGroup)
        .filter(p -> !going.contains(p.getMetadata().getName())).toList();
    int diff = desired - remaining.size();
    int create = Math.max(0, diff);
    if (diff < 0 && scaleDown) {
      remaining.stream().sorted(SCALE_DOWN_ORDER).limit(-diff)
          .forEach(p -> deletions.add(deletion(p, PodDeletion.Reason.SCALE_DOWN)));
    }
    if (!indexed) {
      return new WorkerGroupPlan(name, desired, counted, create, deletions);
    }
    Set<Integer> held = ReplicaIndexes.held(live.stream().filter(p -> !going.contains(p.getMetadata().getName()))
        .toList());
    List<WorkerSlot> creations = ReplicaIndexes.lowestFree(held, create).stream().map(WorkerSlot::single).toList();
    return new WorkerGroupPlan(name, desired, counted, creations, deletions);
  }

  /** Not ready before ready, then newest first, then name (descending). */
  static final Comparator<Pod> SCALE_DOWN_ORDER = Comparator
      .comparing((Pod p) -> PodHealth.isRunningAndReady(p))
      .thenComparing((Pod p) -> creationTimestamp(p), Comparator.reverseOrder())
      .thenComparing((Pod p) -> p.getMetadata().getName(), Comparator.reverseOrder());

  private static String creationTimestamp(Pod pod) {
    String timestamp = pod.getMetadata().getCreationTimestamp();
    // RFC 3339 timestamps of the API server sort as text; a Pod without one is newer than any other.
    return timestamp == null ? "~" : timestamp;
  }

  private static PodDeletion deletion(Pod pod, PodDeletion.Reason reason) {
    return new PodDeletion(pod.getMetadata().getName(), reason);
  }

  private static boolean isSuspending(RayCluster cluster) {
    return Boolean.TRUE.equals(cluster.getSpec().getSuspend())
        || conditionIsTrue(cluster, RayClusterConditionType.SUSPENDING);
  }

  private static boolean headRestartDisabled(RayCluster cluster) {
    Map<String, String> annotations = cluster.getMetadata().getAnnotations();
    boolean disabled = annotations != null && "true".equalsIgnoreCase(
        annotations.get(RayClusterLabels.DISABLE_PROVISIONED_HEAD_RESTART_ANNOTATION));
    return disabled && conditionIsTrue(cluster, RayClusterConditionType.PROVISIONED);
  }

  static boolean conditionIsTrue(RayCluster cluster, RayClusterConditionType type) {
    if (cluster.getStatus() == null || cluster.getStatus().getConditions() == null) {
      return false;
    }
    for (Condition condition : cluster.getStatus().getConditions()) {
      if (type.value().equals(condition.getType())) {
        return "True".equals(condition.getStatus());
      }
    }
    return false;
  }

  private static boolean hasLabel(Pod pod, String key, String value) {
    return value != null && value.equals(label(pod, key));
  }

  private static String label(Pod pod, String key) {
    Map<String, String> labels = pod.getMetadata() == null ? null : pod.getMetadata().getLabels();
    return labels == null ? null : labels.get(key);
  }
}
