package dev.raykube.dashboard;

/**
 * Receives a job's log as {@link RayDashboardClient#tailJobLogs(String, JobLogListener)} streams it. Calls come on
 * OkHttp's WebSocket thread, one at a time and in order; do not block in them. After {@link #onComplete()} or
 * {@link #onFailure(RayDashboardException)} (exactly one of them, once) or after the tail was closed, nothing more
 * arrives.
 */
public interface JobLogListener {
  /**
   * A chunk of the driver log: one or more whole lines, each ending in a newline. The first chunk holds everything
   * logged so far.
   */
  void onLogs(String chunk);

  /** The job has ended and the whole log was delivered (the server closed the stream normally, code 1000). */
  default void onComplete() {}

  /**
   * The stream could not be opened or broke: {@link JobNotFoundException} (404 before the upgrade),
   * {@link InvalidRequestException} (a DRIVER job), {@link AuthenticationException}, or
   * {@link DashboardUnavailableException} (connection lost or an abnormal close; tail again to resume — the first chunk
   * repeats the log from the start).
   */
  default void onFailure(RayDashboardException error) {}
}
