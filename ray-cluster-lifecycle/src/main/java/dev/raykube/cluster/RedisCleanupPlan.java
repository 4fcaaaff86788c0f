package dev.raykube.cluster;

import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobCondition;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What to do for a RayCluster whose data lives in Redis (GCS fault tolerance, {@link GcsFaultTolerance}) when it is
 * deleted: the cluster's key prefix in Redis, its {@linkplain GcsFaultTolerance#externalStorageNamespace storage
 * namespace}, must go too, or Redis keeps it forever. Such a RayCluster carries the finalizer {@value #FINALIZER}
 * from its first reconcile on; when it is deleted, the controller deletes its Pods, waits until the head Pod is gone
 * (a GCS still running would write again), runs {@link RedisCleanupJob}, and removes the finalizer once the Job has
 * completed or failed. Bounded: when the deadline after the deletion has passed, or the Job cannot be created at all
 * (a namespace being deleted refuses new objects, KubeRay #3388), the finalizer goes anyway and a Warning Event says
 * what may be left in Redis.
 *
 * <p>This class decides; it reads nothing and writes nothing. Pure and thread-safe.
 */
public final class RedisCleanupPlan {

  /** The finalizer that keeps a deleted RayCluster until its data is out of Redis; KubeRay's name. */
  public static final String FINALIZER = "ray.io/gcs-ft-redis-cleanup-finalizer";
  /**
   * KubeRay v1.7's annotation of a RayCluster: how many seconds after its deletion the finalizer goes, whatever the
   * clean-up's state ({@link #deletionTimeout}).
   */
  public static final String DELETION_TIMEOUT_ANNOTATION = "ray.io/gcs-ft-deletion-timeout";

  /** One step of the clean-up. */
  public enum Action {
    /** Delete {@link Step#podsToDelete()}, then wait for the head Pod to be gone. */
    DELETE_PODS,
    /** The head Pod is terminating: wait for it to be gone. */
    WAIT_FOR_HEAD,
    /** The head is gone and there is no clean-up Job: create it. */
    CREATE_JOB,
    /** The Job runs (or a Job of an earlier cluster of the same name is still there): wait. */
    WAIT_FOR_JOB,
    /** The Job completed: the data is gone; remove the finalizer. */
    CLEANED,
    /** The Job failed: remove the finalizer and warn that the data may remain. */
    JOB_FAILED,
    /** The deadline passed before the Job finished: remove the finalizer and warn that the data may remain. */
    DEADLINE_PASSED,
    /** The clean-up is switched off in the operator, or the cluster no longer uses Redis: remove the finalizer. */
    NOT_WANTED
  }

  /**
   * One decision.
   *
   * @param action what to do
   * @param podsToDelete the Pods to delete ({@link Action#DELETE_PODS} only; else empty)
   * @param checkAgainIn when to decide again if nothing changes meanwhile; {@code null} once the finalizer is to go
   */
  public record Step(Action action, List<String> podsToDelete, Duration checkAgainIn) {

    /** Checks the parts and copies the list. */
    public Step {
      Objects.requireNonNull(action, "action");
      podsToDelete = List.copyOf(podsToDelete);
    }

    /** Whether the finalizer is to be removed now. */
    public boolean releases() {
      return action == Action.CLEANED || action == Action.JOB_FAILED || action == Action.DEADLINE_PASSED
          || action == Action.NOT_WANTED;
    }
  }

  private static final Duration HEAD_WAIT = Duration.ofSeconds(10);

  private RedisCleanupPlan() {
  }

  /**
   * Whether the RayCluster should carry {@value #FINALIZER}: the clean-up is on in the operator and the cluster keeps
   * its GCS data in Redis (options without {@code backend} or with {@code backend: redis}, or the legacy annotation).
   *
   * @param cluster the RayCluster
   * @param settings the operator's settings
   * @return whether it needs the finalizer
   */
  public static boolean applies(RayCluster cluster, ClusterBuildSettings settings) {
    if (!settings.redisCleanup() || !GcsFaultTolerance.isEnabled(cluster)) {
      return false;
    }
    GcsFaultToleranceOptions options = cluster.getSpec() == null ? null
        : cluster.getSpec().getGcsFaultToleranceOptions();
    return options == null || options.getBackend() == null || options.getBackend().isBlank()
        || "redis".equalsIgnoreCase(options.getBackend());
  }

  /**
   * How long after its deletion a RayCluster may wait for its Redis clean-up: its annotation
   * {@value #DELETION_TIMEOUT_ANNOTATION} when that is a whole number of seconds above 0 (as KubeRay v1.7 reads it),
   * else {@code fallback}.
   *
   * @param cluster the RayCluster
   * @param fallback the operator's timeout
   * @return the timeout to apply
   */
  public static Duration deletionTimeout(RayCluster cluster, Duration fallback) {
    Map<String, String> annotations = cluster.getMetadata().getAnnotations();
    String value = annotations == null ? null : annotations.get(DELETION_TIMEOUT_ANNOTATION);
    if (value == null || !value.strip().matches("\\d{1,9}")) {
      return fallback;
    }
    long seconds = Long.parseLong(value.strip());
    return seconds > 0 ? Duration.ofSeconds(seconds) : fallback;
  }

  /**
   * Whether the RayCluster carries {@value #FINALIZER}.
   *
   * @param cluster the RayCluster
   * @return whether the finalizer is there
   */
  public static boolean holdsFinalizer(RayCluster cluster) {
    List<String> finalizers = cluster.getMetadata().getFinalizers();
    return finalizers != null && finalizers.contains(FINALIZER);
  }

  /**
   * The next step for a RayCluster being deleted that carries {@value #FINALIZER}.
   *
   * @param cluster the RayCluster, with {@code deletionTimestamp}
   * @param settings the operator's settings (whether the clean-up is on)
   * @param pods the cluster's Pods as observed (terminating ones included)
   * @param job the Job named {@link RedisCleanupJob#name}, or {@code null} if there is none
   * @param now the time of the decision
   * @param deadline how long after the deletion the clean-up may take
   * @param pollJob how often to look at a running Job
   * @return what to do
   */
  public static Step decide(RayCluster cluster, ClusterBuildSettings settings, Collection<Pod> pods, Job job,
      Instant now, Duration deadline, Duration pollJob) {
    if (!applies(cluster, settings)) {
      return new Step(Action.NOT_WANTED, List.of(), null);
    }
    if (job != null && ownedBy(job, cluster)) {
      String finished = finishedCondition(job);
      if ("Complete".equals(finished)) {
        return new Step(Action.CLEANED, List.of(), null);
      }
      if ("Failed".equals(finished)) {
        return new Step(Action.JOB_FAILED, List.of(), null);
      }
    }
    Instant deletedAt = deletedAt(cluster, now);
    Duration left = Duration.between(now, deletedAt.plus(deadline));
    if (left.isNegative() || left.isZero()) {
      return new Step(Action.DEADLINE_PASSED, List.of(), null);
    }
    List<String> toDelete = pods.stream()
        .filter(pod -> pod.getMetadata().getDeletionTimestamp() == null)
        .map(pod -> pod.getMetadata().getName())
        .sorted()
        .toList();
    boolean headPresent = pods.stream().anyMatch(RedisCleanupPlan::isHead);
    if (!toDelete.isEmpty()) {
      return new Step(Action.DELETE_PODS, toDelete, shorter(HEAD_WAIT, left));
    }
    if (headPresent) {
      return new Step(Action.WAIT_FOR_HEAD, List.of(), shorter(HEAD_WAIT, left));
    }
    if (job == null) {
      return new Step(Action.CREATE_JOB, List.of(), shorter(pollJob, left));
    }
    return new Step(Action.WAIT_FOR_JOB, List.of(), shorter(pollJob, left));
  }

  private static boolean isHead(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels != null && RayNodeType.HEAD.label().equals(labels.get(RayClusterLabels.NODE_TYPE));
  }

  private static boolean ownedBy(Job job, RayCluster cluster) {
    return job.getMetadata().getOwnerReferences() != null && job.getMetadata().getOwnerReferences().stream()
        .anyMatch(owner -> Objects.equals(owner.getUid(), cluster.getMetadata().getUid()));
  }

  /** {@code Complete} or {@code Failed} when that condition of the Job is true, else {@code null}. */
  private static String finishedCondition(Job job) {
    if (job.getStatus() == null || job.getStatus().getConditions() == null) {
      return null;
    }
    for (JobCondition condition : job.getStatus().getConditions()) {
      if ("True".equals(condition.getStatus())
          && ("Complete".equals(condition.getType()) || "Failed".equals(condition.getType()))) {
        return condition.getType();
      }
    }
    return null;
  }

  private static Instant deletedAt(RayCluster cluster, Instant now) {
    String timestamp = cluster.getMetadata().getDeletionTimestamp();
    if (timestamp == null || timestamp.isBlank()) {
      return now;
    }
    return OffsetDateTime.parse(timestamp).toInstant();
  }

  private static Duration shorter(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }
}
