package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.job.TerminalStates;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.Violation;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The RayJob state machine, KubeRay's {@code jobDeploymentStatus} transitions as a pure function: from a RayJob (spec
 * and stored status), what was observed and the current time to the next status and the actions to take. It calls no
 * client, reads no clock and draws no randomness except through the injected {@link NameSuffixes}; the same inputs
 * give the same decision. Thread-safe when its {@link NameSuffixes} is (the default one is).
 *
 * <p>Not decided here: the finalizer (the caller adds {@code ray.io/rayjob-finalizer} before acting on any decision,
 * see {@code docs/finalizers.md}) and deletion (a RayJob with {@code deletionTimestamp} gets an empty decision; the
 * finalizer policy and job stopper handle it). A RayJob whose {@code spec.managedBy} names another controller also
 * gets an empty decision. See {@code docs/lifecycle.md} for the diagram and every rule.
 */
public final class RayJobStateMachine {

  private final RayJobSettings settings;
  private final NameSuffixes suffixes;
  private final RayJobValidator validator;

  /**
   * Creates a state machine.
   *
   * @param settings the operator-wide settings
   * @param suffixes the source of random name suffixes
   */
  public RayJobStateMachine(RayJobSettings settings, NameSuffixes suffixes) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.suffixes = Objects.requireNonNull(suffixes, "suffixes");
    this.validator = RayJobValidator.of(settings);
  }

  /** Creates a state machine with {@link RayJobSettings#defaults()} and {@link NameSuffixes#random()}. */
  public static RayJobStateMachine withDefaults() {
    return new RayJobStateMachine(RayJobSettings.defaults(), NameSuffixes.random());
  }

  /** The settings this state machine decides with. */
  public RayJobSettings settings() {
    return settings;
  }

  /**
   * Decides what comes next for a RayJob. The input is never changed.
   *
   * @param job the RayJob as stored (spec, status, metadata); not null
   * @param observed what the caller observed, per {@link ObservationPlan#of(RayJob)}; not null
   * @param now the current time; not null
   * @return the next status (a new object) and the actions, in order
   */
  public Decision decide(RayJob job, RayJobObservation observed, Instant now) {
    return decide(job, observed, now, settings.poll());
  }

  /**
   * Decides what comes next for a RayJob, polling a running job at {@code poll} instead of the settings' poll (for
   * example more slowly while something else reports the end of the Ray job at once). The input is never changed.
   *
   * @param job the RayJob as stored (spec, status, metadata); not null
   * @param observed what the caller observed, per {@link ObservationPlan#of(RayJob)}; not null
   * @param now the current time; not null
   * @param poll how often to look at the Ray job while nothing else calls for a decision; not null
   * @return the next status (a new object) and the actions, in order
   */
  public Decision decide(RayJob job, RayJobObservation observed, Instant now, AdaptivePoll poll) {
    Objects.requireNonNull(job, "job");
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(now, "now");
    Objects.requireNonNull(poll, "poll");
    RayJobStatus next = job.getStatus() == null ? new RayJobStatus() : ModelCopies.copy(job.getStatus(),
        RayJobStatus.class);
    RayJobSettings effective = poll.equals(settings.poll()) ? settings : settings.withPoll(poll);
    DecisionDraft d = new DecisionDraft(job, next, observed, now, effective, suffixes);
    if (job.getMetadata() != null && job.getMetadata().getDeletionTimestamp() != null) {
      return d.build();
    }
    String managedBy = job.getSpec() == null ? null : job.getSpec().getManagedBy();
    if (managedBy != null && !managedBy.equals(RayClusterLabels.MANAGED_BY_KUBERAY)) {
      return d.build();
    }
    if (job.getMetadata() != null && job.getMetadata().getGeneration() != null) {
      next.setObservedGeneration(job.getMetadata().getGeneration());
    }
    JobDeploymentStatus state = d.state();
    List<Violation> violations = validator.validate(job);
    if (!violations.isEmpty()) {
      if (TerminalStates.isTerminal(state)) {
        // The job has ended; keep its status, but do not clean up by rules that no longer make sense.
        emitViolations(d, violations, " (clean-up after the end is paused until the RayJob is fixed)");
      } else {
        validationFailed(d, violations);
      }
      return d.build();
    }
    if (TerminalStates.isTerminal(state)) {
      FinishedPhase.decide(d);
      settle(d);
      return d.build();
    }
    if (observed.submissionFailure() != null && state == JobDeploymentStatus.RUNNING) {
      submissionFailed(d, observed.submissionFailure());
      settle(d);
      return d.build();
    }
    switch (state) {
      case NEW:
        decideNew(d);
        break;
      case VALIDATION_FAILED:
        specFixed(d);
        break;
      case INITIALIZING:
        InitializingPhase.decide(d);
        break;
      case WAITING:
        InitializingPhase.decideWaiting(d);
        break;
      case RUNNING:
        RunningPhase.decide(d);
        break;
      case SUSPENDING:
      case RETRYING:
        TeardownPhase.decide(d);
        break;
      case SUSPENDED:
        if (!JobSpecs.suspend(d.spec)) {
          d.moveTo(JobDeploymentStatus.NEW);
          d.event(EventType.NORMAL, RayJobEventReason.RESUMED, "spec.suspend was cleared; the RayJob starts over");
          d.requeueAfter(Duration.ZERO);
        }
        break;
      default:
        d.event(EventType.WARNING, RayJobEventReason.UNKNOWN_DEPLOYMENT_STATUS, "status.jobDeploymentStatus '"
            + next.getJobDeploymentStatusValue() + "' is unknown to this operator; the RayJob is left alone");
        break;
    }
    settle(d);
    return d.build();
  }

  /**
   * The submission the last decision asked for (with the move to Running) failed. Rejected by the dashboard: the
   * RayJob fails with {@code SubmissionFailed} (retried per {@code backoffLimit}). Otherwise it counts as a failed
   * status check: the failure timer starts, and once it has run for {@link RayJobSettings#statusCheckTimeout()} the
   * RayJob fails with {@code JobStatusCheckTimeoutExceeded}; until then the submission is tried again at the next
   * poll (the submission id is stable, so it cannot run twice).
   */
  private static void submissionFailed(DecisionDraft d, SubmissionFailure failure) {
    if (failure.kind() == SubmissionFailure.Kind.REJECTED) {
      d.fail(JobFailedReason.SUBMISSION_FAILED, "The dashboard rejected Ray job " + d.next.getJobId() + ": "
          + failure.problem());
    } else if (!RunningPhase.statusCheckTimedOut(d, "submitting failed: " + failure.problem())) {
      d.requeueAfter(d.settings.poll().min());
    }
  }

  private void decideNew(DecisionDraft d) {
    RayJobStatus s = d.next;
    String specJobId = JobSpecs.specJobId(d.spec);
    if (specJobId != null) {
      s.setJobId(specJobId);
    } else if (JobSpecs.mode(d.spec) == JobSubmissionMode.INTERACTIVE_MODE) {
      s.setJobId(null);
    } else if (s.getJobId() == null) {
      s.setJobId(d.generatedName());
    }
    String selected = JobSpecs.selectedCluster(d.spec);
    if (selected != null) {
      s.setRayClusterName(selected);
    } else if (s.getRayClusterName() == null) {
      s.setRayClusterName(d.generatedName());
    }
    s.setJobStatusValue(null);
    s.setStartTime(StatusTimes.format(d.now));
    s.setEndTime(null);
    s.setReasonValue(null);
    s.setMessage(null);
    s.setDashboardURL(null);
    s.setRayJobInfo(null);
    s.setRayClusterStatus(null);
    s.setJobStatusCheckFailureStartTime(null);
    if (s.getSucceeded() == null) {
      s.setSucceeded(0);
    }
    if (s.getFailed() == null) {
      s.setFailed(0);
    }
    d.moveTo(JobDeploymentStatus.INITIALIZING);
    if (selected != null && d.observed.cluster() instanceof ClusterObservation.Present) {
      // The names are decided and stored with this very decision, before anything it acts on: on an existing
      // cluster the first reconcile goes on as Initializing would (a ready cluster: submit and Running), one status
      // write fewer.
      InitializingPhase.decide(d);
      return;
    }
    d.requeueAfter(Duration.ZERO);
  }

  private static void validationFailed(DecisionDraft d, List<Violation> violations) {
    RayJobStatus s = d.next;
    String message = violations.stream().map(Violation::message).collect(Collectors.joining("; "));
    boolean changed = d.state() != JobDeploymentStatus.VALIDATION_FAILED || !message.equals(s.getMessage());
    d.moveTo(JobDeploymentStatus.VALIDATION_FAILED);
    s.setReason(JobFailedReason.VALIDATION_FAILED);
    s.setMessage(message);
    if (changed) {
      emitViolations(d, violations, "");
    }
  }

  private static void emitViolations(DecisionDraft d, List<Violation> violations, String suffix) {
    String metadata = violations.stream().filter(Violation::aboutMetadata).map(Violation::message)
        .collect(Collectors.joining("; "));
    String spec = violations.stream().filter(v -> !v.aboutMetadata()).map(Violation::message)
        .collect(Collectors.joining("; "));
    if (!metadata.isEmpty()) {
      d.event(EventType.WARNING, RayJobEventReason.INVALID_METADATA, metadata + suffix);
    }
    if (!spec.isEmpty()) {
      d.event(EventType.WARNING, RayJobEventReason.INVALID_SPEC, spec + suffix);
    }
  }

  /** ValidationFailed with a valid spec again: start over, deleting what an earlier attempt may have left. */
  private static void specFixed(DecisionDraft d) {
    RayJobStatus s = d.next;
    s.setReasonValue(null);
    s.setMessage(null);
    d.event(EventType.NORMAL, RayJobEventReason.SPEC_FIXED, "The spec is valid again; the RayJob starts over");
    d.moveTo(s.getRayClusterName() != null ? JobDeploymentStatus.RETRYING : JobDeploymentStatus.NEW);
    d.requeueAfter(Duration.ZERO);
  }

  /**
   * After the switch: endTime, counters and (on failure) Warnings on entering Complete or Failed; retries per
   * backoffLimit.
   */
  private static void settle(DecisionDraft d) {
    RayJobStatus before = d.before;
    JobDeploymentStatus previous = before == null ? JobDeploymentStatus.NEW : before.getJobDeploymentStatus();
    JobDeploymentStatus current = d.state();
    if (current == previous || !TerminalStates.isTerminal(current)) {
      return;
    }
    RayJobStatus s = d.next;
    s.setEndTime(StatusTimes.format(d.now));
    d.requeueAfter(Duration.ZERO);
    if (current == JobDeploymentStatus.FAILED) {
      int failed = (s.getFailed() == null ? 0 : s.getFailed()) + 1;
      s.setFailed(failed);
      JobFailedReason reason = s.getReason();
      d.event(EventType.WARNING, RayJobEventReason.failedWith(s.getReason()),
          s.getMessage() == null ? "The RayJob failed" : s.getMessage());
      int attempts = JobSpecs.backoffLimit(d.spec) + 1;
      if (failed < attempts && reason != JobFailedReason.DEADLINE_EXCEEDED
          && reason != JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED) {
        d.moveTo(JobDeploymentStatus.RETRYING);
        d.event(EventType.WARNING, RayJobEventReason.RETRYING, "Attempt " + failed + " of " + attempts + " failed ("
            + s.getReasonValue() + "); retrying on a new RayCluster");
      }
    } else {
      if (s.getJobStatus() == JobStatus.SUCCEEDED) {
        s.setSucceeded((s.getSucceeded() == null ? 0 : s.getSucceeded()) + 1);
      }
      // No Event: jobDeploymentStatus Complete and jobStatus say it (a failure gets a Warning above).
    }
  }
}
