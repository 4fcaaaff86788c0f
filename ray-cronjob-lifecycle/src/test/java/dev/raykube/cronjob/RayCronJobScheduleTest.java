package dev.raykube.cronjob;

import static dev.raykube.cronjob.CronJobs.cronJob;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The schedule decision on moved times (no clock, no sleeping): first run, due and missed ticks (only the latest runs),
 * restarts, suspension, time zones, {@code @every}, and what is not a valid RayCronJob.
 */
class RayCronJobScheduleTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # '* * * * *' in UTC                           | created  | last  | now          | run   | skip | next
      first tick is the first after creation         | 10:00:30 | -     | 10:01        | 10:01 | 0    | 10:02
      no tick yet after creation                     | 10:00:30 | -     | 10:00:59.999 | -     | 0    | 10:01
      created on a tick: that tick is not run        | 10:00    | -     | 10:00        | -     | 0    | 10:01
      exactly on a tick after the last run           | 09:00    | 10:00 | 10:01        | 10:01 | 0    | 10:02
      between two ticks after a run                  | 09:00    | 10:01 | 10:01:30     | -     | 0    | 10:02
      one missed: the latest runs, the older skipped | 09:00    | 10:00 | 10:02:10     | 10:02 | 1    | 10:03
      an hour down: one run, 59 skipped              | 09:00    | 10:00 | 11:00        | 11:00 | 59   | 11:01
      restart on the boundary after the run          | 09:00    | 11:00 | 11:00        | -     | 0    | 11:01
      restart just before the next boundary          | 09:00    | 11:00 | 11:00:59.999 | -     | 0    | 11:01
      restart across the boundary: the new tick runs | 09:00    | 10:59 | 11:00:05     | 11:00 | 0    | 11:01
      operator clock behind the creation: wait       | 10:05    | -     | 10:00        | -     | 0    | 10:06
      unreadable lastScheduleTime: from the creation | 10:00:30 | soon  | 10:01:10     | 10:01 | 0    | 10:02
      no creationTimestamp: from now                 | -        | -     | 10:00:30     | -     | 0    | 10:01
      """)
  void everyMinute(String rule, String created, String last, String now, String run, long skipped, String next)
      throws Exception {
    decides(rule, "* * * * *", null, created, last, now, run, skipped, next);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # in UTC                 | schedule   | created     | last        | now         | run         | skip | next
      unsuspended after 19 d   | 0 * * * *  | 07-01T00:00 | 08-01T00:00 | 10:30       | 10:00       | 465  | 11:00
      created long ago         | @daily     | 01-01T12:00 | -           | 10:00       | 08-20T00:00 | 230  | 08-21T00:00
      every 10 min, from birth | @every 10m | 10:00:30    | -           | 10:10:30    | 10:10:30    | 0    | 10:20:30
      every 10 min, 2 missed   | @every 10m | 10:00:30    | -           | 10:35       | 10:30:30    | 2    | 10:40:30
      every 10 min, from last  | @every 10m | 10:00:30    | 10:10:30    | 10:20:29    | -           | 0    | 10:20:30
      never fires: no next     | 0 0 30 2 * | 10:00       | -           | 12-31T00:00 | -           | 0    | -
      """)
  void otherSchedules(String rule, String schedule, String created, String last, String now, String run,
      long skipped, String next) throws Exception {
    decides(rule, schedule, null, created, last, now, run, skipped, next);
  }

  @Test
  void aTimeZoneMovesTheTicks() throws Exception {
    decides("09:30 in New York is 13:30 UTC", "30 9 * * *", "America/New_York", "13:00", null, "13:30", "13:30", 0,
        "08-21T13:30");
    decides("09:30 in UTC is later", "30 9 * * *", null, "13:00", null, "13:30", null, 0, "08-21T09:30");
    decides("no 02:00 run on the spring-forward day", "0 2 * * *", "America/New_York", "03-01T00:00",
        "03-07T07:00", "03-08T12:00", null, 0, "03-09T06:00");
  }

  @Test
  void aLastScheduleTimeWithAnOffsetIsTheSameInstant() throws Exception {
    decides("12:01 at +02:00 is 10:01 UTC", "* * * * *", null, "09:00", "2026-08-20T12:01:00+02:00", "10:01:30",
        null, 0, "10:02");
  }

  private static void decides(String rule, String schedule, String timeZone, String created, String lastScheduleTime,
      String now, String run, long skipped, String nextTick) throws Exception {
    RayCronJob cronJob = cronJob(schedule, timeZone, Times.text(created), Times.text(lastScheduleTime), null);

    ScheduleDecision decision = RayCronJobSchedule.decide(cronJob, Times.at(now));

    assertThat(decision.suspended()).as(rule).isFalse();
    assertThat(decision.run()).as(rule).isEqualTo(Optional.ofNullable(run).map(Times::at));
    assertThat(decision.skipped()).as(rule).isEqualTo(skipped);
    assertThat(decision.skippedExact()).as(rule).isTrue();
    assertThat(decision.nextTick()).as(rule).isEqualTo(Optional.ofNullable(nextTick).map(Times::at));
  }

  @Test
  void aDayDownWithAMinuteScheduleRunsTheLatestAndReportsAtLeastTheCountLimitSkipped() throws Exception {
    RayCronJob cronJob = cronJob("* * * * *", null, "2026-08-01T00:00:00Z", "2026-08-19T10:00:00Z", null);

    ScheduleDecision decision = RayCronJobSchedule.decide(cronJob, Instant.parse("2026-08-20T10:00:30Z"));

    assertThat(decision.run()).contains(Instant.parse("2026-08-20T10:00:00Z"));
    assertThat(decision.skipped()).isEqualTo(CronSchedule.COUNT_LIMIT);
    assertThat(decision.skippedExact()).as("1439 were skipped; the count stops at the limit").isFalse();
    assertThat(decision.nextTick()).contains(Instant.parse("2026-08-20T10:01:00Z"));
  }

  @Test
  void feedingBackTheRunTickAsLastScheduleTimeRunsNothingAgain() throws Exception {
    Instant now = Instant.parse("2026-08-20T11:00:00Z");
    RayCronJob before = cronJob("* * * * *", null, "2026-08-20T09:00:00Z", "2026-08-20T10:00:00Z", null);
    ScheduleDecision first = RayCronJobSchedule.decide(before, now);

    RayCronJob after = cronJob("* * * * *", null, "2026-08-20T09:00:00Z",
        StatusTimes.format(first.run().orElseThrow()), null);
    ScheduleDecision second = RayCronJobSchedule.decide(after, now);

    assertThat(second.run()).isEmpty();
    assertThat(second.nextTick()).isEqualTo(first.nextTick());
  }

  @ParameterizedTest(name = "suspend: {0}")
  @CsvSource({"true", "false"})
  void whileSuspendedNothingRunsAndNothingIsAwaited(boolean suspend) throws Exception {
    RayCronJob cronJob = cronJob("* * * * *", null, "2026-08-20T09:00:00Z", "2026-08-20T10:00:00Z", suspend);

    ScheduleDecision decision = RayCronJobSchedule.decide(cronJob, Instant.parse("2026-08-20T11:00:00Z"));

    if (suspend) {
      assertThat(decision).isEqualTo(ScheduleDecision.whileSuspended());
      assertThat(decision.suspended()).isTrue();
      assertThat(decision.run()).isEmpty();
      assertThat(decision.nextTick()).isEmpty();
    } else {
      assertThat(decision.run()).contains(Instant.parse("2026-08-20T11:00:00Z"));
      assertThat(decision.skipped()).isEqualTo(59);
    }
  }

  @Test
  void aBadScheduleIsReportedEvenWhileSuspended() {
    RayCronJob cronJob = cronJob("TZ=UTC * * * * *", null, "2026-08-20T09:00:00Z", null, true);

    assertThatThrownBy(() -> RayCronJobSchedule.decide(cronJob, Instant.parse("2026-08-20T11:00:00Z")))
        .isInstanceOfSatisfying(InvalidScheduleException.class, e -> assertThat(e.field()).isEqualTo("spec.schedule"));
  }

  @Test
  void aRayCronJobWithoutASpecOrWithAnUnreadableOneIsInvalid() {
    RayCronJob noSpec = cronJob("* * * * *", null, "2026-08-20T09:00:00Z", null, null);
    noSpec.setSpec(null);
    RayCronJob unreadable = cronJob("* * * * *", null, "2026-08-20T09:00:00Z", null, null);
    unreadable.setSpec(null);
    unreadable.markSpecUnreadable("spec.jobTemplate.backoffLimit: Cannot deserialize value of type int");
    Instant now = Instant.parse("2026-08-20T11:00:00Z");

    assertThatThrownBy(() -> RayCronJobSchedule.decide(noSpec, now)).isInstanceOf(InvalidScheduleException.class)
        .hasMessage("spec is required, with spec.schedule and spec.jobTemplate");
    assertThatThrownBy(() -> RayCronJobSchedule.decide(unreadable, now))
        .isInstanceOfSatisfying(InvalidScheduleException.class, e -> {
          assertThat(e.field()).isEqualTo("spec");
          assertThat(e.getMessage()).isEqualTo("spec cannot be read: spec.jobTemplate.backoffLimit: Cannot "
              + "deserialize value of type int");
        });
  }

  @Test
  void theWaitIsTheTimeToTheNextTickAndNeverNegative() {
    Instant now = Instant.parse("2026-08-20T10:00:30Z");
    ScheduleDecision waiting = ScheduleDecision.waitFor(Optional.of(Instant.parse("2026-08-20T10:01:00Z")));

    assertThat(waiting.waitFrom(now)).contains(Duration.ofSeconds(30));
    assertThat(waiting.waitFrom(Instant.parse("2026-08-20T10:01:02Z"))).contains(Duration.ZERO);
    assertThat(ScheduleDecision.waitFor(Optional.empty()).waitFrom(now)).isEmpty();
    assertThat(ScheduleDecision.whileSuspended().waitFrom(now)).isEmpty();
  }

  @Test
  void decisionsThatCannotHappenAreRefused() {
    Instant tick = Instant.parse("2026-08-20T10:00:00Z");
    assertThatThrownBy(() -> new ScheduleDecision(true, Optional.of(tick), 0, true, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new ScheduleDecision(false, Optional.empty(), 3, true, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> ScheduleDecision.runNow(tick, -1, true, Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DueTicks(Optional.of(tick), 0, true)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new DueTicks(Optional.empty(), 2, true)).isInstanceOf(IllegalArgumentException.class);
  }
}
