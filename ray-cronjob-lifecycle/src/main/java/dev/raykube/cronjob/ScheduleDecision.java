package dev.raykube.cronjob;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * What to do for a RayCronJob now, as decided by {@link RayCronJobSchedule}: nothing while it is suspended; otherwise
 * the scheduled time to create a RayJob for (if one is due), how many older due times were skipped, and when the next
 * scheduled time comes.
 *
 * @param suspended {@code spec.suspend} is true: nothing is run and there is nothing to wait for
 * @param run the scheduled time ("tick") to create the RayJob for now; it becomes {@code status.lastScheduleTime}
 * @param skipped how many due ticks older than {@code run} are skipped (a Warning Event is due when positive); 0
 *     without {@code run}
 * @param skippedExact whether {@code skipped} is exact, or a lower bound after a long outage
 *     ({@link CronSchedule#COUNT_LIMIT})
 * @param nextTick the first tick after {@code now} (after {@code run} when one is run): when to look again; empty
 *     while suspended or when the schedule never fires again
 */
public record ScheduleDecision(boolean suspended, Optional<Instant> run, long skipped, boolean skippedExact,
    Optional<Instant> nextTick) {

  private static final ScheduleDecision SUSPENDED = new ScheduleDecision(true, Optional.empty(), 0, true,
      Optional.empty());

  /** Checks that a suspended decision runs nothing and that only a run skips ticks. */
  public ScheduleDecision {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(nextTick, "nextTick");
    if (suspended && (run.isPresent() || nextTick.isPresent())) {
      throw new IllegalArgumentException("a suspended RayCronJob runs nothing and waits for nothing");
    }
    if (skipped < 0 || (skipped > 0 && run.isEmpty())) {
      throw new IllegalArgumentException("only a run skips older ticks, never fewer than 0: " + skipped);
    }
  }

  /** The RayCronJob is suspended: run nothing, wait for nothing (a change of the RayCronJob wakes it). */
  public static ScheduleDecision whileSuspended() {
    return SUSPENDED;
  }

  /** No tick is due: wait for {@code nextTick} (none when the schedule never fires again). */
  public static ScheduleDecision waitFor(Optional<Instant> nextTick) {
    return new ScheduleDecision(false, Optional.empty(), 0, true, nextTick);
  }

  /** Run {@code tick} now, skipping {@code skipped} older due ticks; then wait for {@code nextTick}. */
  public static ScheduleDecision runNow(Instant tick, long skipped, boolean skippedExact, Optional<Instant> nextTick) {
    return new ScheduleDecision(false, Optional.of(Objects.requireNonNull(tick, "tick")), skipped, skippedExact,
        nextTick);
  }

  /**
   * How long from {@code now} until {@link #nextTick()}: empty when there is no next tick, zero when it has already
   * come (as after a slow reconcile).
   */
  public Optional<Duration> waitFrom(Instant now) {
    Objects.requireNonNull(now, "now");
    return nextTick.map(next -> next.isAfter(now) ? Duration.between(now, next) : Duration.ZERO);
  }
}
