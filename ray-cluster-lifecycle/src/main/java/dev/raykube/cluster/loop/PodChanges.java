package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.PodDeletion;
import dev.raykube.cluster.PodHealth;
import dev.raykube.cluster.PodReconcilePlan;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayPodFactory;
import dev.raykube.cluster.ReplicaFailure;
import dev.raykube.cluster.ReplicaNameSource;
import dev.raykube.cluster.WorkerGroupPlan;
import dev.raykube.cluster.WorkerSlot;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.OwnedObjects;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Carries out a {@link PodReconcilePlan}: deletes and creates Pods through the API server, remembers each write in the
 * {@link PodExpectations}, and records one Event per kind of change per reconcile (e.g. one {@code CreatedWorkerPod}
 * naming the three workers just created: three Events would cost three more API requests on the way to the Pods, and
 * tell a user nothing more) and one for every failure. It stops at the
 * first failed write (a quota or admission problem would fail the rest too) and reports it as the
 * {@link ReplicaFailure} of the status.
 *
 * <p>Order: suspend (delete all Pods labelled {@code ray.io/cluster=<name>} and {@code ray.io/is-ray-node=yes} in one
 * call); else head deletions, head creation, then per worker group its deletions and creations, then the Pods of
 * removed groups. Given an executor for creations, a group's new workers are created at once in it (a new cluster's
 * Pods then cost one round trip for the head and one for its workers, not one per Pod); they are recorded in the
 * reconcile's thread, in order, and a failure among them is reported as the first one in that order (those created
 * beside it stay created and expected). Without one, they are created one after another and the first failure stops
 * the rest. Each worker is built in the slot the plan gives it (its replica labels, with multi-host indexing); the
 * random part of a new multi-host replica's name comes from the loop's {@link ReplicaNameSource}. A deletion's Event
 * says why, e.g. "cleanup of an incomplete multi-host replica".
 */
final class PodChanges {


  /**
   * What was done.
   *
   * @param plan the plan that was carried out
   * @param failure the write that failed, or {@code null}
   * @param writes how many Pod writes were sent (including the failed one)
   */
  record Outcome(PodReconcilePlan plan, ReplicaFailure failure, int writes) {
  }

  private final KubernetesClient client;
  private final ClusterBuildSettings settings;
  private final RayPodFactory pods;
  private final OwnedObjects owned;
  private final EventRecorder events;
  private final PodExpectations expectations;
  private final Executor creations;
  private final ReplicaNameSource replicaNames;

  /** With {@code creations} {@code null}, workers are created one after another in the reconcile's thread. */
  PodChanges(KubernetesClient client, ClusterBuildSettings settings, EventRecorder events,
      PodExpectations expectations, Executor creations, ReplicaNameSource replicaNames) {
    this.creations = creations;
    this.replicaNames = Objects.requireNonNull(replicaNames, "replicaNames");
    this.client = Objects.requireNonNull(client, "client");
    this.owned = new OwnedObjects(client);
    this.settings = Objects.requireNonNull(settings, "settings");
    this.pods = new RayPodFactory(settings);
    this.events = Objects.requireNonNull(events, "events");
    this.expectations = Objects.requireNonNull(expectations, "expectations");
  }

  /**
   * Decides with {@link PodReconcilePlan#compute} and acts.
   *
   * @param key the cluster's {@code namespace/name} (the expectations' key)
   * @param observed the cluster's Pods as expected ({@link PodExpectations#podsAsExpected})
   */
  Outcome apply(String key, RayCluster cluster, List<Pod> observed, Instant now) {
    PodReconcilePlan plan = PodReconcilePlan.compute(cluster, observed, settings, replicaNames);
    plan.problems().forEach(problem -> record(cluster, ClusterEventReason.INCONSISTENT_PODS, problem));
    Writes writes = new Writes(key, cluster, now);
    try {
      return carryOut(plan, cluster, observed, writes);
    } finally {
      writes.recordDone();
    }
  }

