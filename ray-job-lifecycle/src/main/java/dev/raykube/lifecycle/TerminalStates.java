package dev.raykube.lifecycle;

import dev.raykube.model.job.JobDeploymentStatus;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 * ({@link dev.raykube.dashboard.JobStatus}) are answered here, so no other module keeps a list of its own.
 */
public final class TerminalStates {

  /** The terminal Ray job states, by name; the same names in both status enums. */
  public static final Set<String> TERMINAL_JOB_STATUSES =
      Collections.unmodifiableSet(new LinkedHashSet<>(List.of("STOPPED", "SUCCEEDED", "FAILED")));

  /** The terminal RayJob deployment states. */
  public static final Set<JobDeploymentStatus> TERMINAL_DEPLOYMENT_STATUSES =
      Collections.unmodifiableSet(EnumSet.of(JobDeploymentStatus.COMPLETE, JobDeploymentStatus.FAILED));

  private TerminalStates() {}

  /**
   * Whether a RayJob's {@code status.jobStatus} is terminal.
   *
   * @param status the status, or {@code null} (treated as new, not terminal)
   * @return {@code true} for STOPPED, SUCCEEDED and FAILED
   */
  public static boolean isTerminal(dev.raykube.model.job.JobStatus status) {
    return status != null && TERMINAL_JOB_STATUSES.contains(status.name());
  }

  /**
   * Whether a status reported by the Ray dashboard is terminal.
   *
   * @param status the status, or {@code null} (not terminal)
   * @return {@code true} for STOPPED, SUCCEEDED and FAILED
   */
  public static boolean isTerminal(dev.raykube.dashboard.JobStatus status) {
    return status != null && TERMINAL_JOB_STATUSES.contains(status.name());
  }

  /**
   * Whether a RayJob's {@code status.jobDeploymentStatus} is terminal.
   *
   * @param status the deployment status, or {@code null} (treated as new, not terminal)
   * @return {@code true} for Complete and Failed
   */
  public static boolean isTerminal(JobDeploymentStatus status) {
    return status != null && TERMINAL_DEPLOYMENT_STATUSES.contains(status);
  }
}
