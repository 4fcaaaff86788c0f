package dev.raykube.cluster.loop;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.GcsFaultTolerance;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayPodFactory;
import dev.raykube.cluster.RedisCleanupJob;
import dev.raykube.cluster.RedisCleanupPlan;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.FinalizerEdit;
import dev.raykube.reconcile.FinalizerEditor;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The I/O of {@link RedisCleanupPlan}: adds {@value RedisCleanupPlan#FINALIZER} to a live RayCluster that keeps its
 * GCS data in Redis, and carries out the plan's steps for one being deleted — deleting its Pods (one delete-collection
 * request), reading and creating its {@link RedisCleanupJob}, and removing the finalizer with Events:
 * {@code CreatedRedisCleanupJob}, {@code FailedToCreateRedisCleanupJob}, {@code RedisCleanupFailed} and
 * {@code ForceDeletedStuckCluster}. The finalizer is edited with optimistic concurrency ({@link FinalizerEditor}).
 * Thread-safe for different RayClusters.
 */
final class RedisCleanupFinalizer {
  private static final Logger LOG = LoggerFactory.getLogger(RedisCleanupFinalizer.class);

  private final KubernetesClient client;
  private final ClusterBuildSettings settings;
  private final RayPodFactory pods;
  private final EventRecorder events;
  private final RayClusterTimings timings;
  private final FinalizerEditor finalizers = new FinalizerEditor();

  RedisCleanupFinalizer(KubernetesClient client, ClusterBuildSettings settings, EventRecorder events,
      RayClusterTimings timings) {
    this.client = client;
    this.settings = settings;
    this.pods = new RayPodFactory(settings);
    this.events = events;
    this.timings = timings;
  }

  /**
   * Adds the finalizer to a live RayCluster that needs it and does not have it yet.
   *
   * @return the RayCluster to go on with (as written when the finalizer was added), or empty when it was deleted
   *     meanwhile and the caller should stop
   * @throws KubernetesClientException if the write fails; the caller's retry tries again
   */
  Optional<RayCluster> ensureFinalizer(RayCluster cluster) {
    if (!RedisCleanupPlan.applies(cluster, settings) || RedisCleanupPlan.holdsFinalizer(cluster)) {
      return Optional.of(cluster);
    }
    FinalizerEdit<RayCluster> edit = finalizers.add(client, cluster, RedisCleanupPlan.FINALIZER);
    return switch (edit.result()) {
      case ADDED -> {
        LOG.info("RayCluster {}: added finalizer {}: its data in Redis (storage namespace {}) is deleted with it",
            key(cluster), RedisCleanupPlan.FINALIZER, GcsFaultTolerance.externalStorageNamespace(cluster));
        yield Optional.of(edit.resource());
      }
      case ALREADY_PRESENT -> Optional.of(edit.resource()); // the caller's copy was older than the API server's
      case BEING_DELETED, NOT_FOUND -> Optional.empty();
      case REMOVED, ALREADY_ABSENT -> throw new IllegalStateException("an add reported " + edit.result());
    };
  }

