package dev.raykube.job.stop;

import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupReason;
import java.util.Objects;

/**
 * What stopping one Ray job achieved, from {@link RayJobStopper}. Immutable.
 *
 * @param kind what happened
 * @param submissionId the job's submission id, or null when there was none to stop ({@link Kind#NOT_SUBMITTED})
 * @param message what happened, for people
 * @param retryable for a failure: whether trying again later may succeed; always false when {@link #done()}
 */
public record StopOutcome(Kind kind, String submissionId, String message, boolean retryable) {

  /**
   * What happened; {@link #done()} says whether it counts as stopped. As the {@link CleanupReason} of a finalizer's
   * cleanup attempt, a loop reads it back by type.
   */
  public enum Kind implements CleanupReason {
    /**
     * Ray accepted the stop ({@code stopped: true}): the job was PENDING or RUNNING and ends STOPPED — or it had
     * ended so recently that its supervisor still existed, and the stop changes nothing. Either way it ends. Done.
     */
    STOP_REQUESTED(true, "StopRequested"),
    /** The job had already ended (SUCCEEDED, FAILED or STOPPED); nothing to stop. Done. */
    ALREADY_TERMINAL(true, "AlreadyTerminal"),
    /** The dashboard knows no job with this id (never submitted, deleted, or lost with a head restart). Done. */
    NOT_FOUND(true, "JobNotFound"),
    /** No job was submitted yet (no submission id or no dashboard address in the RayJob's status). Done. */
    NOT_SUBMITTED(true, "NotSubmitted"),
    /**
     * Ray said there was nothing to stop (no supervisor) but still reports the job as not ended — it is ending on its
     * own, or its supervisor died and Ray has not marked it FAILED yet. Not confirmed, retryable: a later attempt sees
     * the terminal status.
     */
    STOP_UNCONFIRMED(false, "StopUnconfirmed"),
    /** The dashboard was unreachable or unavailable (after the client's own retries). Retryable. */
    DASHBOARD_UNAVAILABLE(false, "DashboardUnavailable"),
    /** The dashboard refused the credentials (401/403). Retryable only if the stopper is configured so. */
    AUTHENTICATION_FAILED(false, "DashboardAuthenticationFailed"),
    /** Any other error (e.g. a DRIVER job, which Ray cannot stop, or a 500 from the head). */
    STOP_FAILED(false, "StopFailed");

    private final boolean done;
    private final String value;

    Kind(boolean done, String value) {
      this.done = done;
      this.value = value;
    }

    /** Whether this counts as stopped. */
    public boolean done() {
      return done;
    }

    /** The CamelCase word for Events and logs, e.g. {@code StopRequested}. */
    @Override
    public String value() {
      return value;
    }

    /** Whether the dashboard was asked to stop a job (not for an ended, unknown or never submitted one). */
    public boolean stopCalled() {
      return this != ALREADY_TERMINAL && this != NOT_SUBMITTED;
    }
  }

  /** Checks the fields. */
  public StopOutcome {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
    if (kind.done() && retryable) {
      throw new IllegalArgumentException(kind + " is done and so not retryable");
    }
  }

  /** Whether the job counts as stopped. */
  public boolean done() {
    return kind.done();
  }

  /** As the outcome of a finalizer's cleanup attempt. */
  public CleanupOutcome toCleanupOutcome() {
    return kind.done() ? CleanupOutcome.done(kind, message) : CleanupOutcome.failed(kind, message, retryable);
  }
}
