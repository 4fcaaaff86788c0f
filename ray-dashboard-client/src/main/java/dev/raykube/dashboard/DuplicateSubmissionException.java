package dev.raykube.dashboard;

/**
 * A job with this submission id already exists (Ray answers 500, or 400 in some setups, with a text containing
 * {@code already exists}). A caller that submits with its own fixed submission id can take this as "already
 * submitted" and continue with {@link RayDashboardClient#getJob(String)}.
 *
 * <p>{@link RayDashboardClient#submitJob(JobSubmitRequest)} throws this only when the <em>first</em> attempt meets a
 * duplicate; a duplicate met on a retry (after a lost response) is the client's own earlier attempt and counts as
 * success.
 */
public final class DuplicateSubmissionException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  private final String submissionId;

  /** @param submissionId the id that is taken */
  public DuplicateSubmissionException(String message, String submissionId, int statusCode, String responseBody) {
    super(message, statusCode, responseBody, null);
    this.submissionId = submissionId;
  }

  /** The submission id that is taken. */
  public String submissionId() {
    return submissionId;
  }
}
