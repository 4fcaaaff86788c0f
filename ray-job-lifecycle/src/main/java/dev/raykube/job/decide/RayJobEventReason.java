package dev.raykube.job.decide;

import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.job.stop.StopOutcome;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.reconcile.EventReason;

/**
 * Every reason of the Kubernetes Events recorded about a RayJob, KubeRay's spelling where KubeRay has the same Event:
 * those the state machine asks for ({@link RayJobAction.EmitEvent}), those of the outcome of an action, and those of
 * the deletion steps. Alerts and dashboards can match on this list. Events are recorded only where a user needs them:
 * a Warning for every failure or rejected input, a Normal Event for an action on another object the user could not
 * otherwise see; the reasons marked "not recorded" or "logged only" name steps whose result the status (or the
 * RayJob's disappearance) already shows, and appear in the operator's log with the same words.
 */
public enum RayJobEventReason implements EventReason {
  // Decisions of the state machine.
  /** Warning: {@code metadata} of the RayJob is invalid (for example its name). */
  INVALID_METADATA("InvalidRayJobMetadata"),
  /** Warning: {@code spec} of the RayJob is invalid. */
  INVALID_SPEC("InvalidRayJobSpec"),
  /** Normal: a RayJob in ValidationFailed has a valid spec again and starts over. */
  SPEC_FIXED("RayJobSpecFixed"),
  /** Warning: {@code status.jobDeploymentStatus} holds a value this version does not know; nothing is done. */
  UNKNOWN_DEPLOYMENT_STATUS("UnknownJobDeploymentStatus"),
  /** Warning: the RayCluster named by {@code clusterSelector} does not exist (yet). */
  CLUSTER_NOT_FOUND("RayClusterNotFound"),
  /** Warning: a RayCluster with the RayJob's generated cluster name exists but was not created for this RayJob. */
  CLUSTER_NOT_OWNED("RayClusterNotOwned"),
  /** Normal: {@code spec.suspend} was set; the RayCluster and submitter are being deleted. */
  SUSPENDING("Suspending"),
  /** Normal: the RayJob is suspended; nothing of it runs. */
  SUSPENDED("Suspended"),
  /** Normal: {@code spec.suspend} was cleared; the RayJob starts over. */
  RESUMED("Resumed"),
  /** Warning: an attempt failed and {@code spec.backoffLimit} allows another one on a new RayCluster. */
  RETRYING("Retrying"),
  /**
   * Normal: the Ray job ended (SUCCEEDED or STOPPED) and the RayJob is Complete. Not recorded by this version (the
   * status shows it); kept so that alerts matching it keep compiling.
   */
  COMPLETED("Completed"),
  /** Warning: the RayJob failed without a {@code status.reason}. */
  FAILED("Failed"),
  /** Warning: the RayJob failed with {@code SubmissionFailed}. */
  SUBMISSION_FAILED(JobFailedReason.SUBMISSION_FAILED.value()),
  /** Warning: the RayJob failed with {@code DeadlineExceeded}. */
  DEADLINE_EXCEEDED(JobFailedReason.DEADLINE_EXCEEDED.value()),
  /** Warning: the RayJob failed with {@code PreRunningDeadlineExceeded}. */
  PRE_RUNNING_DEADLINE_EXCEEDED(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED.value()),
  /** Warning: the RayJob failed with {@code AppFailed}. */
  APP_FAILED(JobFailedReason.APP_FAILED.value()),
  /** Warning: the RayJob failed with {@code JobDeploymentStatusTransitionGracePeriodExceeded}. */
  TRANSITION_GRACE_PERIOD_EXCEEDED(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED.value()),
  /** Warning: the RayJob failed with {@code JobStatusCheckTimeoutExceeded}. */
  STATUS_CHECK_TIMEOUT_EXCEEDED(JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED.value()),
  /** Warning: the RayJob failed with {@code ValidationFailed}. */
  VALIDATION_FAILED(JobFailedReason.VALIDATION_FAILED.value()),

