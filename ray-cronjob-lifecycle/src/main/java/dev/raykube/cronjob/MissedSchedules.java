package dev.raykube.cronjob;

import dev.raykube.model.common.StatusTimes;
import java.time.Instant;
import java.util.Objects;

/**
 * The scheduled times a run skipped: when several fell due at once, only the latest is run ({@link RayCronJobSchedule})
 * and the older ones are reported, with a Warning Event {@code MissedSchedules}. Immutable.
 *
 * @param count how many scheduled times were skipped, at least 1
 * @param countExact whether {@code count} is exact, or a lower bound after a very long outage
 *     ({@link CronSchedule#COUNT_LIMIT})
 * @param oldest the oldest skipped time
 * @param latest the latest skipped time; {@code oldest} when one was skipped
 * @param run the scheduled time that was run instead, after {@code latest}
 */
public record MissedSchedules(long count, boolean countExact, Instant oldest, Instant latest, Instant run) {

  /** Checks the count and the order of the times. */
  public MissedSchedules {
    Objects.requireNonNull(oldest, "oldest");
    Objects.requireNonNull(latest, "latest");
    Objects.requireNonNull(run, "run");
    if (count < 1) {
      throw new IllegalArgumentException("at least one scheduled time is skipped, not " + count);
    }
    if (latest.isBefore(oldest) || !run.isAfter(latest)) {
      throw new IllegalArgumentException("the skipped times " + oldest + " to " + latest + " come before the run "
          + run);
    }
  }

  /**
   * The times skipped by running {@code decision}'s tick of {@code schedule}, which runs from {@code since}.
   *
   * @param schedule the schedule
   * @param since the time the schedule ran from, excluded: the last scheduled time, or the creation time
   * @param decision a decision that runs a tick and skips at least one
   * @return the skipped times
   */
  static MissedSchedules skippedBy(CronSchedule schedule, Instant since, ScheduleDecision decision) {
    Instant run = decision.run().orElseThrow(() -> new IllegalArgumentException("the decision runs nothing"));
    Instant oldest = schedule.next(since).orElseThrow();
    Instant latest = schedule.due(since, run.minusNanos(1)).latest().orElseThrow();
    return new MissedSchedules(decision.skipped(), decision.skippedExact(), oldest, latest, run);
  }

  /**
   * The message of the Event, for example "skipped 59 missed scheduled times from 2026-08-20T09:01:00Z to
   * 2026-08-20T09:59:00Z and ran only the latest, 2026-08-20T10:00:00Z".
   *
   * @return the message
   */
  public String message() {
    String times = count == 1 ? "1 missed scheduled time, " + StatusTimes.format(oldest)
        : (countExact ? "" : "at least ") + count + " missed scheduled times from " + StatusTimes.format(oldest)
            + " to " + StatusTimes.format(latest);
    return "skipped " + times + " and ran only the latest, " + StatusTimes.format(run);
  }
}
