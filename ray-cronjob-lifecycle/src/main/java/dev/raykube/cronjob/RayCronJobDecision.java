package dev.raykube.cronjob;

import dev.raykube.kernel.Violation;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobStatus;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What to do for a RayCronJob now, decided by {@link #decide} from the RayCronJob as read and the time. Pure and
 * immutable (the status and the RayJob it holds are fresh objects no one else has).
 *
 * <p>Either the RayCronJob is invalid ({@link #violations()} not empty: a Warning, nothing scheduled, no status
 * written, no timed reconcile, since only a change of the RayCronJob can make it valid), or it has a
 * {@link #schedule()} decision: suspended, waiting for the next scheduled time, or running a due time now. A run comes
 * with the RayJob to create ({@link #create()}), the status to record after it ({@link #status()}: {@code
 * lastScheduleTime} is the scheduled time, not the time of creation) and, when older due times were skipped, what was
 * skipped ({@link #missed()}).
 *
 * @param violations the broken rules; empty when the RayCronJob is valid
 * @param schedule what the schedule says now; empty when the RayCronJob is invalid
 * @param create the RayJob to create now; present when the schedule runs a tick
 * @param status the status to record once the RayJob exists; present with {@code create}
 * @param missed the due times skipped by this run; present when the schedule skipped some
 */
public record RayCronJobDecision(List<Violation> violations, Optional<ScheduleDecision> schedule,
    Optional<CreateRayJob> create, Optional<RayCronJobStatus> status, Optional<MissedSchedules> missed) {

  /** Checks that exactly one of violations and schedule is given, and that a run comes with what it needs. */
  public RayCronJobDecision {
    violations = List.copyOf(violations);
    Objects.requireNonNull(schedule, "schedule");
    Objects.requireNonNull(create, "create");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(missed, "missed");
    if (violations.isEmpty() == schedule.isEmpty()) {
      throw new IllegalArgumentException("a decision is either invalid or scheduled, not both or neither");
    }
    boolean runs = schedule.flatMap(ScheduleDecision::run).isPresent();
    if (runs != create.isPresent() || runs != status.isPresent()) {
      throw new IllegalArgumentException("a run, and only a run, creates a RayJob and records its time");
    }
    if (missed.isPresent() != schedule.map(s -> s.skipped() > 0).orElse(false)) {
      throw new IllegalArgumentException("missed times go with a run that skipped some, and only with it");
    }
  }

  /**
   * Decides for a RayCronJob: validate it, then ask its schedule (see {@link RayCronJobSchedule} for the rules).
   *
   * @param cronJob the RayCronJob as read from the API server (with its name, uid and creation time); not changed
   * @param now the current time
   * @param validator checks the RayCronJob first
   * @return what to do now
   * @throws IllegalArgumentException if a RayJob is due and the RayCronJob has no {@code metadata.uid} (it was not
   *     read from the API server)
   */
  public static RayCronJobDecision decide(RayCronJob cronJob, Instant now, RayCronJobValidator validator) {
    Objects.requireNonNull(cronJob, "cronJob");
    Objects.requireNonNull(now, "now");
    List<Violation> violations = validator.validate(cronJob);
    if (!violations.isEmpty()) {
      return invalid(violations);
    }
    try {
      ScheduleDecision schedule = RayCronJobSchedule.decide(cronJob, now);
      if (schedule.run().isEmpty()) {
        return new RayCronJobDecision(List.of(), Optional.of(schedule), Optional.empty(), Optional.empty(),
            Optional.empty());
      }
      Instant tick = schedule.run().get();
      Optional<MissedSchedules> missed = schedule.skipped() == 0 ? Optional.empty()
          : Optional.of(MissedSchedules.skippedBy(CronSchedule.of(cronJob.getSpec()),
              RayCronJobSchedule.since(cronJob).orElse(now), schedule));
      return new RayCronJobDecision(List.of(), Optional.of(schedule),
          Optional.of(new CreateRayJob(tick, ChildRayJob.forTick(cronJob, tick))), Optional.of(statusAfter(cronJob,
          tick)), missed);
    } catch (InvalidScheduleException invalid) { // the validator read the schedule the same way: it passed
      return invalid(List.of(new Violation(invalid.field(), invalid.getMessage())));
    }
  }

  private static RayCronJobDecision invalid(List<Violation> violations) {
    return new RayCronJobDecision(violations, Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** The stored status with {@code lastScheduleTime} set to the tick; fields this version does not know are kept. */
  private static RayCronJobStatus statusAfter(RayCronJob cronJob, Instant tick) {
    RayCronJobStatus next = cronJob.getStatus() == null ? new RayCronJobStatus()
        : ModelCopies.copy(cronJob.getStatus(), RayCronJobStatus.class);
    next.setLastScheduleTime(StatusTimes.format(tick));
    return next;
  }

  /** Whether the RayCronJob is valid. */
  public boolean valid() {
    return violations.isEmpty();
  }

  /** Whether the RayCronJob is valid and suspended. */
  public boolean suspended() {
    return schedule.map(ScheduleDecision::suspended).orElse(false);
  }

  /**
   * The violations as one message for the Warning Event, e.g. "spec.schedule '...' is not a valid schedule: ...;
   * spec.jobTemplate.entrypoint is required in HTTPMode".
   *
   * @return the message; empty text when valid
   */
  public String violationMessage() {
    return String.join("; ", violations.stream().map(Violation::message).toList());
  }
}
