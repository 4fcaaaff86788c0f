package dev.raykube.dashboard;

import java.util.Locale;

/**
 * A job's status as Ray reports it. This client reports the value and nothing more: which statuses are terminal is
 * decided in one place, the {@code ray-job-lifecycle} module.
 */
public enum JobStatus {
  /** Submitted; the supervisor has not started the entrypoint yet (waiting for resources or the runtime env). */
  PENDING,
  /** The entrypoint is running. */
  RUNNING,
  /** Stopped by a stop request. */
  STOPPED,
  /** The entrypoint exited with code 0 (for DRIVER jobs: the driver has gone, whatever its exit). */
  SUCCEEDED,
  /** The entrypoint exited non-zero, or the job could not be started or its supervisor died. */
  FAILED,
  /** A status this client does not know (a newer Ray), or none at all; see {@link JobDetails#rawStatus()}. */
  UNKNOWN;

  /** Maps Ray's string case-insensitively; null, empty or unknown strings give {@link #UNKNOWN}. */
  public static JobStatus fromWire(String value) {
    if (value == null) {
      return UNKNOWN;
    }
    try {
      return valueOf(value.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException unknown) {
      return UNKNOWN;
    }
  }
}