  private Outcome carryOut(PodReconcilePlan plan, RayCluster cluster, List<Pod> observed, Writes writes) {
    if (plan.deleteAllPods()) {
      writes.deleteAll(observed, plan.upgrade());
      return new Outcome(plan, writes.failure, writes.count);
    }
    for (PodDeletion deletion : plan.headDeletions()) {
      if (!writes.delete(deletion, true)) {
        return new Outcome(plan, writes.failure, writes.count);
      }
    }
    if (plan.createHead() && !writes.create(pods.head(cluster), true)) {
      return new Outcome(plan, writes.failure, writes.count);
    }
    List<WorkerGroupSpec> groups = cluster.getSpec().getWorkerGroupSpecs() == null ? List.of()
        : cluster.getSpec().getWorkerGroupSpecs();
    for (WorkerGroupPlan group : plan.workerGroups()) {
      for (PodDeletion deletion : group.deletions()) {
        if (!writes.delete(deletion, false)) {
          return new Outcome(plan, writes.failure, writes.count);
        }
      }
      WorkerGroupSpec spec = groups.stream().filter(g -> g.getGroupName().equals(group.groupName())).findFirst()
          .orElseThrow();
      if (!writes.createWorkers(spec, group.creations())) {
        return new Outcome(plan, writes.failure, writes.count);
      }
    }
    for (PodDeletion deletion : plan.removedGroupDeletions()) {
      if (!writes.delete(deletion, false)) {
        return new Outcome(plan, writes.failure, writes.count);
      }
    }
    return new Outcome(plan, null, writes.count);
  }

  /** The writes of one reconcile. */
  private final class Writes {
    private final String key;
    private final RayCluster cluster;
    private final String namespace;
    private final Instant now;
    private final Map<String, Done> done = new LinkedHashMap<>();
    private ReplicaFailure failure;
    private int count;

    Writes(String key, RayCluster cluster, Instant now) {
      this.key = key;
      this.cluster = cluster;
      this.namespace = cluster.getMetadata().getNamespace();
      this.now = now;
    }

    boolean create(Pod pod, boolean head) {
      count++;
      return created(pod, owned.ensure(pod), head);
    }

    /** Creates the workers of a group in the given slots at once; true if all were created. */
    boolean createWorkers(WorkerGroupSpec spec, List<WorkerSlot> slots) {
      int n = slots.size();
      if (creations == null || n == 1) {
        for (int i = 0; i < n; i++) {
          if (!create(pods.worker(cluster, spec, slots.get(i)), false)) {
            return false;
          }
        }
        return true;
      }
      List<Pod> desired = new ArrayList<>(n);
      List<CompletableFuture<OwnedObjects.Ensured<Pod>>> sent = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        Pod pod = pods.worker(cluster, spec, slots.get(i));
        desired.add(pod);
        sent.add(CompletableFuture.supplyAsync(() -> owned.ensure(pod), creations));
      }
      boolean all = true;
      for (int i = 0; i < n; i++) {
        count++;
        OwnedObjects.Ensured<Pod> ensured = sent.get(i).join();
        if (all) {
          all = created(desired.get(i), ensured, false);
        } else if (ensured.outcome() == OwnedObjects.Ensured.Outcome.CREATED) {
          expectations.created(key, CachedPod.of(ensured.object()), now);
          done(ClusterEventReason.CREATED_WORKER_POD, "Created", "worker", null,
              ensured.object().getMetadata().getName());
        }
      }
      return all;
    }

    private boolean created(Pod pod, OwnedObjects.Ensured<Pod> ensured, boolean head) {
      String kind = head ? "head" : "worker";
      if (ensured.outcome() == OwnedObjects.Ensured.Outcome.CREATED) {
        Pod created = ensured.object();
        expectations.created(key, CachedPod.of(created), now);
        done(head ? ClusterEventReason.CREATED_HEAD_POD : ClusterEventReason.CREATED_WORKER_POD, "Created", kind,
            null, created.getMetadata().getName());
        return true;
      }
      String message = "Failed to create " + kind + " Pod (generateName " + pod.getMetadata().getGenerateName()
          + ") in namespace " + namespace + ": " + (ensured.failed() ? ensured.problem() : "it already exists");
      record(cluster, head ? ClusterEventReason.FAILED_TO_CREATE_HEAD_POD
          : ClusterEventReason.FAILED_TO_CREATE_WORKER_POD, message);
      failure = new ReplicaFailure(head ? ReplicaFailure.Reason.FAILED_CREATE_HEAD_POD
          : ReplicaFailure.Reason.FAILED_CREATE_WORKER_POD, message);
      return false;
    }

