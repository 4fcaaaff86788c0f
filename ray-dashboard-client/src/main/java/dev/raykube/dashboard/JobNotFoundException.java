package dev.raykube.dashboard;

/**
 * No job has this id (HTTP 404 {@code Job <id> does not exist}): it was never submitted, was deleted, or the head
 * restarted and lost its jobs. Ray looks an id up as a DRIVER job id, then as a submission's driver job id, then as a
 * submission id.
 */
public final class JobNotFoundException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  private final String jobId;

  /** @param jobId the id that was looked up */
  public JobNotFoundException(String message, String jobId, String responseBody) {
    super(message, 404, responseBody, null);
    this.jobId = jobId;
  }

  /** The id that was looked up. */
  public String jobId() {
    return jobId;
  }
}
