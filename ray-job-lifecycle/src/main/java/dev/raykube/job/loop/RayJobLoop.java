package dev.raykube.job.loop;

import dev.raykube.job.act.RayJobActuator;
import dev.raykube.job.act.RayJobBatchScheduling;
import dev.raykube.job.decide.Decision;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.job.decide.RayJobObservation;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.decide.RayJobStateMachine;
import dev.raykube.job.decide.SubmissionFailure;
import dev.raykube.job.observe.ClusterStopTargets;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.job.observe.RayJobObserver;
import dev.raykube.job.stop.RayJobStopStep;
import dev.raykube.job.stop.RayJobStopper;
import dev.raykube.job.stop.StopOutcome;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupReport;
import dev.raykube.kernel.finalizer.DeletionCleanup;
import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.reconcile.ResourceLoop;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayJob loop, the one sequence every RayJob controller runs (the reference operator's reconciler and a platform's
 * own controller alike; each is glue around it):
 *
 * <ul>
 *   <li>{@link #reconcile}: <b>observe</b> ({@link RayJobObserver}) → <b>decide</b> ({@link RayJobStateMachine}, a
 *       pure function of the RayJob, the observation, the time and the poll interval) → <b>record</b> the decided
 *       status ({@link StatusRecorder}, before any action, so names the actions use are stored first) → <b>act</b>
 *       ({@link RayJobActuator}, which reports outcomes as values). A submission that failed becomes part of the
 *       observation and the loop decides again; a status conflict (someone changed the RayJob meanwhile) observes and
 *       decides again from the latest RayJob, up to {@value #ROUNDS} rounds.</li>
 *   <li>{@link #cleanup}: the RayJob is being deleted. One attempt of {@link DeletionCleanup} with
 *       {@link RayJobStopStep} (stop the Ray job unless it has ended or was never submitted), then the object's
 *       finalizer policy says whether the finalizer goes or the attempt is retried. Every step is logged; Events are
 *       recorded only for what a user cannot see otherwise: {@code StopRequested} when the Ray job was asked to stop,
 *       and a Warning for every failure ({@code StopFailed}, {@code CleanupFailed}, {@code CleanupDeadlineExceeded},
 *       {@code InvalidFinalizerPolicy}). The deletion itself, a job that had ended or was never submitted, and the
 *       removal of the finalizer show on the object (and its disappearance) and are logged only.</li>
 * </ul>
 *
 * <p>The caller adds the finalizer {@value FinalizerNames#RAYJOB} before the first reconcile and removes it when
 * {@link CleanedUp#removeFinalizer()} says so. Thread-safe for different RayJobs; calls for the same RayJob must not
 * overlap.
 */
public final class RayJobLoop
    implements ResourceLoop<RayJob, Reconciled<RayJob, ObservedRayJob, Decision, ActionOutcome<RayJobAction>>> {
  private static final Logger LOG = LoggerFactory.getLogger(RayJobLoop.class);

  /** Rounds of observe → decide → record within one reconcile when the status write conflicts. */
  public static final int ROUNDS = 3;

  /** Default delay before the next reconcile after a failed Kubernetes action. */
  public static final Duration DEFAULT_ACTION_RETRY_DELAY = Duration.ofSeconds(5);

  private final RayJobObserver observer;
  private final RayJobStateMachine decider;
  private final RayJobActuator actor;
  private final StatusRecorder<RayJobStatus, RayJob> status;
  private final EventRecorder events;
  private final DeletionCleanup<RayJob> cleanup;
  private final DashboardClients dashboards;
  private final RunningJobPoll poll;
  private final Clock clock;
  private final Duration actionRetryDelay;
  private final RayJobBatchScheduling batch;

  /** How soon a reconcile the batch scheduler's step held back comes again (KubeRay's RayJob requeue, 3 s). */
  public static final Duration BATCH_SCHEDULER_RETRY_DELAY = Duration.ofSeconds(3);

  RayJobLoop(RayJobLoopBuilder b) {
    this.observer = new RayJobObserver(b.reads, b.access, b.dashboards, b.recent);
    this.decider = new RayJobStateMachine(b.settings, b.suffixes);
    this.actor = new RayJobActuator(b.client, b.dashboards, b.events, b.settings.batchScheduler());
    this.batch = new RayJobBatchScheduling(b.client, b.events, b.settings.batchScheduler());
    this.status = new StatusRecorder<>(b.client, b.cache);
    this.events = b.events;
    this.cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB,
        new RayJobStopStep(new RayJobStopper(), new ClusterStopTargets(b.client, b.access, b.dashboards)),
        b.finalizerSettings, b.clock);
    this.dashboards = b.dashboards;
    this.poll = b.poll;
    this.clock = b.clock;
    this.actionRetryDelay = b.actionRetryDelay;
  }

  /**
   * Starts building a loop whose actions, status writes and cleanup go through {@code client}; see
   * {@link RayJobLoopBuilder} for what is required and what the defaults are.
   *
   * @param client the Kubernetes client
   * @return the builder
   */
  public static RayJobLoopBuilder builder(KubernetesClient client) {
    return new RayJobLoopBuilder(client);
  }

  /** The settings the loop decides with. */
  public RayJobSettings settings() {
    return decider.settings();
  }

  /**
   * Reconciles a RayJob that is not being deleted, polling a running job as the {@link RunningJobPoll} says.
   *
   * @param rayJob the RayJob as read
   * @return what was done and when to reconcile again
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the status cannot be written (other than a
   *     conflict or not found)
   */
  @Override
  public Reconciled<RayJob, ObservedRayJob, Decision, ActionOutcome<RayJobAction>> reconcile(RayJob rayJob) {
    Objects.requireNonNull(rayJob, "rayJob");
    List<ActionOutcome<RayJobAction>> outcomes = new ArrayList<>();
    RayJob job = rayJob;
    for (int round = 1; ; round++) {
      ObservedRayJob observed = observer.observe(job);
      RayJob observedJob = job;
      observed.dashboardProblemMessage().ifPresent(problem -> events.record(observedJob, EventType.WARNING,
          RayJobEventReason.DASHBOARD_UNRESOLVABLE, problem));
      Reconciled<RayJob, ObservedRayJob, Decision, ActionOutcome<RayJobAction>> result =
          decideRecordAct(job, observed, poll.pollFor(observed), outcomes);
      if (result.status() != StatusRecorder.Result.CONFLICT || round == ROUNDS) {
        return result;
      }
      job = result.resource(); // changed meanwhile: observe and decide again from the latest RayJob
    }
  }

  /**
   * Decides, records the status and acts; once more when a submission failed, with the failure in the observation.
   * Stops at a status conflict (nothing performed, reconcile again at once) or when the RayJob is gone.
   */
  private Reconciled<RayJob, ObservedRayJob, Decision, ActionOutcome<RayJobAction>> decideRecordAct(RayJob stored,
      ObservedRayJob observed, AdaptivePoll poll,
      List<ActionOutcome<RayJobAction>> outcomes) {
    RayJob job = stored;
    RayJobObservation observation = observed.observation();
    boolean written = false;
    for (int decisions = 1; ; decisions++) {
      Decision decision = decider.decide(job, observation, clock.instant(), poll);
      if (batch.beforeRecording(job, observed, decision).isPresent()) {
        // The batch scheduler's group is not as the decision needs it: nothing is written or done until it is.
        return new Reconciled<>(job, observed, decision, written ? StatusRecorder.Result.WRITTEN
            : StatusRecorder.Result.UNCHANGED, outcomes, Optional.of(BATCH_SCHEDULER_RETRY_DELAY));
      }
      StatusRecorder.Recorded<RayJob> recorded = status.record(job, decision.status());
      if (recorded.result() == StatusRecorder.Result.GONE) {
        return new Reconciled<>(null, observed, decision, StatusRecorder.Result.GONE, outcomes, Optional.empty());
      }
      if (recorded.result() == StatusRecorder.Result.CONFLICT) {
        return new Reconciled<>(recorded.resource(), observed, decision, StatusRecorder.Result.CONFLICT, outcomes,
            Optional.of(Duration.ZERO));
      }
      written |= recorded.result() == StatusRecorder.Result.WRITTEN;
      job = recorded.resource();
      List<ActionOutcome<RayJobAction>> acted = actor.act(observed, job, decision.actions());
      outcomes.addAll(acted);
      Optional<SubmissionFailure> failed = submissionFailure(acted);
      if (failed.isEmpty() || decisions > 1) {
        return new Reconciled<>(job, observed, decision, written ? StatusRecorder.Result.WRITTEN
            : StatusRecorder.Result.UNCHANGED, outcomes, requeue(decision, outcomes));
      }
      observation = observation.withSubmissionFailure(failed.get()); // the state machine says what it means
    }
  }

  private static Optional<SubmissionFailure> submissionFailure(List<ActionOutcome<RayJobAction>> outcomes) {
    for (ActionOutcome<RayJobAction> outcome : outcomes) {
      if (outcome.action() instanceof RayJobAction.SubmitJob && outcome.failed()) {
        String problem = outcome.problem() == null ? outcome.message() : outcome.problem();
        return Optional.of(new SubmissionFailure(outcome.result() == ActionOutcome.Result.REJECTED
            ? SubmissionFailure.Kind.REJECTED : SubmissionFailure.Kind.UNAVAILABLE, problem));
      }
    }
    return Optional.empty();
  }

  /** The decision's requeue, shortened to the action retry delay after a failed Kubernetes action. */
  private Optional<Duration> requeue(Decision decision, List<ActionOutcome<RayJobAction>> outcomes) {
    Optional<Duration> requeue = decision.requeueAfter();
    boolean kubernetesFailure = outcomes.stream().anyMatch(o -> o.failed()
        && !(o.action() instanceof RayJobAction.StopJob) && !(o.action() instanceof RayJobAction.SubmitJob));
    if (kubernetesFailure && (requeue.isEmpty() || requeue.get().compareTo(actionRetryDelay) > 0)) {
      return Optional.of(actionRetryDelay);
    }
    return requeue;
  }

  /**
   * One cleanup attempt of a RayJob being deleted, with its Events.
   *
   * @param rayJob the RayJob as read, with {@code deletionTimestamp} and the finalizer
   * @return whether to remove the finalizer now or retry later
   */
  @Override
  public CleanedUp cleanup(RayJob rayJob) {
    Objects.requireNonNull(rayJob, "rayJob");
    String key = rayJob.getMetadata().getNamespace() + "/" + rayJob.getMetadata().getName();
    CleanupReport report = cleanup.run(rayJob);
    if (report.policy().annotationInvalid()) {
      LOG.warn("{}: {}", key, report.policy().invalidAnnotationMessage());
      events.record(rayJob, EventType.WARNING, RayJobEventReason.INVALID_FINALIZER_POLICY,
          report.policy().invalidAnnotationMessage());
    }
    if (report.attempted()) {
      recordAttempt(key, rayJob, report);
    }
    if (report.decision() instanceof FinalizerDecision.RemoveFinalizer remove) {
      String message = "removing finalizer " + FinalizerNames.RAYJOB + ": " + remove.message();
      if (remove.warning()) {
        LOG.warn("{}: {}", key, message);
        events.record(rayJob, EventType.WARNING, RayJobEventReason.finalizer(remove.reason()), message);
      } else {
        LOG.info("{}: {}", key, message); // the RayJob disappearing shows it
      }
      forget(rayJob);
      return CleanedUp.remove();
    }
    FinalizerDecision.RetryAfter retry = (FinalizerDecision.RetryAfter) report.decision();
    LOG.info("{}: keeping finalizer {}: {}", key, FinalizerNames.RAYJOB, retry);
    return CleanedUp.retryAfter(retry.delay());
  }

  /** Forgets what the loop keeps about a RayJob that is gone (or about to be). */
  @Override
  public void forget(RayJob rayJob) {
    cleanup.forget(rayJob);
    events.forget(rayJob.getMetadata().getNamespace(), rayJob.getMetadata().getUid());
    if (rayJob.getStatus() != null && rayJob.getStatus().getRayClusterName() != null) {
      dashboards.forget(rayJob.getMetadata().getNamespace(), rayJob.getStatus().getRayClusterName());
    }
  }

  private void recordAttempt(String key, RayJob rayJob, CleanupReport report) {
    LOG.info("{}: RayJob is being deleted (finalizer policy {})", key, report.policy().policy().annotationValue());
    CleanupOutcome outcome = report.outcome();
    // The step is RayJobStopStep: its reasons are StopOutcome.Kind; anything else is the cleanup's own error.
    StopOutcome.Kind kind = outcome.reason() instanceof StopOutcome.Kind stop ? stop : null;
    if (kind == null || kind.stopCalled()) {
      LOG.info("{}: stopping Ray job {}", key, rayJob.getStatus() == null ? null : rayJob.getStatus().getJobId());
    }
    if (outcome.done()) {
      LOG.info("{}: {}", key, outcome.message());
      if (kind == null || kind == StopOutcome.Kind.STOP_REQUESTED) {
        events.record(rayJob, EventType.NORMAL, RayJobEventReason.STOP_REQUESTED, outcome.message());
      } // an ended, unknown or never submitted job: nothing was done that the status does not show
    } else {
      String failed = "stop failed: " + outcome.reason().value() + ": " + outcome.message();
      LOG.warn("{}: {}", key, failed);
      events.record(rayJob, EventType.WARNING, RayJobEventReason.STOP_FAILED, failed);
    }
  }
}
