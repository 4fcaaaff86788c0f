package dev.raykube.job.decide;

import java.util.Objects;

/**
 * A submission of the Ray job (HTTPMode, {@link RayJobAction.SubmitJob}) that just failed: part of the next
 * {@link RayJobObservation}, so that the state machine decides what follows from it like from anything else it
 * observes. A submission answered as a duplicate did not fail: the job was submitted before.
 *
 * @param kind how it failed
 * @param problem what the dashboard (or the attempt to reach it) said, for the status message
 */
public record SubmissionFailure(Kind kind, String problem) {

  /** How a submission failed. */
  public enum Kind {
    /** The dashboard refused the request (invalid request, Ray too old): the same request will not succeed. */
    REJECTED,
    /** The dashboard could not be reached or failed; a later attempt may succeed. */
    UNAVAILABLE
  }

  /** Checks all values are given. */
  public SubmissionFailure {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(problem, "problem");
  }
}
