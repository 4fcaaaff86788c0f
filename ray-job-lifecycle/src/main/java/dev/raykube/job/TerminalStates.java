package dev.raykube.job;

import dev.raykube.model.job.JobDeploymentStatus;

/**
 * The project's one definition of which Ray job states and RayJob deployment states are terminal.
 *
 * <p>A Ray job is terminal when it is {@code STOPPED}, {@code SUCCEEDED} or {@code FAILED}, matching Ray's own
 * {@code JobStatus.is_terminal()}; a terminal job never changes state again. {@code ""} (new), {@code PENDING},
 * {@code RUNNING} and the lenient {@code UNKNOWN} fallback are not terminal: an unknown status from a newer Ray must
 * never make the operator believe a job has ended (and so skip stopping it).
 *
 * <p>A RayJob deployment is terminal when it is {@code Complete} or {@code Failed}.
 *
 * <p>Both the Kubernetes-side status ({@link dev.raykube.model.job.JobStatus}) and the dashboard client's status
 * ({@link dev.raykube.dashboard.JobStatus}) are answered here, so no other module keeps a list of its own. Each answer
 * is a switch expression over every constant of its enum, with no {@code default} branch: a constant added to any of
 * the three enums fails compilation here until someone decides whether it ends a job.
 */
public final class TerminalStates {

  private TerminalStates() {}

  /**
   * Whether a RayJob's {@code status.jobStatus} is terminal.
   *
   * @param status the status, or {@code null} (treated as new, not terminal)
   * @return {@code true} for STOPPED, SUCCEEDED and FAILED
   */
  public static boolean isTerminal(dev.raykube.model.job.JobStatus status) {
    if (status == null) {
      return false;
    }
    return switch (status) {
      case STOPPED, SUCCEEDED, FAILED -> true;
      case NEW, PENDING, RUNNING, UNKNOWN -> false;
    };
  }

  /**
   * Whether a status reported by the Ray dashboard is terminal.
   *
   * @param status the status, or {@code null} (not terminal)
   * @return {@code true} for STOPPED, SUCCEEDED and FAILED
   */
  public static boolean isTerminal(dev.raykube.dashboard.JobStatus status) {
    if (status == null) {
      return false;
    }
    return switch (status) {
      case STOPPED, SUCCEEDED, FAILED -> true;
      case PENDING, RUNNING, UNKNOWN -> false;
    };
  }

  /**
   * Whether a RayJob's {@code status.jobDeploymentStatus} is terminal.
   *
   * @param status the deployment status, or {@code null} (treated as new, not terminal)
   * @return {@code true} for Complete and Failed
   */
  public static boolean isTerminal(JobDeploymentStatus status) {
    if (status == null) {
      return false;
    }
    return switch (status) {
      case COMPLETE, FAILED -> true;
      case NEW, INITIALIZING, RUNNING, VALIDATION_FAILED, SUSPENDING, SUSPENDED, RETRYING, WAITING, UNKNOWN -> false;
    };
  }
}
