package dev.raykube.job.stop;

import dev.raykube.job.TerminalStates;
import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupStep;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import java.util.Objects;
import java.util.Optional;

/**
 * The cleanup behind {@code ray.io/rayjob-finalizer}: stop the RayJob's Ray job. A RayJob whose
 * {@code status.jobStatus} is already terminal makes no dashboard call and counts as done; one that has submitted
 * nothing (see {@link StopTargetResolver}) counts as done too; otherwise {@link RayJobStopper} decides.
 */
public final class RayJobStopStep implements CleanupStep<RayJob> {
  private final RayJobStopper stopper;
  private final StopTargetResolver targets;

  /**
   * @param stopper how to stop and confirm
   * @param targets finds the dashboard and submission id of a RayJob
   */
  public RayJobStopStep(RayJobStopper stopper, StopTargetResolver targets) {
    this.stopper = Objects.requireNonNull(stopper, "stopper");
    this.targets = Objects.requireNonNull(targets, "targets");
  }

  /** Stops the Ray job and says what that achieved; see {@link #stop(RayJob)}. */
  @Override
  public CleanupOutcome attempt(RayJob rayJob) {
    return stop(rayJob).toCleanupOutcome();
  }

  /** Stops the Ray job of {@code rayJob} unless it has ended or was never submitted. */
  public StopOutcome stop(RayJob rayJob) {
    Objects.requireNonNull(rayJob, "rayJob");
    RayJobStatus status = rayJob.getStatus();
    if (status != null && TerminalStates.isTerminal(status.getJobStatus())) {
      return new StopOutcome(StopOutcome.Kind.ALREADY_TERMINAL, status.getJobId(), "The Ray job had already ended ("
          + status.getJobStatus().value() + "); no stop needed", false);
    }
    Optional<StopTarget> target = targets.resolve(rayJob);
    if (target.isEmpty()) {
      return new StopOutcome(StopOutcome.Kind.NOT_SUBMITTED, null,
          "No Ray job was submitted yet (no submission id or dashboard address in the status); nothing to stop", false);
    }
    return stopper.stop(target.get().client(), target.get().submissionId());
  }
}
