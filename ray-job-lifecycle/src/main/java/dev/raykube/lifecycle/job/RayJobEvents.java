package dev.raykube.lifecycle.job;

/**
 * Reasons of the Events the state machine asks for ({@link RayJobAction.EmitEvent}). A RayJob that fails also gets an
 * Event whose reason is the {@link dev.raykube.model.job.JobFailedReason} value, e.g. {@code DeadlineExceeded}. Events
 * about the outcome of an action (a RayCluster created, a deletion that failed) are the caller's: only it knows the
 * outcome.
 */
public final class RayJobEvents {

  /** Warning: {@code metadata} of the RayJob is invalid (for example its name). */
  public static final String INVALID_METADATA = "InvalidRayJobMetadata";

  /** Warning: {@code spec} of the RayJob is invalid. */
  public static final String INVALID_SPEC = "InvalidRayJobSpec";

  /** Normal: a RayJob in ValidationFailed has a valid spec again and starts over. */
  public static final String SPEC_FIXED = "RayJobSpecFixed";

  /** Warning: {@code status.jobDeploymentStatus} holds a value this version does not know; nothing is done. */
  public static final String UNKNOWN_DEPLOYMENT_STATUS = "UnknownJobDeploymentStatus";

  /** Warning: the RayCluster named by {@code clusterSelector} does not exist (yet). */
  public static final String CLUSTER_NOT_FOUND = "RayClusterNotFound";

  /** Warning: a RayCluster with the RayJob's generated cluster name exists but was not created for this RayJob. */
  public static final String CLUSTER_NOT_OWNED = "RayClusterNotOwned";

  /** Normal: {@code spec.suspend} was set; the RayCluster and submitter are being deleted. */
  public static final String SUSPENDING = "Suspending";

  /** Normal: the RayJob is suspended; nothing of it runs. */
  public static final String SUSPENDED = "Suspended";

  /** Normal: {@code spec.suspend} was cleared; the RayJob starts over. */
  public static final String RESUMED = "Resumed";

  /** Warning: an attempt failed and {@code spec.backoffLimit} allows another one on a new RayCluster. */
  public static final String RETRYING = "Retrying";

  /** Normal: the Ray job ended (SUCCEEDED or STOPPED) and the RayJob is Complete. */
  public static final String COMPLETED = "Completed";

  private RayJobEvents() {
  }
}
