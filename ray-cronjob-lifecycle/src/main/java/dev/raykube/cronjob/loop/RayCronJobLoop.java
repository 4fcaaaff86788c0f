package dev.raykube.cronjob.loop;

import dev.raykube.cronjob.CreateRayJob;
import dev.raykube.cronjob.MissedSchedules;
import dev.raykube.cronjob.RayCronJobDecision;
import dev.raykube.cronjob.RayCronJobEventReason;
import dev.raykube.cronjob.RayCronJobValidator;
import dev.raykube.cronjob.ScheduleDecision;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.OwnedObjects;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.reconcile.ResourceLoop;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RayCronJob loop, the one sequence every RayCronJob controller runs (the reference operator's and a platform's
 * own alike; each is glue around it). {@link #reconcile}:
 *
 * <ol>
 *   <li><b>observe</b>: the RayCronJob as read and the time ({@link ObservedRayCronJob}); nothing else, since the
 *       RayJob of each scheduled time has a name known in advance;</li>
 *   <li><b>decide</b> ({@link RayCronJobDecision#decide}, pure): an invalid RayCronJob gets a Warning
 *       {@code InvalidRayCronJobSpec} and nothing else — no status write, no timed reconcile; a change of it brings the
 *       next reconcile. A suspended one gets a Normal {@code SuspendedRayCronJob} once per suspension and no timed
 *       reconcile. Otherwise a scheduled time is due or it is not;</li>
 *   <li><b>act</b>: create the RayJob of the due time through {@link OwnedObjects#ensure}. "Already exists" counts as
 *       done: a repeated or racing create for the same time (a retry, a restart, a second replica) collides by name
 *       instead of running the time twice. A failed create gets a Warning and is retried after the action retry delay
 *       (the same time: nothing is recorded);</li>
 *   <li><b>record</b>: {@code status.lastScheduleTime} = the scheduled time, through {@link StatusRecorder} (status
 *       subresource, locked to the resourceVersion read). A conflict decides again from the latest RayCronJob, up to
 *       {@value #ROUNDS} rounds; then the result asks for a reconcile at once;</li>
 *   <li>reconcile again at the next scheduled time.</li>
 * </ol>
 *
 * <p><b>Acting before recording is deliberate</b>, the reverse of the other kinds' order. A crash (or a failed status
 * write) between the two leaves the old {@code lastScheduleTime}, so the next reconcile decides the same time again,
 * and its create collides with the RayJob that exists: the run happens once. Recording first would lose the run if
 * the process stopped before the create, since the status would already say it happened.
 *
 * <p>When several scheduled times fell due at once (the operator was down, the RayCronJob was suspended), only the
 * latest is run and a Warning {@code MissedSchedules} gives the number and the oldest and latest of the skipped ones;
 * KubeRay instead runs every missed time, one after the other. Deletion needs nothing of the loop: there is no
 * finalizer, and the RayJobs go with their RayCronJob through their owner reference, each one running its own
 * finalizer. Thread-safe for different RayCronJobs; calls for the same RayCronJob must not overlap.
 */
public final class RayCronJobLoop
    implements ResourceLoop<RayCronJob, Reconciled<RayCronJob, ObservedRayCronJob, RayCronJobDecision,
        ActionOutcome<CreateRayJob>>> {
  private static final Logger LOG = LoggerFactory.getLogger(RayCronJobLoop.class);

  /** Rounds of observe → decide → act → record within one reconcile when the status write conflicts. */
  public static final int ROUNDS = 3;

  /** Default delay before the next reconcile after a failed create. */
  public static final Duration DEFAULT_ACTION_RETRY_DELAY = Duration.ofSeconds(5);

  private final RayCronJobValidator validator;
  private final OwnedObjects owned;
  private final StatusRecorder<RayCronJobStatus, RayCronJob> status;
  private final EventRecorder events;
  private final Clock clock;
  private final Duration actionRetryDelay;
  /** The RayCronJobs (namespace/uid) whose current suspension has had its Event. */
  private final Set<String> suspensionsReported = ConcurrentHashMap.newKeySet();

  RayCronJobLoop(RayCronJobLoopBuilder b) {
    this.validator = b.validator;
    this.owned = new OwnedObjects(b.client);
    this.status = new StatusRecorder<>(b.client, b.cache);
    this.events = b.events;
    this.clock = b.clock;
    this.actionRetryDelay = b.actionRetryDelay;
  }

  /**
   * Starts building a loop whose creates and status writes go through {@code client}; see
   * {@link RayCronJobLoopBuilder} for what is required and what the defaults are.
   *
   * @param client the Kubernetes client
   * @return the builder
   */
  public static RayCronJobLoopBuilder builder(KubernetesClient client) {
    return new RayCronJobLoopBuilder(client);
  }

  /**
   * Reconciles a RayCronJob that is not being deleted.
   *
   * @param cronJob the RayCronJob as read
   * @return what was done and when to reconcile again: at the next scheduled time, after the action retry delay when
   *     the create failed, at once after {@value #ROUNDS} conflicting status writes, never while the RayCronJob is
   *     invalid or suspended or when its schedule never fires again
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the status cannot be written (other than a
   *     conflict or not found); the RayJob, if created, is found by the next attempt
   */
  @Override
  public Reconciled<RayCronJob, ObservedRayCronJob, RayCronJobDecision, ActionOutcome<CreateRayJob>> reconcile(
      RayCronJob cronJob) {
    Objects.requireNonNull(cronJob, "cronJob");
    List<ActionOutcome<CreateRayJob>> outcomes = new ArrayList<>();
    RayCronJob current = cronJob;
    for (int round = 1; ; round++) {
      Reconciled<RayCronJob, ObservedRayCronJob, RayCronJobDecision, ActionOutcome<CreateRayJob>> result =
          decideActRecord(current, outcomes);
      if (result.status() != StatusRecorder.Result.CONFLICT || round == ROUNDS) {
        return result;
      }
      current = result.resource(); // changed meanwhile (another replica recorded the time?): decide again
    }
  }

  private Reconciled<RayCronJob, ObservedRayCronJob, RayCronJobDecision, ActionOutcome<CreateRayJob>> decideActRecord(
      RayCronJob cronJob, List<ActionOutcome<CreateRayJob>> outcomes) {
    Instant now = clock.instant();
    ObservedRayCronJob observed = new ObservedRayCronJob(cronJob, now);
    RayCronJobDecision decision = RayCronJobDecision.decide(cronJob, now, validator);
    if (!decision.valid()) {
      LOG.warn("{}: invalid, nothing is scheduled: {}", key(cronJob), decision.violationMessage());
      events.record(cronJob, EventType.WARNING, RayCronJobEventReason.INVALID_SPEC, decision.violationMessage());
      return unchanged(cronJob, observed, decision, outcomes, Optional.empty());
    }
    if (decision.suspended()) {
      if (suspensionsReported.add(memoryKey(cronJob))) {
        LOG.info("{}: suspended", key(cronJob));
        events.record(cronJob, EventType.NORMAL, RayCronJobEventReason.SUSPENDED, "RayCronJob is suspended: no "
            + "RayJob is created while spec.suspend is true");
      }
      return unchanged(cronJob, observed, decision, outcomes, Optional.empty());
    }
    suspensionsReported.remove(memoryKey(cronJob));
    ScheduleDecision schedule = decision.schedule().orElseThrow();
    if (decision.create().isEmpty()) {
      return unchanged(cronJob, observed, decision, outcomes, schedule.waitFrom(now));
    }
    ActionOutcome<CreateRayJob> created = create(cronJob, decision.create().get());
    outcomes.add(created);
    if (created.failed()) {
      return unchanged(cronJob, observed, decision, outcomes, Optional.of(actionRetryDelay));
    }
    decision.missed().ifPresent(missed -> recordMissed(cronJob, missed));
    StatusRecorder.Recorded<RayCronJob> recorded = status.record(cronJob, decision.status().orElseThrow());
    return switch (recorded.result()) {
      case GONE -> new Reconciled<>(null, observed, decision, StatusRecorder.Result.GONE, outcomes,
          Optional.empty());
      case CONFLICT -> new Reconciled<>(recorded.resource(), observed, decision, StatusRecorder.Result.CONFLICT,
          outcomes, Optional.of(Duration.ZERO));
      case WRITTEN, UNCHANGED -> new Reconciled<>(recorded.resource(), observed, decision, recorded.result(),
          outcomes, schedule.waitFrom(clock.instant()));
    };
  }

  private static Reconciled<RayCronJob, ObservedRayCronJob, RayCronJobDecision, ActionOutcome<CreateRayJob>> unchanged(
      RayCronJob cronJob, ObservedRayCronJob observed, RayCronJobDecision decision,
      List<ActionOutcome<CreateRayJob>> outcomes, Optional<Duration> requeue) {
    return new Reconciled<>(cronJob, observed, decision, StatusRecorder.Result.UNCHANGED, outcomes, requeue);
  }

  /** Creates the RayJob of a scheduled time; "already exists" is done, since the name belongs to that time. */
  private ActionOutcome<CreateRayJob> create(RayCronJob cronJob, CreateRayJob action) {
    String tick = StatusTimes.format(action.tick());
    OwnedObjects.Ensured<RayJob> ensured = owned.ensure(action.rayJob());
    return switch (ensured.outcome()) {
      case CREATED -> {
        String message = "Created RayJob " + action.name() + " for the scheduled time " + tick;
        LOG.info("{}: {}", key(cronJob), message);
        events.record(cronJob, EventType.NORMAL, RayCronJobEventReason.CREATED_RAY_JOB, message);
        yield new ActionOutcome<>(action, ActionOutcome.Result.DONE, message);
      }
      case EXISTED -> {
        String message = "RayJob " + action.name() + " for the scheduled time " + tick + " exists already; not "
            + "created again";
        LOG.info("{}: {}", key(cronJob), message); // a retry, a restart or another replica: nothing new happened
        yield new ActionOutcome<>(action, ActionOutcome.Result.ALREADY_DONE, message);
      }
      case FAILED -> {
        String message = "Failed to create RayJob " + action.name() + " for the scheduled time " + tick + ": "
            + ensured.problem();
        LOG.warn("{}: {}", key(cronJob), message);
        events.record(cronJob, EventType.WARNING, RayCronJobEventReason.FAILED_TO_CREATE_RAY_JOB, message);
        yield new ActionOutcome<>(action, ActionOutcome.Result.FAILED, message, ensured.problem());
      }
    };
  }

  private void recordMissed(RayCronJob cronJob, MissedSchedules missed) {
    LOG.warn("{}: {}", key(cronJob), missed.message());
    events.record(cronJob, EventType.WARNING, RayCronJobEventReason.MISSED_SCHEDULES, missed.message());
  }

  /**
   * A RayCronJob has no finalizer and nothing to clean up: its RayJobs are deleted with it through their owner
   * reference (each one stopping its Ray job through its own finalizer). Forgets the RayCronJob and answers
   * {@link CleanedUp#remove()}.
   *
   * @param cronJob the RayCronJob as read, being deleted
   * @return {@link CleanedUp#remove()}
   */
  @Override
  public CleanedUp cleanup(RayCronJob cronJob) {
    Objects.requireNonNull(cronJob, "cronJob");
    forget(cronJob);
    return CleanedUp.remove();
  }

  /** Forgets the Events and the suspension recorded for a RayCronJob that is gone (or about to be). */
  @Override
  public void forget(RayCronJob cronJob) {
    Objects.requireNonNull(cronJob, "cronJob");
    suspensionsReported.remove(memoryKey(cronJob));
    events.forget(cronJob.getMetadata().getNamespace(), cronJob.getMetadata().getUid());
  }

  private static String key(RayCronJob cronJob) {
    return cronJob.getMetadata().getNamespace() + "/" + cronJob.getMetadata().getName();
  }

  private static String memoryKey(RayCronJob cronJob) {
    return cronJob.getMetadata().getNamespace() + "/" + cronJob.getMetadata().getUid();
  }
}