  /**
   * One step of the clean-up of a RayCluster being deleted that holds the finalizer.
   *
   * @param cluster the RayCluster, with {@code deletionTimestamp}
   * @param observed its Pods in the caller's cache
   * @param now the time of the decision
   * @return when to come back; empty once the finalizer is gone
   */
  Optional<Duration> continueDeletion(RayCluster cluster, Collection<Pod> observed, Instant now) {
    String namespace = cluster.getMetadata().getNamespace();
    String jobName = RedisCleanupJob.name(cluster);
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(jobName).get();
    Duration timeout = RedisCleanupPlan.deletionTimeout(cluster, timings.redisCleanupDeadline());
    RedisCleanupPlan.Step step = RedisCleanupPlan.decide(cluster, settings, observed, job, now, timeout,
        timings.requeueSoon());
    String storage = GcsFaultTolerance.externalStorageNamespace(cluster);
    switch (step.action()) {
      case DELETE_PODS -> {
        LOG.info("RayCluster {} is deleted: deleting its {} Pods before its data leaves Redis", key(cluster),
            step.podsToDelete().size());
        client.pods().inNamespace(namespace).withLabel(RayClusterLabels.CLUSTER, cluster.getMetadata().getName())
            .withLabel(RayClusterLabels.IS_RAY_NODE, "yes").delete();
      }
      case WAIT_FOR_HEAD -> LOG.debug("RayCluster {}: waiting for the head Pod to be gone before the Redis clean-up",
          key(cluster));
      case CREATE_JOB -> {
        return createJob(cluster, storage, step);
      }
      case WAIT_FOR_JOB -> LOG.debug("RayCluster {}: Redis clean-up Job {} running", key(cluster), jobName);
      case CLEANED -> LOG.info("RayCluster {}: Redis clean-up Job {} completed; storage namespace {} is gone from "
          + "Redis", key(cluster), jobName, storage);
      case JOB_FAILED -> record(cluster, ClusterEventReason.REDIS_CLEANUP_FAILED, "Redis clean-up Job " + jobName
          + " failed: storage namespace " + storage + " may remain in Redis" + address(cluster)
          + "; delete its keys by hand (the Job's Pod log tells why)");
      case DEADLINE_PASSED -> record(cluster, ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER, "The Redis clean-up "
          + "did not finish within " + timeout.toSeconds() + " s of the deletion"
          + (job == null ? " (no clean-up Job could be created)" : " (Job " + jobName + ")")
          + ": removed finalizer " + RedisCleanupPlan.FINALIZER + "; storage namespace " + storage
          + " may remain in Redis" + address(cluster));
      case NOT_WANTED -> LOG.info("RayCluster {}: the Redis clean-up is off (or the cluster does not use Redis); "
          + "removing finalizer {} without it", key(cluster), RedisCleanupPlan.FINALIZER);
    }
    if (step.releases()) {
      finalizers.remove(client, cluster, RedisCleanupPlan.FINALIZER);
      return Optional.empty();
    }
    return Optional.of(step.checkAgainIn());
  }

  private Optional<Duration> createJob(RayCluster cluster, String storage, RedisCleanupPlan.Step step) {
    String name = cluster.getMetadata().getNamespace() + "/" + RedisCleanupJob.name(cluster);
    Job job;
    try {
      job = RedisCleanupJob.build(cluster, pods);
    } catch (IllegalArgumentException e) {
      record(cluster, ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER, "The Redis clean-up Job cannot be built ("
          + e.getMessage() + "): removed finalizer " + RedisCleanupPlan.FINALIZER + "; storage namespace " + storage
          + " may remain in Redis" + address(cluster));
      finalizers.remove(client, cluster, RedisCleanupPlan.FINALIZER);
      return Optional.empty();
    }
    try {
      client.resource(job).create();
      record(cluster, ClusterEventReason.CREATED_REDIS_CLEANUP_JOB, "Created Redis clean-up Job " + name
          + " for storage namespace " + storage);
      return Optional.of(step.checkAgainIn());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        return Optional.of(step.checkAgainIn()); // created by an earlier attempt whose answer was lost
      }
      if (isNamespaceTerminating(e)) {
        record(cluster, ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER, "The namespace is being deleted and "
            + "refuses the Redis clean-up Job: removed finalizer " + RedisCleanupPlan.FINALIZER
            + "; storage namespace " + storage + " may remain in Redis" + address(cluster));
        finalizers.remove(client, cluster, RedisCleanupPlan.FINALIZER);
        return Optional.empty();
      }
      record(cluster, ClusterEventReason.FAILED_TO_CREATE_REDIS_CLEANUP_JOB, "Failed to create Redis clean-up Job "
          + name + ": " + e.getMessage());
      return Optional.of(timings.afterFailure().compareTo(step.checkAgainIn()) < 0 ? timings.afterFailure()
          : step.checkAgainIn());
    }
  }

  /** A 403 whose message says the namespace is terminating: Kubernetes creates nothing new in it. */
  static boolean isNamespaceTerminating(KubernetesClientException e) {
    String message = e.getStatus() != null && e.getStatus().getMessage() != null ? e.getStatus().getMessage()
        : e.getMessage();
    return e.getCode() == 403 && message != null && message.contains("because it is being terminated");
  }

  private static String address(RayCluster cluster) {
    var options = cluster.getSpec() == null ? null : cluster.getSpec().getGcsFaultToleranceOptions();
    return options == null || options.getRedisAddress() == null ? "" : " at " + options.getRedisAddress();
  }

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }

  private static String key(RayCluster cluster) {
    return cluster.getMetadata().getNamespace() + "/" + cluster.getMetadata().getName();
  }
}