  // Outcomes of actions.
  /** Normal: the RayJob's RayCluster was created. */
  CREATED_RAY_CLUSTER("CreatedRayCluster"),
  /** Warning: creating the RayCluster failed. */
  FAILED_TO_CREATE_RAY_CLUSTER("FailedToCreateRayCluster"),
  /** Normal: the RayJob's RayCluster is being deleted. */
  DELETED_RAY_CLUSTER("DeletedRayCluster"),
  /** Warning: deleting the RayCluster failed. */
  FAILED_TO_DELETE_RAY_CLUSTER("FailedToDeleteRayCluster"),
  /** Normal: the workers of the RayCluster were suspended (deletion policy {@code DeleteWorkers}). */
  SUSPENDED_WORKERS("SuspendedRayClusterWorkers"),
  /** Warning: suspending the workers failed. */
  FAILED_TO_SUSPEND_WORKERS("FailedToSuspendRayClusterWorkers"),
  /** Normal: the K8sJobMode submitter Job was created. */
  CREATED_SUBMITTER("CreatedRayJobSubmitter"),
  /** Warning: creating the submitter Job failed. */
  FAILED_TO_CREATE_SUBMITTER("FailedToCreateRayJobSubmitter"),
  /** Normal: the submitter Job is being deleted. */
  DELETED_SUBMITTER("DeletedRayJobSubmitter"),
  /** Warning: deleting the submitter Job failed. */
  FAILED_TO_DELETE_SUBMITTER("FailedToDeleteRayJobSubmitter"),
  /**
   * Normal: the Ray job was submitted through the dashboard (HTTPMode). Not recorded by this version (the status
   * shows it); kept so that alerts matching it keep compiling.
   */
  SUBMITTED_RAY_JOB("SubmittedRayJob"),
  /** Warning: submitting the Ray job failed. */
  FAILED_TO_SUBMIT_RAY_JOB("FailedToSubmitRayJob"),
  /** Normal: the dashboard was asked to stop the Ray job. */
  STOPPED_RAY_JOB("StoppedRayJob"),
  /** Warning: stopping the Ray job failed (best effort: nothing else changes). */
  FAILED_TO_STOP_RAY_JOB("FailedToStopRayJob"),
  /** Normal: the RayJob deleted itself after the end. */
  DELETED_RAY_JOB("DeletedRayJob"),
  /** Warning: deleting the RayJob failed. */
  FAILED_TO_DELETE_RAY_JOB("FailedToDeleteRayJob"),
  /** Normal: the RayJob's Volcano PodGroup was created ({@code --batch-scheduler=volcano}). */
  CREATED_POD_GROUP("CreatedPodGroup"),
  /** Normal: the RayJob's Volcano PodGroup was resized to its cluster and submitter. */
  UPDATED_POD_GROUP("UpdatedPodGroup"),
  /**
   * Warning: the RayJob's Volcano PodGroup could not be made (Volcano not installed, no permission); its RayCluster
   * waits.
   */
  FAILED_TO_SYNC_POD_GROUP("FailedToSyncPodGroup"),
  /**
   * Warning: the operator's batch scheduler cannot take this RayJob (Volcano: a {@code clusterSelector}; KAI: a
   * K8sJobMode submitter); it stays Initializing until a deadline ends it, as in KubeRay.
   */
  BATCH_SCHEDULING_NOT_SUPPORTED("BatchSchedulingNotSupported"),
  /** Normal: the batch scheduler's group was shrunk to what is left after the job ended or was suspended. */
  BATCH_SCHEDULER_CLEANED_UP("BatchSchedulerCleanedUp"),
  /** Warning: shrinking the batch scheduler's group failed (a suspension or retry waits for it). */
  FAILED_TO_CLEANUP_BATCH_SCHEDULER("FailedToCleanupBatchScheduler"),
  /** Warning: the dashboard of the RayCluster cannot be addressed (e.g. the auth token Secret is missing). */
  DASHBOARD_UNRESOLVABLE("DashboardUnresolvable"),

