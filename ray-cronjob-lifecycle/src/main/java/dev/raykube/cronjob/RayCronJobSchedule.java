package dev.raykube.cronjob;

import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides, for a RayCronJob as read and the current time, whether to create a RayJob now. Pure: the time is an
 * argument.
 *
 * <p>The rules:
 * <ul>
 *   <li>While {@code spec.suspend} is true nothing is run (the schedule is still checked first, so a bad schedule is
 *       reported even while suspended).</li>
 *   <li>The schedule runs from {@code status.lastScheduleTime}, or from {@code metadata.creationTimestamp} before the
 *       first run: the ticks that fell due are those after that time and at or before now. So a RayCronJob created
 *       at 10:00:30 with {@code * * * * *} first runs at 10:01:00, and a tick exactly at {@code now} is due.</li>
 *   <li>When several ticks fell due, only the <b>latest</b> is run, once, and the older ones are reported as skipped.
 *       This is how Kubernetes' CronJob treats missed runs, and it differs from KubeRay v1.7, which creates a RayJob
 *       for every missed tick, one after the other and without a limit (an hour of operator downtime with
 *       {@code * * * * *} would start 60 RayJobs at once).</li>
 *   <li>After a restart the status says what was run: with {@code lastScheduleTime} equal to the latest tick at or
 *       before now nothing is run again; with an older one the latest tick is run, so no run is lost.</li>
 *   <li>Unsuspending follows the same rule: after a long suspension the latest tick that fell due while suspended is
 *       run at once and the older ones are skipped; to run nothing until the next tick, set
 *       {@code status.lastScheduleTime} as well, or recreate the RayCronJob.</li>
 * </ul>
 * A {@code lastScheduleTime} that is not an RFC 3339 time counts as absent; a RayCronJob without a
 * {@code creationTimestamp} (never stored) starts from {@code now}.
 */
public final class RayCronJobSchedule {

  private RayCronJobSchedule() {
  }

  /**
   * Decides for a RayCronJob.
   *
   * @param cronJob the RayCronJob as read from the API server; not null
   * @param now the current time
   * @return what to do now
   * @throws InvalidScheduleException if the RayCronJob has no readable spec or its schedule or time zone is not valid
   */
  public static ScheduleDecision decide(RayCronJob cronJob, Instant now) throws InvalidScheduleException {
    Objects.requireNonNull(cronJob, "cronJob");
    Objects.requireNonNull(now, "now");
    RayCronJobSpec spec = cronJob.getSpec();
    if (spec == null) {
      throw new InvalidScheduleException("spec", cronJob.unreadableSpec().map(p -> "spec cannot be read: " + p)
          .orElse("spec is required, with spec.schedule and spec.jobTemplate"));
    }
    CronSchedule schedule = CronSchedule.of(spec);
    if (Boolean.TRUE.equals(spec.getSuspend())) {
      return ScheduleDecision.whileSuspended();
    }
    return decide(schedule, since(cronJob).orElse(now), now);
  }

  /**
   * Decides for a schedule that runs from {@code since} (the last scheduled time, or the creation time), not
   * suspended.
   *
   * @param schedule the schedule
   * @param since the time the schedule runs from, excluded
   * @param now the current time
   * @return the latest due tick to run with the number of older due ticks skipped, or nothing to run; and the next
   *     tick after now
   */
  public static ScheduleDecision decide(CronSchedule schedule, Instant since, Instant now) {
    Objects.requireNonNull(schedule, "schedule");
    DueTicks due = schedule.due(since, now);
    if (due.latest().isEmpty()) {
      return ScheduleDecision.waitFor(schedule.next(since));
    }
    Instant tick = due.latest().get();
    return ScheduleDecision.runNow(tick, due.count() - 1, due.countExact(), schedule.next(tick));
  }

  /** {@code status.lastScheduleTime}, else {@code metadata.creationTimestamp}; empty when neither is readable. */
  static Optional<Instant> since(RayCronJob cronJob) {
    Optional<Instant> last = cronJob.getStatus() == null ? Optional.empty()
        : StatusTimes.parse(cronJob.getStatus().getLastScheduleTime());
    if (last.isPresent()) {
      return last;
    }
    return cronJob.getMetadata() == null ? Optional.empty()
        : StatusTimes.parse(cronJob.getMetadata().getCreationTimestamp());
  }
}
