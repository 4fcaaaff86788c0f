package dev.raykube.lifecycle.act;

/**
 * Reasons of the Events {@link RayJobActuator} records about the outcome of actions, KubeRay's names where KubeRay has
 * one. The reasons of Events the state machine itself asks for are in {@link dev.raykube.lifecycle.job.RayJobEvents}.
 */
public final class ActionEvents {

  /** Normal: the RayJob's RayCluster was created. */
  public static final String CREATED_RAY_CLUSTER = "CreatedRayCluster";
  /** Warning: creating the RayCluster failed. */
  public static final String FAILED_TO_CREATE_RAY_CLUSTER = "FailedToCreateRayCluster";
  /** Normal: the RayJob's RayCluster is being deleted. */
  public static final String DELETED_RAY_CLUSTER = "DeletedRayCluster";
  /** Warning: deleting the RayCluster failed. */
  public static final String FAILED_TO_DELETE_RAY_CLUSTER = "FailedToDeleteRayCluster";
  /** Normal: the workers of the RayCluster were suspended (deletion policy {@code DeleteWorkers}). */
  public static final String SUSPENDED_WORKERS = "SuspendedRayClusterWorkers";
  /** Warning: suspending the workers failed. */
  public static final String FAILED_TO_SUSPEND_WORKERS = "FailedToSuspendRayClusterWorkers";
  /** Normal: the K8sJobMode submitter Job was created. */
  public static final String CREATED_SUBMITTER = "CreatedRayJobSubmitter";
  /** Warning: creating the submitter Job failed. */
  public static final String FAILED_TO_CREATE_SUBMITTER = "FailedToCreateRayJobSubmitter";
  /** Normal: the submitter Job is being deleted. */
  public static final String DELETED_SUBMITTER = "DeletedRayJobSubmitter";
  /** Warning: deleting the submitter Job failed. */
  public static final String FAILED_TO_DELETE_SUBMITTER = "FailedToDeleteRayJobSubmitter";
  /** Normal: the Ray job was submitted through the dashboard (HTTPMode). */
  public static final String SUBMITTED_RAY_JOB = "SubmittedRayJob";
  /** Warning: submitting the Ray job failed. */
  public static final String FAILED_TO_SUBMIT_RAY_JOB = "FailedToSubmitRayJob";
  /** Normal: the dashboard was asked to stop the Ray job. */
  public static final String STOPPED_RAY_JOB = "StoppedRayJob";
  /** Warning: stopping the Ray job failed (best effort: nothing else changes). */
  public static final String FAILED_TO_STOP_RAY_JOB = "FailedToStopRayJob";
  /** Normal: the RayJob deleted itself after the end. */
  public static final String DELETED_RAY_JOB = "DeletedRayJob";
  /** Warning: deleting the RayJob failed. */
  public static final String FAILED_TO_DELETE_RAY_JOB = "FailedToDeleteRayJob";
  /** Warning: the dashboard of the RayCluster cannot be addressed (e.g. the auth token Secret is missing). */
  public static final String DASHBOARD_UNRESOLVABLE = "DashboardUnresolvable";

  private ActionEvents() {
  }
}