  // Deletion (the finalizer's cleanup).
  /** Normal: the RayJob is being deleted; a cleanup attempt starts. Logged only by this version. */
  DELETING("Deleting"),
  /**
   * Normal: the dashboard is asked to stop the Ray job. Logged only by this version ({@link #STOP_REQUESTED} says
   * it).
   */
  STOPPING_RAY_JOB("StoppingRayJob"),
  /** Normal: the stop was requested and accepted. */
  STOP_REQUESTED(StopOutcome.Kind.STOP_REQUESTED.value()),
  /** Normal: the Ray job had ended already; nothing to stop. Logged only by this version. */
  ALREADY_TERMINAL(StopOutcome.Kind.ALREADY_TERMINAL.value()),
  /** Normal: the dashboard does not know the Ray job; nothing to stop. Logged only by this version. */
  JOB_NOT_FOUND(StopOutcome.Kind.NOT_FOUND.value()),
  /** Normal: the Ray job was never submitted; nothing to stop. Logged only by this version. */
  NOT_SUBMITTED(StopOutcome.Kind.NOT_SUBMITTED.value()),
  /** Warning: the stop failed; the message says how. */
  STOP_FAILED("StopFailed"),
  /** Warning: the {@code ray.io/finalizer-policy} annotation is not a policy; the operator default applies. */
  INVALID_FINALIZER_POLICY(FinalizerPolicy.INVALID_ANNOTATION_EVENT_REASON),
  /** Normal: the cleanup is confirmed and the finalizer is removed. Logged only by this version. */
  CLEANUP_DONE(FinalizerDecision.Reason.CLEANUP_DONE.eventReason()),
  /** Warning: best effort: the cleanup failed and the finalizer is removed anyway. */
  CLEANUP_FAILED(FinalizerDecision.Reason.CLEANUP_FAILED.eventReason()),
  /** Warning: until confirmed: not confirmed within the maximum wait; the finalizer is removed anyway. */
  CLEANUP_DEADLINE_EXCEEDED(FinalizerDecision.Reason.CLEANUP_DEADLINE_EXCEEDED.eventReason()),
  /** Normal: the finalizer was removed by someone else; nothing more to do. Logged only by this version. */
  FINALIZER_ABSENT(FinalizerDecision.Reason.FINALIZER_ABSENT.eventReason()),
  /** Normal: no cleanup was attempted yet (never the reason of a removal; listed for completeness). */
  CLEANUP_NOT_ATTEMPTED(FinalizerDecision.Reason.CLEANUP_NOT_ATTEMPTED.eventReason()),
  /** Normal: until confirmed: the attempt failed and the next one is due (never the reason of a removal). */
  CLEANUP_RETRY(FinalizerDecision.Reason.CLEANUP_RETRY.eventReason());

  private final String value;

  RayJobEventReason(String value) {
    this.value = value;
  }

  @Override
  public String value() {
    return value;
  }

  /**
   * The reason of the Event of a RayJob that failed with {@code reason}.
   *
   * @param reason {@code status.reason}, or {@code null}
   * @return the matching reason; {@link #FAILED} for none or one this version does not know
   */
  public static RayJobEventReason failedWith(JobFailedReason reason) {
    if (reason == null) {
      return FAILED;
    }
    return switch (reason) {
      case SUBMISSION_FAILED -> SUBMISSION_FAILED;
      case DEADLINE_EXCEEDED -> DEADLINE_EXCEEDED;
      case PRE_RUNNING_DEADLINE_EXCEEDED -> PRE_RUNNING_DEADLINE_EXCEEDED;
      case APP_FAILED -> APP_FAILED;
      case JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED -> TRANSITION_GRACE_PERIOD_EXCEEDED;
      case JOB_STATUS_CHECK_TIMEOUT_EXCEEDED -> STATUS_CHECK_TIMEOUT_EXCEEDED;
      case VALIDATION_FAILED -> VALIDATION_FAILED;
      case UNKNOWN -> FAILED;
    };
  }

  /**
   * The reason of the Event of a stop that needed no further step.
   *
   * @param kind a stop outcome that is {@linkplain StopOutcome.Kind#done() done}
   * @return the matching reason; {@link #STOP_FAILED} for a kind that is not done
   */
  public static RayJobEventReason stopped(StopOutcome.Kind kind) {
    return switch (kind) {
      case STOP_REQUESTED -> STOP_REQUESTED;
      case ALREADY_TERMINAL -> ALREADY_TERMINAL;
      case NOT_FOUND -> JOB_NOT_FOUND;
      case NOT_SUBMITTED -> NOT_SUBMITTED;
      case STOP_UNCONFIRMED, DASHBOARD_UNAVAILABLE, AUTHENTICATION_FAILED, STOP_FAILED -> STOP_FAILED;
    };
  }

  /**
   * The reason of the Event of a finalizer decision.
   *
   * @param reason the decision's reason
   * @return the matching reason
   */
  public static RayJobEventReason finalizer(FinalizerDecision.Reason reason) {
    return switch (reason) {
      case CLEANUP_NOT_ATTEMPTED -> CLEANUP_NOT_ATTEMPTED;
      case CLEANUP_DONE -> CLEANUP_DONE;
      case CLEANUP_FAILED -> CLEANUP_FAILED;
      case CLEANUP_RETRY -> CLEANUP_RETRY;
      case CLEANUP_DEADLINE_EXCEEDED -> CLEANUP_DEADLINE_EXCEEDED;
      case FINALIZER_ABSENT -> FINALIZER_ABSENT;
    };
  }
}
