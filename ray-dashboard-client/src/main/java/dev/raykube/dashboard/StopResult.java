package dev.raykube.dashboard;

/**
 * What the dashboard said to a stop request, exactly; confirming the end state (polling {@link
 * RayDashboardClient#getJob(String)}) is the caller's — in RayKube the lifecycle module's — job.
 */
public enum StopResult {
  /**
   * {@code {"stopped": true}}: the job's supervisor existed and was told to stop. The stop is asynchronous: Ray sends
   * SIGTERM, waits up to {@code RAY_JOB_STOP_WAIT_TIME_S} (3 s), then SIGKILL, then records STOPPED. A PENDING job may
   * pass through RUNNING before STOPPED. It does not prove the job was still running: Ray's supervisor writes the final
   * status (SUCCEEDED, FAILED, STOPPED) and only then exits, so a stop in that short window also answers true and
   * changes nothing. Read the status with {@link RayDashboardClient#getJob(String)}.
   */
  STOP_REQUESTED,
  /** {@code {"stopped": false}}: no supervisor runs any more — the job has ended (SUCCEEDED, FAILED or STOPPED). */
  NOT_RUNNING,
  /** HTTP 404: no job has this id. */
  NOT_FOUND
}