    boolean delete(PodDeletion deletion, boolean head) {
      count++;
      String kind = head ? "head" : "worker";
      String name = namespace + "/" + deletion.podName();
      OwnedObjects.Removed removed = owned.remove(Pod.class, namespace, deletion.podName());
      if (!removed.failed()) {
        expectations.deleted(key, deletion.podName(), now);
        done(head ? ClusterEventReason.DELETED_HEAD_POD : ClusterEventReason.DELETED_WORKER_POD, "Deleted", kind,
            why(deletion.reason()), deletion.podName());
        return true;
      }
      String message = "Failed to delete " + kind + " Pod " + name + ": " + removed.problem();
      record(cluster, head ? ClusterEventReason.FAILED_TO_DELETE_HEAD_POD
          : ClusterEventReason.FAILED_TO_DELETE_WORKER_POD, message);
      failure = new ReplicaFailure(head ? ReplicaFailure.Reason.FAILED_DELETE_HEAD_POD
          : ReplicaFailure.Reason.FAILED_DELETE_WORKER_POD, message);
      return false;
    }

    private void done(ClusterEventReason reason, String verb, String kind, String why, String podName) {
      done.computeIfAbsent(reason.value() + "/" + why, k -> new Done(reason, verb, kind, why, new ArrayList<>()))
          .pods().add(namespace + "/" + podName);
    }

    /** One Event per kind of change done: the Pods named, up to {@value #NAMED_PODS} of them. */
    void recordDone() {
      for (Done d : done.values()) {
        List<String> pods = d.pods();
        String names = String.join(", ", pods.subList(0, Math.min(NAMED_PODS, pods.size())))
            + (pods.size() > NAMED_PODS ? " and " + (pods.size() - NAMED_PODS) + " more" : "");
        record(cluster, d.reason(), pods.size() == 1
            ? d.verb() + " " + d.kind() + " Pod " + names + (d.why() == null ? "" : ": " + d.why())
            : d.verb() + " " + pods.size() + " " + d.kind() + " Pods" + (d.why() == null ? "" : " (" + d.why() + ")")
                + ": " + names);
      }
      done.clear();
    }

    void deleteAll(List<Pod> observed, boolean upgrade) {
      count++;
      String name = cluster.getMetadata().getName();
      try {
        client.pods().inNamespace(namespace).withLabel(RayClusterLabels.CLUSTER, name)
            .withLabel(RayClusterLabels.IS_RAY_NODE, "yes").delete();
        List<Pod> live = observed.stream().filter(p -> !PodHealth.isTerminating(p)).toList();
        live.forEach(p -> expectations.deleted(key, p.getMetadata().getName(), now));
        record(cluster, ClusterEventReason.DELETED_POD, "Deleted all " + live.size()
            + " Pods of RayCluster " + namespace + "/" + name + (upgrade
                ? " to recreate them from its changed spec (upgradeStrategy Recreate)" : " because it is suspended"));
      } catch (KubernetesClientException e) {
        String message = "Failed to delete the Pods of " + (upgrade ? "" : "suspended ") + "RayCluster " + namespace
            + "/" + name + ": " + e.getMessage();
        record(cluster, ClusterEventReason.FAILED_TO_DELETE_POD, message);
        failure = new ReplicaFailure(ReplicaFailure.Reason.FAILED_DELETE_ALL_PODS, message);
      }
    }
  }

  /** Successful changes of one kind in one reconcile, for one Event. */
  private record Done(ClusterEventReason reason, String verb, String kind, String why, List<String> pods) {
  }

  private static final int NAMED_PODS = 10;

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }

  private static String why(PodDeletion.Reason reason) {
    return switch (reason) {
      case BEYOND_REPAIR -> "it failed and is replaced";
      case WORKERS_TO_DELETE -> "it is named in scaleStrategy.workersToDelete";
      case SCALE_DOWN -> "the worker group has more Pods than desired";
      case GROUP_SUSPENDED -> "its worker group is suspended";
      case GROUP_REMOVED -> "its worker group is no longer in the spec";
      case INCOMPLETE_REPLICA -> "cleanup of an incomplete multi-host replica";
      case REPLICA_BEYOND_REPAIR -> "a host of its multi-host replica failed; the replica is replaced whole";
      case REPLICA_IN_WORKERS_TO_DELETE -> "autoscaler scale-down request: a host of its multi-host replica is named"
          + " in scaleStrategy.workersToDelete";
      case REPLICA_SCALE_DOWN -> "scaling down: the worker group has more multi-host replicas than desired";
    };
  }
}
