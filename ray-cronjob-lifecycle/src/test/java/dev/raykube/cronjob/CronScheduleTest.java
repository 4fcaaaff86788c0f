package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What {@code spec.schedule} and {@code spec.timeZone} may be, and the ticks they give (no clock: times are fixed). */
class CronScheduleTest {

  /** Thursday 2026-08-20, half a minute past 10:00 UTC. */
  private static final String T0 = "2026-08-20T10:00:30Z";

  @ParameterizedTest(name = "''{0}'' in {1} after {2}: {3}, {4}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      * * * * *          | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:01:00Z | 2026-08-20T10:02:00Z
      */15 * * * *       | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:15:00Z | 2026-08-20T10:30:00Z
      5/15 * * * *       | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:05:00Z | 2026-08-20T10:20:00Z
      0 9-17/4 * * *     | -                | 2026-08-20T10:00:30Z | 2026-08-20T13:00:00Z | 2026-08-20T17:00:00Z
      0 0 1 * 1          | -                | 2026-08-30T12:00:00Z | 2026-08-31T00:00:00Z | 2026-09-01T00:00:00Z
      0 0 * * sun-sat    | -                | 2026-08-20T10:00:30Z | 2026-08-21T00:00:00Z | 2026-08-22T00:00:00Z
      0 0 * * SUN        | -                | 2026-08-20T10:00:30Z | 2026-08-23T00:00:00Z | 2026-08-30T00:00:00Z
      0 0 * * 7          | -                | 2026-08-20T10:00:30Z | 2026-08-23T00:00:00Z | 2026-08-30T00:00:00Z
      0 0 ? * *          | -                | 2026-08-20T10:00:30Z | 2026-08-21T00:00:00Z | 2026-08-22T00:00:00Z
      0 0 ? * Mon        | -                | 2026-08-20T10:00:30Z | 2026-08-24T00:00:00Z | 2026-08-31T00:00:00Z
      0 6 1 jan,JUL *    | -                | 2026-08-20T10:00:30Z | 2027-01-01T06:00:00Z | 2027-07-01T06:00:00Z
      '  0 12 * * *  '   | -                | 2026-08-20T10:00:30Z | 2026-08-20T12:00:00Z | 2026-08-21T12:00:00Z
      30 9 * * mon-fri   | America/New_York | 2026-08-20T10:00:30Z | 2026-08-20T13:30:00Z | 2026-08-21T13:30:00Z
      45 21 * * *        | Asia/Taipei      | 2026-08-20T10:00:30Z | 2026-08-20T13:45:00Z | 2026-08-21T13:45:00Z
      0 0 * * *          | Asia/Kolkata     | 2026-08-20T10:00:30Z | 2026-08-20T18:30:00Z | 2026-08-21T18:30:00Z
      0 0 * * *          | UTC              | 2026-08-20T10:00:30Z | 2026-08-21T00:00:00Z | 2026-08-22T00:00:00Z
      @yearly            | -                | 2026-08-20T10:00:30Z | 2027-01-01T00:00:00Z | 2028-01-01T00:00:00Z
      @annually          | -                | 2026-08-20T10:00:30Z | 2027-01-01T00:00:00Z | 2028-01-01T00:00:00Z
      @monthly           | -                | 2026-08-20T10:00:30Z | 2026-09-01T00:00:00Z | 2026-10-01T00:00:00Z
      @weekly            | -                | 2026-08-20T10:00:30Z | 2026-08-23T00:00:00Z | 2026-08-30T00:00:00Z
      @daily             | -                | 2026-08-20T10:00:30Z | 2026-08-21T00:00:00Z | 2026-08-22T00:00:00Z
      @midnight          | -                | 2026-08-20T10:00:30Z | 2026-08-21T00:00:00Z | 2026-08-22T00:00:00Z
      @hourly            | -                | 2026-08-20T10:00:30Z | 2026-08-20T11:00:00Z | 2026-08-20T12:00:00Z
      @daily             | Europe/Berlin    | 2026-08-20T10:00:30Z | 2026-08-20T22:00:00Z | 2026-08-21T22:00:00Z
      ' @hourly '        | -                | 2026-08-20T10:00:30Z | 2026-08-20T11:00:00Z | 2026-08-20T12:00:00Z
      @every 90s         | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:02:00Z | 2026-08-20T10:03:30Z
      @every 90s         | -                | 2026-08-20T10:00:30.750Z | 2026-08-20T10:02:00Z | 2026-08-20T10:03:30Z
      @every 1h30m       | -                | 2026-08-20T10:00:30Z | 2026-08-20T11:30:30Z | 2026-08-20T13:00:30Z
      @every 1.5h        | Asia/Taipei      | 2026-08-20T10:00:30Z | 2026-08-20T11:30:30Z | 2026-08-20T13:00:30Z
      @every 2m30.9s     | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:03:00Z | 2026-08-20T10:05:30Z
      @every 500ms       | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:00:31Z | 2026-08-20T10:00:32Z
      @every 0           | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:00:31Z | 2026-08-20T10:00:32Z
      @every -5m         | -                | 2026-08-20T10:00:30Z | 2026-08-20T10:00:31Z | 2026-08-20T10:00:32Z
      """)
  void nextTicks(String schedule, String timeZone, String after, String first, String second) throws Exception {
    CronSchedule parsed = CronSchedule.parse(schedule, timeZone);

    Instant one = parsed.next(Instant.parse(after)).orElseThrow();
    assertThat(one).isEqualTo(Instant.parse(first));
    assertThat(parsed.next(one)).contains(Instant.parse(second));
    assertThat(parsed.schedule()).isEqualTo(schedule);
  }

  @Test
  void descriptorsAreTheExpressionsTheyStandFor() throws Exception {
    String[][] pairs = {{"@yearly", "0 0 1 1 *"}, {"@annually", "0 0 1 1 *"}, {"@monthly", "0 0 1 * *"},
        {"@weekly", "0 0 * * 0"}, {"@daily", "0 0 * * *"}, {"@midnight", "0 0 * * *"}, {"@hourly", "0 * * * *"}};
    for (String[] pair : pairs) {
      assertThat(ticks(CronSchedule.parse(pair[0], "Europe/Berlin"), 30))
          .as(pair[0]).isEqualTo(ticks(CronSchedule.parse(pair[1], "Europe/Berlin"), 30));
    }
  }

  @ParameterizedTest(name = "''{0}'' never fires")
  @CsvSource(delimiter = '|', value = {"0 0 30 2 *", "0 0 31 4 *", "0 0 31 2,4,6,9,11 *"})
  void aScheduleThatNeverFiresHasNoNextTick(String schedule) throws Exception {
    CronSchedule parsed = CronSchedule.parse(schedule, null);
    assertThat(parsed.next(Instant.parse(T0))).isEmpty();
    assertThat(parsed.due(Instant.parse(T0), Instant.parse("2030-01-01T00:00:00Z"))).isEqualTo(DueTicks.none());
  }

  @Test
  void withoutATimeZoneTheScheduleIsReadInUtc() throws Exception {
    assertThat(CronSchedule.parse("0 0 * * *", null).zone()).isEqualTo(ZoneOffset.UTC);
    assertThat(CronSchedule.parse("0 0 * * *", "Europe/Berlin").zone()).isEqualTo(ZoneId.of("Europe/Berlin"));
    assertThat(CronSchedule.DEFAULT_ZONE).isEqualTo(ZoneOffset.UTC);
  }

  @ParameterizedTest(name = "''{0}'' in {1}: {2}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      -                          | -                | spec.schedule | spec.schedule is required
      ''                         | -                | spec.schedule | spec.schedule is required
      '   '                      | -                | spec.schedule | spec.schedule is required
      TZ=UTC * * * * *           | -                | spec.schedule | contains TZ: set the time zone in spec.timeZone
      CRON_TZ=Asia/Taipei 0 9 * * * | -             | spec.schedule | contains TZ: set the time zone in spec.timeZone
      0 9 * * * TZ               | -                | spec.schedule | contains TZ
      * * * *                    | -                | spec.schedule | it has 4 fields; a cron schedule has exactly 5
      0 * * * * *                | -                | spec.schedule | it has 6 fields; a cron schedule has exactly 5
      daily                      | -                | spec.schedule | it has 1 field; a cron schedule has exactly 5
      60 * * * *                 | -                | spec.schedule | Value 60 not in range [0, 59]
      0 24 * * *                 | -                | spec.schedule | Value 24 not in range [0, 23]
      0 0 0 * *                  | -                | spec.schedule | Value 0 not in range [1, 31]
      0 0 * 13 *                 | -                | spec.schedule | Value 13 not in range [1, 12]
      */0 * * * *                | -                | spec.schedule | Period 0 not in range
      0 0 L * *                  | -                | spec.schedule | Invalid chars: L
      0 23-1 * * *               | -                | spec.schedule | Invalid range
      @reboot                    | -                | spec.schedule | not a known descriptor
      @Daily                     | -                | spec.schedule | not a known descriptor
      @every                     | -                | spec.schedule | not a known descriptor
      @every 5                   | -                | spec.schedule | '5' is not a duration
      @every 1d                  | -                | spec.schedule | '1d' is not a duration
      @every 3000000h            | -                | spec.schedule | too long a duration
      * * * * *                  | ''               | spec.timeZone | spec.timeZone must not be empty
      * * * * *                  | Mars/Olympus     | spec.timeZone | 'Mars/Olympus' is not a time zone of the IANA
      * * * * *                  | +02:00           | spec.timeZone | '+02:00' is not a time zone
      * * * * *                  | Local            | spec.timeZone | 'Local' is not a time zone
      * * * * *                  | europe/berlin    | spec.timeZone | 'europe/berlin' is not a time zone
      """)
  void anInvalidScheduleOrZoneIsATypedErrorNamingTheField(String schedule, String timeZone, String field,
      String message) {
    assertThatThrownBy(() -> CronSchedule.parse(schedule, timeZone))
        .isInstanceOfSatisfying(InvalidScheduleException.class, e -> {
          assertThat(e.field()).isEqualTo(field);
          assertThat(e.getMessage()).startsWith(field).contains(message);
          if (schedule != null && !schedule.isBlank() && field.equals("spec.schedule")) {
            assertThat(e.getMessage()).contains("'" + schedule + "'");
          }
        });
  }

