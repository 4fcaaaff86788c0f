package dev.raykube.cronjob;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The ticks of a five-field cron expression ({@code minute hour day-of-month month day-of-week}) read in a time zone,
 * computed by cron-utils with its Unix crontab definition. The descriptors are rewritten to the expressions they
 * stand for first, because that definition does not know them: {@code @yearly} and {@code @annually} are
 * {@code 0 0 1 1 *}, {@code @monthly} {@code 0 0 1 * *}, {@code @weekly} {@code 0 0 * * 0}, {@code @daily} and
 * {@code @midnight} {@code 0 0 * * *}, {@code @hourly} {@code 0 * * * *}.
 *
 * <p>The syntax is the one KubeRay accepts, with two small rewrites for cron-utils: a day-of-month or day-of-week
 * field that is just {@code ?} means {@code *}, and the day names {@code sun} to {@code sat} (any case) in the
 * day-of-week field are read as 0 to 6, so that {@code sun-sat} is a range as in KubeRay (cron-utils would read
 * {@code sun} as 7). When both day fields are restricted a day matching either one fires, as in Vixie cron and
 * KubeRay. cron-utils also takes {@code 7} for Sunday, which KubeRay rejects.
 *
 * <p>Daylight saving time, as cron-utils computes it (and as the tests pin down): a time that a spring-forward
 * change skips does not fire that day ({@code 0 2 * * *} in America/New_York has no run on the day clocks jump from
 * 02:00 to 03:00); a fixed time that a fall-back change repeats fires once, at its first occurrence
 * ({@code 30 1 * * *}), while an expression that fires every so many minutes fires in both repeated hours
 * ({@code *}{@code /30 * * * *} fires at 01:00 and 01:30 daylight time, then at 01:00 and 01:30 standard time).
 */
final class CalendarTicks implements Ticks {

  private static final CronParser UNIX = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

  private static final Map<String, String> DESCRIPTORS = Map.of(
      "@yearly", "0 0 1 1 *", "@annually", "0 0 1 1 *", "@monthly", "0 0 1 * *", "@weekly", "0 0 * * 0",
      "@daily", "0 0 * * *", "@midnight", "0 0 * * *", "@hourly", "0 * * * *");

  private static final Pattern DAY_NAME = Pattern.compile("(?i)sun|mon|tue|wed|thu|fri|sat");

  private static final String DAY_NAMES = "sunmontuewedthufrisat";

  private static final String FIELDS = "minute hour day-of-month month day-of-week";

  private final ExecutionTime executionTime;
  private final ZoneId zone;

  private CalendarTicks(ExecutionTime executionTime, ZoneId zone) {
    this.executionTime = executionTime;
    this.zone = zone;
  }

  /**
   * Reads a cron expression or a descriptor other than {@code @every}.
   *
   * @param expression the schedule, without surrounding blanks
   * @param zone the time zone the expression is read in
   * @return its ticks
   * @throws IllegalArgumentException with a message fit for a user if the expression is not valid
   */
  static CalendarTicks parse(String expression, ZoneId zone) {
    String cron = expression.startsWith("@") ? descriptor(expression) : expression;
    String[] fields = cron.split("\\s+");
    if (fields.length != 5) {
      throw new IllegalArgumentException("it has " + fields.length + (fields.length == 1 ? " field" : " fields")
          + "; a cron schedule has exactly 5 (" + FIELDS + "), with no seconds or year field");
    }
    fields[2] = fields[2].equals("?") ? "*" : fields[2];
    fields[4] = fields[4].equals("?") ? "*" : dayNumbers(fields[4]);
    try {
      return new CalendarTicks(ExecutionTime.forCron(UNIX.parse(String.join(" ", fields))), zone);
    } catch (IllegalArgumentException notCron) {
      throw new IllegalArgumentException(reason(notCron) + " (fields: " + FIELDS + ")", notCron);
    }
  }

  private static String descriptor(String expression) {
    String cron = DESCRIPTORS.get(expression);
    if (cron == null) {
      throw new IllegalArgumentException("it is not a known descriptor; use @yearly, @annually, @monthly, @weekly, "
          + "@daily, @midnight, @hourly or @every <duration>");
    }
    return cron;
  }

  private static String dayNumbers(String dayOfWeek) {
    Matcher names = DAY_NAME.matcher(dayOfWeek);
    StringBuilder out = new StringBuilder();
    while (names.find()) {
      names.appendReplacement(out, Integer.toString(DAY_NAMES.indexOf(names.group().toLowerCase(Locale.ROOT)) / 3));
    }
    return names.appendTail(out).toString();
  }

  private static String reason(IllegalArgumentException notCron) {
    String message = String.valueOf(notCron.getMessage());
    String prefix = "Failed to parse cron expression. ";
    return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
  }

  @Override
  public Optional<Instant> next(Instant after) {
    return executionTime.nextExecution(after.atZone(zone)).map(ZonedDateTime::toInstant);
  }

  /**
   * Counts the due ticks one by one up to {@link CronSchedule#COUNT_LIMIT}; beyond that it jumps to the last tick at or
   * before {@code now} and reports the count as a lower bound.
   */
  @Override
  public DueTicks due(Instant since, Instant now) {
    Optional<Instant> first = next(since);
    if (first.isEmpty() || first.get().isAfter(now)) {
      return DueTicks.none();
    }
    Instant latest = first.get();
    long count = 1;
    Optional<Instant> following = next(latest);
    while (following.isPresent() && !following.get().isAfter(now)) {
      if (count == CronSchedule.COUNT_LIMIT) {
        Instant due = following.get();
        Instant last = lastAtOrBefore(now).filter(t -> t.isAfter(due)).orElse(due);
        return DueTicks.atLeast(last, count + 1);
      }
      latest = following.get();
      count++;
      following = next(latest);
    }
    return DueTicks.exactly(latest, count);
  }

  /** The last tick at or before {@code now}: cron ticks fall on whole minutes, so one before the next second. */
  private Optional<Instant> lastAtOrBefore(Instant now) {
    ZonedDateTime nextSecond = now.truncatedTo(ChronoUnit.SECONDS).plusSeconds(1).atZone(zone);
    return executionTime.lastExecution(nextSecond).map(ZonedDateTime::toInstant);
  }

  @Override
  public String toString() {
    return "cron in " + zone;
  }
}
