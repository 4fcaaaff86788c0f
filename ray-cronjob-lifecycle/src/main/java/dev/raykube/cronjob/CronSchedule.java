package dev.raykube.cronjob;

import dev.raykube.model.cronjob.RayCronJobSpec;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.Optional;

/**
 * A RayCronJob's schedule: {@code spec.schedule} read in the zone {@code spec.timeZone}. Immutable; reads no clock.
 *
 * <p>What {@code spec.schedule} may be, as in KubeRay:
 * <ul>
 *   <li>a five-field cron expression, {@code minute hour day-of-month month day-of-week}, with lists, ranges, steps,
 *       and month and day names ({@code 30 9 * * mon-fri}); there is no seconds field;</li>
 *   <li>a descriptor: {@code @yearly}, {@code @annually}, {@code @monthly}, {@code @weekly}, {@code @daily},
 *       {@code @midnight} or {@code @hourly};</li>
 *   <li>{@code @every <duration>}, a fixed delay in Go's duration syntax ({@code @every 90s}, {@code @every 1h30m}),
 *       counted from the last scheduled time or the RayCronJob's creation, not from the clock.</li>
 * </ul>
 * A schedule that contains {@code TZ} anywhere is rejected, as in KubeRay: a {@code TZ=} or {@code CRON_TZ=} prefix
 * belongs in {@code spec.timeZone}. Cron expressions are computed with cron-utils; it knows neither the descriptors
 * nor {@code @every}, so the descriptors are rewritten to the expressions they stand for ({@link CalendarTicks}) and
 * {@code @every} is computed here ({@link FixedDelayTicks}). Daylight saving time is described on
 * {@link CalendarTicks}.
 *
 * <p>{@code spec.timeZone} is a name of the IANA time zone database as the JDK knows it ({@code Europe/Berlin},
 * {@code UTC}). When it is unset RayKube reads the schedule in <b>UTC</b>, so that a schedule means the same on every
 * machine; KubeRay reads it in the local time zone of the operator's process instead. The name {@code Local} and
 * offsets such as {@code +02:00} are not zone names and are rejected.
 */
public final class CronSchedule {

  /** The zone of a schedule without {@code spec.timeZone}. */
  public static final ZoneId DEFAULT_ZONE = ZoneOffset.UTC;

  /**
   * How many due ticks of a cron expression {@link #due} counts one by one before it jumps to the last one (about
   * 20 ms of work); beyond it the count is a lower bound.
   */
  public static final long COUNT_LIMIT = 1_000;

  private static final String EVERY = "@every ";

  private final String schedule;
  private final ZoneId zone;
  private final Ticks ticks;

  private CronSchedule(String schedule, ZoneId zone, Ticks ticks) {
    this.schedule = schedule;
    this.zone = zone;
    this.ticks = ticks;
  }

  /**
   * Reads the schedule of a RayCronJob spec.
   *
   * @param spec the spec; not null
   * @return the schedule
   * @throws InvalidScheduleException if {@code schedule} or {@code timeZone} is not valid
   */
  public static CronSchedule of(RayCronJobSpec spec) throws InvalidScheduleException {
    Objects.requireNonNull(spec, "spec");
    return parse(spec.getSchedule(), spec.getTimeZone());
  }

  /**
   * Reads a schedule.
   *
   * @param schedule {@code spec.schedule}
   * @param timeZone {@code spec.timeZone}; {@code null} for UTC
   * @return the schedule
   * @throws InvalidScheduleException if {@code schedule} or {@code timeZone} is not valid, naming the field
   */
  public static CronSchedule parse(String schedule, String timeZone) throws InvalidScheduleException {
    ZoneId zone = zone(timeZone);
    if (schedule == null || schedule.isBlank()) {
      throw new InvalidScheduleException("spec.schedule", "spec.schedule is required: a cron expression such as "
          + "'0 * * * *', a descriptor such as @daily, or @every <duration>");
    }
    if (schedule.contains("TZ")) {
      throw new InvalidScheduleException("spec.schedule", "spec.schedule '" + schedule + "' contains TZ: set the "
          + "time zone in spec.timeZone instead of a TZ= or CRON_TZ= prefix");
    }
    String expression = schedule.strip();
    try {
      Ticks ticks = expression.startsWith(EVERY)
          ? FixedDelayTicks.every(EveryDuration.parse(expression.substring(EVERY.length())))
          : CalendarTicks.parse(expression, zone);
      return new CronSchedule(schedule, zone, ticks);
    } catch (IllegalArgumentException invalid) {
      throw new InvalidScheduleException("spec.schedule", "spec.schedule '" + schedule + "' is not a valid schedule: "
          + invalid.getMessage());
    }
  }

  private static ZoneId zone(String timeZone) throws InvalidScheduleException {
    if (timeZone == null) {
      return DEFAULT_ZONE;
    }
    if (timeZone.isEmpty()) {
      throw new InvalidScheduleException("spec.timeZone", "spec.timeZone must not be empty: name an IANA time zone "
          + "such as Europe/Berlin, or leave the field out to read the schedule in UTC");
    }
    if (!ZoneId.getAvailableZoneIds().contains(timeZone)) {
      throw new InvalidScheduleException("spec.timeZone", "spec.timeZone '" + timeZone + "' is not a time zone of "
          + "the IANA database: use a name such as Europe/Berlin, America/New_York or UTC");
    }
    return ZoneId.of(timeZone);
  }

  /** {@code spec.schedule} as written. */
  public String schedule() {
    return schedule;
  }

  /** The zone the schedule is read in: {@code spec.timeZone}, or {@link #DEFAULT_ZONE}. */
  public ZoneId zone() {
    return zone;
  }

  /**
   * The first scheduled time strictly after {@code after}.
   *
   * @param after a time
   * @return the next tick; empty when the schedule never fires again (for example {@code 0 0 30 2 *})
   */
  public Optional<Instant> next(Instant after) {
    return ticks.next(Objects.requireNonNull(after, "after"));
  }

  /**
   * The scheduled times {@code t} with {@code since < t <= now}: the latest and how many.
   *
   * @param since the start of the window, excluded: the last scheduled time, or the creation time
   * @param now the end of the window, included
   * @return the due ticks; none when {@code now} is not after {@code since}
   */
  public DueTicks due(Instant since, Instant now) {
    return ticks.due(Objects.requireNonNull(since, "since"), Objects.requireNonNull(now, "now"));
  }

  @Override
  public String toString() {
    return "CronSchedule{'" + schedule + "' in " + zone + ", " + ticks + '}';
  }
}
