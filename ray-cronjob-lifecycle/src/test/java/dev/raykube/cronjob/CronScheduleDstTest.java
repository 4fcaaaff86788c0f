package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Schedules in a zone with daylight saving time, as cron-utils computes them (pinned here, since KubeRay's cron
 * library may differ). In America/New_York clocks jump from 02:00 EST to 03:00 EDT on Sunday 2026-03-08 and fall back
 * from 02:00 EDT to 01:00 EST on Sunday 2026-11-01.
 */
class CronScheduleDstTest {

  private static final String NEW_YORK = "America/New_York";

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      # rule                              | schedule     | after       | ticks (UTC)
      02:00 skipped on spring-forward day | 0 2 * * *    | 03-06T12:00 | 03-07T07:00 03-09T06:00 03-10T06:00
      02:30 skipped on spring-forward day | 30 2 * * *   | 03-06T12:00 | 03-07T07:30 03-09T06:30
      03:00 exists on spring-forward day  | 0 3 * * *    | 03-07T12:00 | 03-08T07:00 03-09T07:00
      30 min: 01:00 01:30 EST, 03:00      | */30 * * * * | 03-08T05:50 | 03-08T06:00 03-08T06:30 03-08T07:00 03-08T07:30
      hourly: 01:00 EST, then 03:00 EDT   | 0 * * * *    | 03-08T05:30 | 03-08T06:00 03-08T07:00
      01:30 twice on fall-back: runs once | 30 1 * * *   | 10-31T12:00 | 11-01T05:30 11-02T06:30
      30 min: both 01:00 hours run        | */30 * * * * | 11-01T04:50 | 11-01T05:00 11-01T05:30 11-01T06:00 11-01T06:30
      @daily: 05:00Z in EST, 04:00Z EDT   | @daily       | 03-07T12:00 | 03-08T05:00 03-09T04:00
      @every ignores the zone's changes   | @every 1h    | 03-08T05:30 | 03-08T06:30 03-08T07:30
      """)
  void ticksAroundDaylightSavingChanges(String rule, String schedule, String after, String expected)
      throws Exception {
    CronSchedule parsed = CronSchedule.parse(schedule, NEW_YORK);
    List<Instant> want = Arrays.stream(expected.split(" ")).map(Times::at).toList();

    List<Instant> got = new ArrayList<>();
    Optional<Instant> t = Optional.of(Times.at(after));
    while (got.size() < want.size() && t.isPresent()) {
      t = parsed.next(t.get());
      t.ifPresent(got::add);
    }

    assertThat(got).as(rule).isEqualTo(want);
  }

  @ParameterizedTest(name = "''{0}'' from {1} to {2}")
  @CsvSource(delimiter = '|', textBlock = """
      0 2 * * *    | 03-07T07:00 | 03-09T06:30 | 03-09T06:00 | 1
      30 1 * * *   | 10-31T05:30 | 11-01T12:00 | 11-01T05:30 | 1
      */30 * * * * | 11-01T04:30 | 11-01T06:45 | 11-01T06:30 | 4
      """)
  void dueTicksAcrossAChange(String schedule, String since, String now, String latest, long count) throws Exception {
    DueTicks due = CronSchedule.parse(schedule, NEW_YORK).due(Times.at(since), Times.at(now));

    assertThat(due).isEqualTo(DueTicks.exactly(Times.at(latest), count));
  }

  @ParameterizedTest(name = "''{0}'' from {1} to {2}")
  @CsvSource(delimiter = '|', textBlock = """
      * * * * *    | 2026-03-07T00:00:00Z | 2026-03-09T12:34:56Z
      * * * * *    | 2026-10-30T00:00:00Z | 2026-11-01T06:15:00Z
      * * * * *    | 2026-10-30T00:00:00Z | 2026-11-01T05:15:00Z
      */2 * * * *  | 2026-03-05T00:00:00Z | 2026-03-08T06:59:59.900Z
      """)
  void pastTheCountLimitTheLatestTickIsTheOneCountingWouldFind(String schedule, String since, String now)
      throws Exception {
    CronSchedule parsed = CronSchedule.parse(schedule, NEW_YORK);
    Instant from = Instant.parse(since);
    Instant to = Instant.parse(now);
    Instant latest = from;
    long all = 0;
    for (Optional<Instant> t = parsed.next(from); t.isPresent() && !t.get().isAfter(to); t = parsed.next(t.get())) {
      latest = t.get();
      all++;
    }

    DueTicks due = parsed.due(from, to);

    assertThat(all).isGreaterThan(CronSchedule.COUNT_LIMIT);
    assertThat(due.latest()).contains(latest);
    assertThat(due.countExact()).isFalse();
    assertThat(due.count()).isEqualTo(CronSchedule.COUNT_LIMIT + 1).isLessThanOrEqualTo(all);
  }
}
