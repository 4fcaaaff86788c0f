package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A controller that records each run as {@code lastScheduleTime} and decides again at later times (at once, after a
 * requeue, after hours of downtime, across daylight saving changes) never runs a tick twice, never runs a tick that
 * is not due or is older than the last run, and is always told to look again after {@code now}. Every combination of
 * the schedules, zones and start times below is played with waits drawn from a fixed seed, so each run of the test
 * plays the same cases.
 */
class NoDoubleRunTest {

  private static final List<String> SCHEDULES = List.of("* * * * *", "*/7 * * * *", "0 * * * *", "30 2 * * *",
      "15 1 * * *", "0 0 1 * 1", "@daily", "@hourly", "@every 45s", "@every 1h30m", "@every 25h");

  private static final List<String> ZONES = List.of("UTC", "America/New_York", "Europe/Berlin", "Asia/Kolkata",
      "Australia/Lord_Howe");

  /** Before and on daylight saving changes (New York in March and November, Berlin in March and October). */
  private static final List<String> STARTS = List.of("2026-03-07T12:00:00Z", "2026-03-29T00:00:00Z",
      "2026-10-03T12:00:00Z", "2026-10-31T12:00:00Z", "2026-08-20T10:00:30Z");

  static Stream<Arguments> cases() {
    List<Arguments> cases = new ArrayList<>();
    long seed = 1;
    for (String schedule : SCHEDULES) {
      for (String zone : ZONES) {
        for (String start : STARTS) {
          cases.add(Arguments.of(schedule, zone, start, seed++));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "''{0}'' in {1} from {2}, waits #{3}")
  @MethodSource("cases")
  void aTickIsNeverRunTwiceWhenTheDecisionIsFedItsOwnLastScheduleTime(String schedule, String zone, String start,
      long seed) throws Exception {
    CronSchedule parsed = CronSchedule.parse(schedule, zone);
    Random waits = new Random(seed);
    Set<Instant> runs = new HashSet<>();
    Instant since = Instant.parse(start).plusSeconds(waits.nextInt(36 * 3600));
    Instant now = since;
    for (int step = 0; step < 8; step++) {
      now = now.plusSeconds(wait(waits));
      ScheduleDecision decision = RayCronJobSchedule.decide(parsed, since, now);

      if (decision.run().isPresent()) {
        Instant tick = decision.run().get();
        assertThat(tick).isAfter(since).isBeforeOrEqualTo(now);
        assertThat(runs.add(tick)).as("tick %s run twice", tick).isTrue();
        since = tick;
        assertThat(RayCronJobSchedule.decide(parsed, since, now).run()).as("decided again at once").isEmpty();
      } else {
        Optional<Instant> first = parsed.next(since);
        assertThat(first.isEmpty() || first.get().isAfter(now)).as("nothing due: first tick %s", first).isTrue();
      }
      Optional<Instant> next = decision.nextTick();
      assertThat(next.isEmpty() || next.get().isAfter(now)).as("next look %s after %s", next, now).isTrue();
    }
  }

  /** Mostly short waits (a reconcile, a requeue), sometimes an outage of up to two days. */
  private static int wait(Random waits) {
    return switch (waits.nextInt(4)) {
      case 0 -> 0;
      case 1 -> waits.nextInt(120);
      case 2 -> waits.nextInt(6 * 3600);
      default -> waits.nextInt(2 * 24 * 3600);
    };
  }
}
