package dev.raykube.job.observe;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import java.util.Optional;

/**
 * Details of a Ray job that another read of the same dashboard returned a moment ago, for example a job list read
 * for many RayJobs at once: the {@link RayJobObserver} takes them instead of asking the dashboard again with
 * {@code GET /api/jobs/<id>}. Each is handed out once and only while fresh; empty means "ask the dashboard".
 * Implementations must be thread-safe and must not call the dashboard.
 */
@FunctionalInterface
public interface RecentJobDetails {

  /**
   * The job's details if another read just returned them; taking them consumes them.
   *
   * @param endpoint the dashboard the job is on
   * @param submissionId the job's submission id
   */
  Optional<JobDetails> take(DashboardEndpoint endpoint, String submissionId);

  /** None: every observation asks the dashboard. */
  static RecentJobDetails none() {
    return (endpoint, submissionId) -> Optional.empty();
  }
}
