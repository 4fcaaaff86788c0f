package dev.raykube.job.decide;

/**
 * Everything the caller observed for one decision about a RayJob. What to observe is given by
 * {@link ObservationPlan#of(dev.raykube.model.job.RayJob)}; parts the plan does not ask for may stay at their
 * "nothing" value ({@link ClusterObservation#absent()}, {@link JobLookup#notQueried()},
 * {@link SubmitterObservation#absent()}).
 *
 * @param cluster the RayCluster named in {@code status.rayClusterName}; null means absent
 * @param rayJob what the dashboard said about the Ray job {@code status.jobId}; null means not queried
 * @param submitter the K8sJobMode submitter Job; null means absent
 * @param submissionFailure the submission the last decision asked for, if it just failed; null means none failed
 */
public record RayJobObservation(ClusterObservation cluster, JobLookup rayJob, SubmitterObservation submitter,
    SubmissionFailure submissionFailure) {

  /** Replaces nulls with the "nothing" values. */
  public RayJobObservation {
    cluster = cluster == null ? ClusterObservation.absent() : cluster;
    rayJob = rayJob == null ? JobLookup.notQueried() : rayJob;
    submitter = submitter == null ? SubmitterObservation.absent() : submitter;
  }

  /**
   * An observation in which no submission failed.
   *
   * @param cluster the RayCluster named in {@code status.rayClusterName}; null means absent
   * @param rayJob what the dashboard said about the Ray job {@code status.jobId}; null means not queried
   * @param submitter the K8sJobMode submitter Job; null means absent
   */
  public RayJobObservation(ClusterObservation cluster, JobLookup rayJob, SubmitterObservation submitter) {
    this(cluster, rayJob, submitter, null);
  }

  /** Returns the observation of nothing at all: no cluster, dashboard not queried, no submitter. */
  public static RayJobObservation nothing() {
    return new RayJobObservation(null, null, null);
  }

  /** Returns a copy with another cluster observation. */
  public RayJobObservation withCluster(ClusterObservation value) {
    return new RayJobObservation(value, rayJob, submitter, submissionFailure);
  }

  /** Returns a copy with another dashboard answer. */
  public RayJobObservation withRayJob(JobLookup value) {
    return new RayJobObservation(cluster, value, submitter, submissionFailure);
  }

  /** Returns a copy with another submitter observation. */
  public RayJobObservation withSubmitter(SubmitterObservation value) {
    return new RayJobObservation(cluster, rayJob, value, submissionFailure);
  }

  /** Returns a copy that says the submission just failed. */
  public RayJobObservation withSubmissionFailure(SubmissionFailure value) {
    return new RayJobObservation(cluster, rayJob, submitter, value);
  }
}
