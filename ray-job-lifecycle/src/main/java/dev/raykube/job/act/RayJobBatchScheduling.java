package dev.raykube.job.act;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.cluster.GangSize;
import dev.raykube.cluster.loop.VolcanoPodGroups;
import dev.raykube.job.decide.Decision;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The batch scheduler's part of a RayJob reconcile, run between the decision and its status write, at KubeRay v1.7.0's
 * points. With {@code --batch-scheduler=kai-scheduler}, a K8sJobMode RayJob is refused on each Initializing reconcile
 * ({@link RayJobGang#unsupportedByKai}: Warning, no status write, no action); with
 * {@code --batch-scheduler=scheduler-plugins}, every RayJob is, as in KubeRay (which supports RayClusters only there).
 * With {@code --batch-scheduler=volcano}:
 *
 * <ul>
 *   <li>a RayJob that stays Initializing gets its PodGroup created or resized to {@link RayJobGang#atSubmission}
 *       before its RayCluster is created; a failure, or a {@code clusterSelector} (which gang scheduling does not
 *       support), holds the decision back (no status write, no action; deadlines still end such a RayJob);</li>
 *   <li>a Complete or Failed RayJob has its PodGroup shrunk to {@link RayJobGang#afterJob} on each reconcile (a failure
 *       is a Warning only);</li>
 *   <li>a Suspending or Retrying RayJob has it shrunk before it leaves that state; a failure holds the move back.</li>
 * </ul>
 *
 * <p>Nothing is done for a {@code clusterSelector} RayJob or one without a cluster name when shrinking. The PodGroup
 * is never deleted here: it goes with the RayJob (owner reference).
 */
public final class RayJobBatchScheduling {

  private static final Logger LOG = LoggerFactory.getLogger(RayJobBatchScheduling.class);
  private static final Set<JobDeploymentStatus> ENDED = Set.of(JobDeploymentStatus.COMPLETE,
      JobDeploymentStatus.FAILED);
  private static final Set<JobDeploymentStatus> TEARING_DOWN = Set.of(JobDeploymentStatus.SUSPENDING,
      JobDeploymentStatus.RETRYING);

  private final BatchScheduler scheduler;
  private final VolcanoPodGroups podGroups;
  private final EventRecorder events;

  /** The step for the operator's {@code scheduler}, writing through {@code client}. */
  public RayJobBatchScheduling(KubernetesClient client, EventRecorder events, BatchScheduler scheduler) {
    this.podGroups = new VolcanoPodGroups(Objects.requireNonNull(client, "client"));
    this.events = Objects.requireNonNull(events, "events");
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
  }

  /**
   * Runs the step for a decision about {@code job}.
   *
   * @param job the RayJob as stored (its status is the state the decision started from)
   * @param observed what was observed
   * @param decision what was decided
   * @return why the decision must wait (come back in a few seconds), or empty
   */
  public Optional<String> beforeRecording(RayJob job, ObservedRayJob observed, Decision decision) {
    JobDeploymentStatus from = job.getStatus() == null || job.getStatus().getJobDeploymentStatus() == null
        ? JobDeploymentStatus.NEW : job.getStatus().getJobDeploymentStatus();
    JobDeploymentStatus to = decision.status().getJobDeploymentStatus();
    if (scheduler == BatchScheduler.KAI_SCHEDULER && from == JobDeploymentStatus.INITIALIZING
        && to == JobDeploymentStatus.INITIALIZING) {
      Optional<String> refused = RayJobGang.unsupportedByKai(job);
      refused.ifPresent(why -> events.record(job, EventType.WARNING, RayJobEventReason.BATCH_SCHEDULING_NOT_SUPPORTED,
          why));
      return refused;
    }
    if (scheduler == BatchScheduler.SCHEDULER_PLUGINS && from == JobDeploymentStatus.INITIALIZING
        && to == JobDeploymentStatus.INITIALIZING) {
      String why = "the scheduler-plugins integration supports RayClusters only, not RayJob "
          + job.getMetadata().getNamespace() + "/" + job.getMetadata().getName();
      events.record(job, EventType.WARNING, RayJobEventReason.BATCH_SCHEDULING_NOT_SUPPORTED, why);
      return Optional.of(why);
    }
    if (scheduler != BatchScheduler.VOLCANO) {
      return Optional.empty();
    }
    if (from == JobDeploymentStatus.INITIALIZING && to == JobDeploymentStatus.INITIALIZING) {
      return atSubmission(job);
    }
    if (ENDED.contains(from)) {
      shrink(job, observed);
      return Optional.empty();
    }
    if (TEARING_DOWN.contains(from) && to != from) {
      return shrink(job, observed);
    }
    return Optional.empty();
  }

  private Optional<String> atSubmission(RayJob job) {
    Optional<String> unsupported = RayJobGang.unsupported(job);
    if (unsupported.isPresent()) {
      events.record(job, EventType.WARNING, RayJobEventReason.BATCH_SCHEDULING_NOT_SUPPORTED, unsupported.get());
      return unsupported;
    }
    String what = "Volcano PodGroup " + VolcanoPodGroups.describe(job);
    GangSize size = RayJobGang.atSubmission(job);
    try {
      switch (podGroups.sync(job, size)) {
        case CREATED -> events.record(job, EventType.NORMAL, RayJobEventReason.CREATED_POD_GROUP, "Created " + what
            + " (minMember " + size.minMember() + ")");
        case UPDATED -> events.record(job, EventType.NORMAL, RayJobEventReason.UPDATED_POD_GROUP, "Resized " + what
            + " to minMember " + size.minMember() + ", minResources " + size.minResources());
        case UNCHANGED -> {
        }
      }
      return Optional.empty();
    } catch (KubernetesClientException | IllegalArgumentException e) {
      String message = "Failed to create or resize " + what + "; the RayCluster waits for it: " + e.getMessage();
      events.record(job, EventType.WARNING, RayJobEventReason.FAILED_TO_SYNC_POD_GROUP, message);
      return Optional.of(message);
    }
  }

  private Optional<String> shrink(RayJob job, ObservedRayJob observed) {
    String clusterName = job.getStatus() == null ? null : job.getStatus().getRayClusterName();
    if (RayJobGang.unsupported(job).isPresent() || clusterName == null || clusterName.isEmpty()) {
      return Optional.empty();
    }
    String what = "Volcano PodGroup " + VolcanoPodGroups.describe(job);
    GangSize size = RayJobGang.afterJob(observed.observation().cluster());
    try {
      VolcanoPodGroups.Result result = podGroups.sync(job, size);
      if (result != VolcanoPodGroups.Result.UNCHANGED) {
        events.record(job, EventType.NORMAL, RayJobEventReason.BATCH_SCHEDULER_CLEANED_UP, "Shrank " + what
            + " to minMember " + size.minMember() + ", minResources " + size.minResources());
      }
      return Optional.empty();
    } catch (KubernetesClientException | IllegalArgumentException e) {
      String message = "Failed to clean up the batch scheduler's resources (" + what + "): " + e.getMessage();
      LOG.warn("{}/{}: {}", job.getMetadata().getNamespace(), job.getMetadata().getName(), message);
      events.record(job, EventType.WARNING, RayJobEventReason.FAILED_TO_CLEANUP_BATCH_SCHEDULER, message);
      return Optional.of(message);
    }
  }
}
