package dev.raykube.job.decide;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * What a caller should observe before asking {@link RayJobStateMachine#decide} about a RayJob: which RayCluster to read,
 * which submitter Job to read, and whether to ask the dashboard for the Ray job. Observing more does no harm; observing
 * less makes the decision wait (a Running RayJob whose dashboard was not queried just stays Running).
 *
 * @param clusterName the RayCluster to read ({@code status.rayClusterName}; for a new RayJob the cluster its
 *     {@code clusterSelector} names), or {@code null}: nothing to read
 * @param submitterName the batch Job to read (K8sJobMode), or {@code null}: nothing to read
 * @param submissionId the Ray job to look up on the dashboard, or {@code null}: do not query
 * @param dashboardUrl the dashboard to ask ({@code status.dashboardURL}), or {@code null}: do not query
 */
public record ObservationPlan(String clusterName, String submitterName, String submissionId, String dashboardUrl) {

  private static final Set<JobDeploymentStatus> SUBMITTER_STATES = EnumSet.of(JobDeploymentStatus.INITIALIZING,
      JobDeploymentStatus.RUNNING, JobDeploymentStatus.SUSPENDING, JobDeploymentStatus.RETRYING);

  /**
   * Returns the plan for a RayJob as stored.
   *
   * @param job the RayJob; not null
   * @return what to observe
   */
  public static ObservationPlan of(RayJob job) {
    Objects.requireNonNull(job, "job");
    RayJobStatus status = job.getStatus();
    if (status == null || (status.getJobDeploymentStatus() == JobDeploymentStatus.NEW
        && status.getRayClusterName() == null)) {
      // A new RayJob on an existing cluster: read that cluster now, so that the first reconcile can submit at once.
      return new ObservationPlan(JobSpecs.selectedCluster(job.getSpec()), null, null, null);
    }
    JobDeploymentStatus state = status.getJobDeploymentStatus();
    String submitter = JobSpecs.mode(job.getSpec()) == JobSubmissionMode.K8S_JOB_MODE && SUBMITTER_STATES.contains(state)
        ? JobSpecs.submitterName(job) : null;
    boolean query = state == JobDeploymentStatus.RUNNING && status.getJobId() != null
        && status.getDashboardURL() != null;
    return new ObservationPlan(status.getRayClusterName(), submitter, query ? status.getJobId() : null,
        query ? status.getDashboardURL() : null);
  }

  /**
   * Whether to read the head Pod of {@link #clusterName()} for the RayJob's submitter: SidecarMode, while Running
   * ({@link SubmitterObservation#ofSidecar}).
   */
  public static boolean readsHeadPod(RayJob job) {
    Objects.requireNonNull(job, "job");
    return JobSpecs.mode(job.getSpec()) == JobSubmissionMode.SIDECAR_MODE && job.getStatus() != null
        && job.getStatus().getJobDeploymentStatus() == JobDeploymentStatus.RUNNING
        && job.getStatus().getRayClusterName() != null;
  }

  /** Whether to look the Ray job up on the dashboard. */
  public boolean queryDashboard() {
    return submissionId != null && dashboardUrl != null;
  }
}
