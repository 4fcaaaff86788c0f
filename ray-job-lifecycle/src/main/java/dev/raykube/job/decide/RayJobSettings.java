package dev.raykube.job.decide;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.model.job.JobSubmissionMode;
import java.time.Duration;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Operator-wide settings of the RayJob lifecycle. Immutable; start from {@link #defaults()} and change single values
 * with the {@code with…} methods.
 *
 * @param statusCheckTimeout how long the Ray job's status may stay unknown (dashboard unreachable or erroring) while
 *     Running before the RayJob fails with {@code JobStatusCheckTimeoutExceeded}; KubeRay's
 *     {@code RAYJOB_STATUS_CHECK_TIMEOUT_SECONDS}, default 300 s
 * @param terminalGracePeriod how long after the Ray job's end ({@code status.rayJobInfo.endTime}) the RayJob may stay
 *     Running while a K8sJobMode submitter has not finished; then it ends anyway with reason
 *     {@code JobDeploymentStatusTransitionGracePeriodExceeded}. KubeRay's
 *     {@code RAYJOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_SECONDS}, default 300 s
 * @param submitterGracePeriod how long after the submitter Job finished the Ray job may still be non-terminal; then
 *     the RayJob fails with {@code JobDeploymentStatusTransitionGracePeriodExceeded}. Default 30 s
 * @param poll how often to look at a RayJob that is Initializing or Running (see {@link AdaptivePoll})
 * @param teardownPoll how often to look while waiting for a RayCluster and submitter to disappear (Suspending,
 *     Retrying); default 2 s
 * @param deleteRayJobAfterJobFinishes with {@code shutdownAfterJobFinishes}, delete the RayJob itself instead of its
 *     RayCluster when the TTL is due; KubeRay's {@code DELETE_RAYJOB_CR_AFTER_JOB_FINISHES}, default false
 * @param supportedSubmissionModes the submission modes validation accepts; default all four (K8sJobMode, HTTPMode,
 *     SidecarMode, InteractiveMode); an operator may offer fewer
 * @param sidecarSubmitterRestart give SidecarMode's submitter container the container-level
 *     {@code restartPolicy: OnFailure} (Kubernetes 1.35+), so that kubelet restarts it alone and its script follows
 *     the submission it finds; KubeRay's alpha gate {@code SidecarSubmitterRestart}, default false. The RayJob then
 *     fails once the container has restarted {@value SubmitterObservation#SIDECAR_RESTART_LIMIT} times
 *     ({@link SubmitterObservation#ofSidecar})
 * @param batchScheduler the operator's batch scheduler (KubeRay's {@code --batch-scheduler}); with Volcano each RayJob
 *     gets a PodGroup, its RayCluster (K8sJobMode) and submitter join it, and the group is shrunk when the job ends
 *     or is suspended ({@code RayJobGang}); default {@link BatchScheduler#NONE}
 */
public record RayJobSettings(
    Duration statusCheckTimeout,
    Duration terminalGracePeriod,
    Duration submitterGracePeriod,
    AdaptivePoll poll,
    Duration teardownPoll,
    boolean deleteRayJobAfterJobFinishes,
    Set<JobSubmissionMode> supportedSubmissionModes,
    boolean sidecarSubmitterRestart,
    BatchScheduler batchScheduler) {

  private static final Set<JobSubmissionMode> IMPLEMENTED = Collections.unmodifiableSet(EnumSet.of(
      JobSubmissionMode.K8S_JOB_MODE, JobSubmissionMode.HTTP_MODE, JobSubmissionMode.SIDECAR_MODE,
      JobSubmissionMode.INTERACTIVE_MODE));

  /** Validates and copies. */
  public RayJobSettings {
    requireNotNegative("statusCheckTimeout", statusCheckTimeout);
    requireNotNegative("terminalGracePeriod", terminalGracePeriod);
    requireNotNegative("submitterGracePeriod", submitterGracePeriod);
    Objects.requireNonNull(poll, "poll");
    requireNotNegative("teardownPoll", teardownPoll);
    Objects.requireNonNull(supportedSubmissionModes, "supportedSubmissionModes");
    if (supportedSubmissionModes.isEmpty()) {
      throw new IllegalArgumentException("supportedSubmissionModes must not be empty");
    }
    for (JobSubmissionMode mode : supportedSubmissionModes) {
      if (!IMPLEMENTED.contains(Objects.requireNonNull(mode, "supportedSubmissionModes element"))) {
        throw new IllegalArgumentException(mode + " is not implemented; supported modes can be chosen from "
            + IMPLEMENTED);
      }
    }
    supportedSubmissionModes = Collections.unmodifiableSet(EnumSet.copyOf(supportedSubmissionModes));
    Objects.requireNonNull(batchScheduler, "batchScheduler");
  }

  /** Returns a copy with another {@link #batchScheduler()}. */
  public RayJobSettings withBatchScheduler(BatchScheduler value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, submitterGracePeriod, poll, teardownPoll,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes, sidecarSubmitterRestart, value);
  }

  /** KubeRay's defaults, every submission mode, and an adaptive poll of 1 s to 10 s. */
  public static RayJobSettings defaults() {
    return new RayJobSettings(Duration.ofSeconds(300), Duration.ofSeconds(300), Duration.ofSeconds(30),
        AdaptivePoll.DEFAULT, Duration.ofSeconds(2), false,
        EnumSet.copyOf(IMPLEMENTED), false, BatchScheduler.NONE);
  }

  /** Returns a copy with another {@link #statusCheckTimeout()}. */
  public RayJobSettings withStatusCheckTimeout(Duration value) {
    return new RayJobSettings(value, terminalGracePeriod, submitterGracePeriod, poll, teardownPoll,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes,
        sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with another {@link #terminalGracePeriod()}. */
  public RayJobSettings withTerminalGracePeriod(Duration value) {
    return new RayJobSettings(statusCheckTimeout, value, submitterGracePeriod, poll, teardownPoll,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes,
        sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with another {@link #submitterGracePeriod()}. */
  public RayJobSettings withSubmitterGracePeriod(Duration value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, value, poll, teardownPoll,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes,
        sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with another {@link #poll()}. */
  public RayJobSettings withPoll(AdaptivePoll value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, submitterGracePeriod, value, teardownPoll,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes,
        sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with another {@link #teardownPoll()}. */
  public RayJobSettings withTeardownPoll(Duration value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, submitterGracePeriod, poll, value,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes,
        sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with another {@link #deleteRayJobAfterJobFinishes()}. */
  public RayJobSettings withDeleteRayJobAfterJobFinishes(boolean value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, submitterGracePeriod, poll, teardownPoll,
        value, supportedSubmissionModes, sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with other {@link #supportedSubmissionModes()}. */
  public RayJobSettings withSupportedSubmissionModes(Set<JobSubmissionMode> value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, submitterGracePeriod, poll, teardownPoll,
        deleteRayJobAfterJobFinishes, value, sidecarSubmitterRestart, batchScheduler);
  }

  /** Returns a copy with another {@link #sidecarSubmitterRestart()}. */
  public RayJobSettings withSidecarSubmitterRestart(boolean value) {
    return new RayJobSettings(statusCheckTimeout, terminalGracePeriod, submitterGracePeriod, poll, teardownPoll,
        deleteRayJobAfterJobFinishes, supportedSubmissionModes, value, batchScheduler);
  }

  private static void requireNotNegative(String name, Duration value) {
    Objects.requireNonNull(value, name);
    if (value.isNegative()) {
      throw new IllegalArgumentException(name + " must not be negative: " + value);
    }
  }
}
