package dev.raykube.job.stop;

import dev.raykube.dashboard.AuthenticationException;
import dev.raykube.dashboard.DashboardUnavailableException;
import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobNotFoundException;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.dashboard.StopResult;
import dev.raykube.job.TerminalStates;
import dev.raykube.job.stop.StopOutcome.Kind;
import java.util.Objects;

/**
 * Stops a Ray job through the dashboard and confirms what that means, making one stop call (plus one status read
 * when Ray says there was nothing to stop). It does not wait for STOPPED: Ray stops asynchronously, and a stop it
 * accepted always ends the job.
 *
 * <table>
 *   <caption>How replies map to outcomes</caption>
 *   <tr><th>dashboard says</th><th>outcome</th></tr>
 *   <tr><td>{@code stopped: true} (also just after the job ended, while its supervisor exits)</td>
 *       <td>{@link Kind#STOP_REQUESTED}, done</td></tr>
 *   <tr><td>{@code stopped: false}, then the job is terminal</td><td>{@link Kind#ALREADY_TERMINAL}, done</td></tr>
 *   <tr><td>{@code stopped: false}, then the job is not terminal</td>
 *       <td>{@link Kind#STOP_UNCONFIRMED}, retryable</td></tr>
 *   <tr><td>404 (on stop or on the status read)</td><td>{@link Kind#NOT_FOUND}, done</td></tr>
 *   <tr><td>unreachable, timeout, 502/503/504</td><td>{@link Kind#DASHBOARD_UNAVAILABLE}, retryable</td></tr>
 *   <tr><td>401/403</td><td>{@link Kind#AUTHENTICATION_FAILED}, retryable only if configured</td></tr>
 *   <tr><td>anything else</td><td>{@link Kind#STOP_FAILED}, retryable as the client classifies it</td></tr>
 * </table>
 *
 * <p>The client's own retries (its {@link dev.raykube.dashboard.RetryPolicy}) run inside one call. Immutable and
 * thread-safe.
 */
public final class RayJobStopper {
  private final boolean authenticationFailuresRetryable;

  /** A stopper that treats authentication failures as not retryable. */
  public RayJobStopper() {
    this(false);
  }

  /**
   * @param authenticationFailuresRetryable whether a 401/403 is worth retrying (e.g. the operator reloads a rotated
   *     token from a Secret)
   */
  public RayJobStopper(boolean authenticationFailuresRetryable) {
    this.authenticationFailuresRetryable = authenticationFailuresRetryable;
  }

  /**
   * Stops the job with this submission id and says what that achieved. Never throws for dashboard errors.
   *
   * @throws IllegalArgumentException if {@code submissionId} is blank
   */
  public StopOutcome stop(RayDashboardClient client, String submissionId) {
    Objects.requireNonNull(client, "client");
    if (submissionId == null || submissionId.isBlank()) {
      throw new IllegalArgumentException("submission id must not be blank");
    }
    StopResult result;
    try {
      result = client.stopJob(submissionId);
    } catch (RayDashboardException e) {
      return failure(submissionId, "stop", e);
    }
    switch (result) {
      case STOP_REQUESTED:
        return new StopOutcome(Kind.STOP_REQUESTED, submissionId, "Ray accepted the stop of job " + submissionId
            + ": it ends STOPPED shortly (or had just ended, and keeps its final status)", false);
      case NOT_FOUND:
        return notFound(submissionId);
      case NOT_RUNNING:
        return confirmEnded(client, submissionId);
      default:
        throw new IllegalStateException("unknown stop result " + result);
    }
  }

  private StopOutcome confirmEnded(RayDashboardClient client, String submissionId) {
    JobDetails details;
    try {
      details = client.getJob(submissionId);
    } catch (JobNotFoundException e) {
      return notFound(submissionId);
    } catch (RayDashboardException e) {
      return failure(submissionId, "status read after stop", e);
    }
    if (TerminalStates.isTerminal(details.status())) {
      return new StopOutcome(Kind.ALREADY_TERMINAL, submissionId, "Ray job " + submissionId + " had already ended ("
          + details.status() + "); nothing to stop", false);
    }
    String status = details.rawStatus() != null ? details.rawStatus() : details.status().name();
    return new StopOutcome(Kind.STOP_UNCONFIRMED, submissionId, "Ray found nothing to stop for job " + submissionId
        + " but reports it as " + status + " (ending, or its supervisor died); not yet confirmed ended", true);
  }

  private static StopOutcome notFound(String submissionId) {
    return new StopOutcome(Kind.NOT_FOUND, submissionId, "The dashboard knows no Ray job " + submissionId
        + " (never submitted, deleted, or lost when the head restarted); nothing to stop", false);
  }

  private StopOutcome failure(String submissionId, String during, RayDashboardException e) {
    if (e instanceof JobNotFoundException) {
      return notFound(submissionId);
    }
    String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof DashboardUnavailableException) {
      return new StopOutcome(Kind.DASHBOARD_UNAVAILABLE, submissionId, "Could not stop Ray job " + submissionId
          + ": dashboard unavailable during " + during + " (" + detail + ")", true);
    }
    if (e instanceof AuthenticationException) {
      return new StopOutcome(Kind.AUTHENTICATION_FAILED, submissionId, "Could not stop Ray job " + submissionId
          + ": the dashboard refused the credentials during " + during + " (" + detail + ")",
          authenticationFailuresRetryable);
    }
    return new StopOutcome(Kind.STOP_FAILED, submissionId, "Could not stop Ray job " + submissionId + " during "
        + during + ": " + detail, e.isRetryable());
  }
}
