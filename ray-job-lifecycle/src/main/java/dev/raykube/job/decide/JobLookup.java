package dev.raykube.job.decide;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobNotFoundException;
import dev.raykube.dashboard.RayDashboardException;
import java.util.Objects;

/**
 * What the dashboard said when asked for the Ray job under {@code status.jobId}: its details, "no such job", a
 * failure, or nothing because the caller did not ask (see {@link ObservationPlan#queryDashboard()}).
 */
public sealed interface JobLookup {

  /** Returns the answer "here is the job". */
  static JobLookup found(JobDetails details) {
    return new Found(details);
  }

  /** Returns the answer "no job has this id" (HTTP 404). */
  static JobLookup notFound() {
    return NotFound.INSTANCE;
  }

  /**
   * Returns the outcome "the dashboard could not be asked or did not answer usefully".
   *
   * @param message what went wrong, for the status message; not null
   */
  static JobLookup failed(String message) {
    return new QueryFailed(message);
  }

  /** Returns the outcome "the caller did not query the dashboard". */
  static JobLookup notQueried() {
    return NotQueried.INSTANCE;
  }

  /**
   * Classifies an error of {@link dev.raykube.dashboard.RayDashboardClient#getJob(String)}: a
   * {@link JobNotFoundException} is {@link #notFound()}, anything else {@link #failed(String)}.
   *
   * @param error the error; not null
   * @return the lookup outcome
   */
  static JobLookup ofError(RayDashboardException error) {
    Objects.requireNonNull(error, "error");
    if (error instanceof JobNotFoundException) {
      return notFound();
    }
    String message = error.getMessage() == null ? error.getClass().getSimpleName() : error.getMessage();
    return failed(message);
  }

  /**
   * The dashboard knows the job.
   *
   * @param details the job as reported; not null
   */
  record Found(JobDetails details) implements JobLookup {
    /** Checks the details are given. */
    public Found {
      Objects.requireNonNull(details, "details");
    }
  }

  /** The dashboard answered that no job has this id. */
  final class NotFound implements JobLookup {
    private static final NotFound INSTANCE = new NotFound();

    private NotFound() {
    }

    @Override
    public String toString() {
      return "JobLookup.NotFound";
    }
  }

  /**
   * The dashboard was unreachable or answered with an error other than 404.
   *
   * @param message what went wrong; not null
   */
  record QueryFailed(String message) implements JobLookup {
    /** Checks the message is given. */
    public QueryFailed {
      Objects.requireNonNull(message, "message");
    }
  }

  /** The caller did not query the dashboard. */
  final class NotQueried implements JobLookup {
    private static final NotQueried INSTANCE = new NotQueried();

    private NotQueried() {
    }

    @Override
    public String toString() {
      return "JobLookup.NotQueried";
    }
  }
}
