package dev.raykube.dashboard;

/**
 * The dashboard could not be reached or could not serve the request now: connection refused or reset, a timeout, HTTP
 * 502/503/504 (e.g. from a proxy or while the head restarts), or Ray's {@code No available agent to submit job, please
 * try again later.}. Always {@linkplain #isRetryable() retryable}. For a submit it is unknown whether the job was
 * created unless the request carried a submission id (see {@link RayDashboardClient#submitJob(JobSubmitRequest)}).
 */
public final class DashboardUnavailableException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  /** @param statusCode the HTTP status, or 0 when there was no response */
  public DashboardUnavailableException(String message, int statusCode, String responseBody, Throwable cause) {
    super(message, statusCode, responseBody, cause);
  }

  /** Always true. */
  @Override
  public boolean isRetryable() {
    return true;
  }
}
