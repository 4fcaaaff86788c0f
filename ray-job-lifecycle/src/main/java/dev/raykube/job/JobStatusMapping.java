package dev.raykube.job;

import dev.raykube.model.job.JobStatus;
import java.util.Objects;

/**
 * The project's one translation of a Ray job's status as the dashboard reports it ({@link
 * dev.raykube.dashboard.JobStatus}) into the value of a RayJob's {@code status.jobStatus} ({@link JobStatus}).
 *
 * <p>The translation is a switch expression over every dashboard constant, with no {@code default} branch: a
 * constant added to the dashboard client fails compilation here until someone decides what it means for a RayJob.
 * Nothing relies on the two enums sharing constant names. The model's {@link JobStatus#NEW} (not submitted yet) has no
 * dashboard counterpart: a job the dashboard reports on was submitted.
 */
public final class JobStatusMapping {

  private JobStatusMapping() {}

  /**
   * The RayJob status for a status reported by the Ray dashboard.
   *
   * @param reported the dashboard's status, not {@code null} (the client reports a status it does not know as
   *     {@link dev.raykube.dashboard.JobStatus#UNKNOWN})
   * @return the model constant of the same meaning; {@link JobStatus#UNKNOWN} for the dashboard's {@code UNKNOWN},
   *     which has no wire value, so a caller that writes the status keeps Ray's raw string instead
   * @throws NullPointerException if {@code reported} is {@code null}
   */
  public static JobStatus toModel(dev.raykube.dashboard.JobStatus reported) {
    Objects.requireNonNull(reported, "reported");
    return switch (reported) {
      case PENDING -> JobStatus.PENDING;
      case RUNNING -> JobStatus.RUNNING;
      case STOPPED -> JobStatus.STOPPED;
      case SUCCEEDED -> JobStatus.SUCCEEDED;
      case FAILED -> JobStatus.FAILED;
      case UNKNOWN -> JobStatus.UNKNOWN;
    };
  }
}