  @Test
  void aBadZoneIsReportedBeforeABadSchedule() {
    assertThatThrownBy(() -> CronSchedule.parse("not a schedule", "Nowhere/Town"))
        .isInstanceOfSatisfying(InvalidScheduleException.class, e -> assertThat(e.field()).isEqualTo("spec.timeZone"));
  }

  @Test
  void dueCountsTheTicksOfTheWindowWithoutItsStartAndWithItsEnd() throws Exception {
    CronSchedule minutely = CronSchedule.parse("* * * * *", null);
    Instant ten = Instant.parse("2026-08-20T10:00:00Z");

    assertThat(minutely.due(ten, ten)).isEqualTo(DueTicks.none());
    assertThat(minutely.due(ten, ten.plusSeconds(59))).isEqualTo(DueTicks.none());
    assertThat(minutely.due(ten, ten.plusSeconds(60))).isEqualTo(DueTicks.exactly(ten.plusSeconds(60), 1));
    assertThat(minutely.due(ten, ten.plusSeconds(3600))).isEqualTo(DueTicks.exactly(ten.plusSeconds(3600), 60));
    assertThat(minutely.due(ten.plusSeconds(60), ten)).as("a window that ends before it starts")
        .isEqualTo(DueTicks.none());
  }

  @Test
  void dueOfAFixedDelayIsArithmeticAndExactHoweverLongTheWindow() throws Exception {
    CronSchedule everySecond = CronSchedule.parse("@every 1s", null);
    Instant since = Instant.parse("2026-01-01T00:00:00.400Z");
    Instant now = Instant.parse("2027-01-01T00:00:00Z");

    DueTicks due = everySecond.due(since, now);

    assertThat(due).isEqualTo(DueTicks.exactly(now, 365L * 24 * 3600));
  }

  private static List<Instant> ticks(CronSchedule schedule, int n) {
    List<Instant> out = new ArrayList<>();
    Optional<Instant> t = Optional.of(Instant.parse(T0));
    for (int i = 0; i < n && t.isPresent(); i++) {
      t = schedule.next(t.get());
      t.ifPresent(out::add);
    }
    return out;
  }
}
