package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Child RayJob names: the tick in whole minutes since the epoch, and the length limit that keeps them valid. */
class ChildRayJobNameTest {

  @ParameterizedTest(name = "{0} at {1}: {2}")
  @CsvSource(textBlock = """
      nightly,   2026-08-20T10:05:00Z,     nightly-29787005
      nightly,   2026-08-20T10:05:59.999Z, nightly-29787005
      nightly,   2026-08-20T10:06:00Z,     nightly-29787006
      a,         1970-01-01T00:00:00Z,     a-0
      a,         1970-01-01T00:00:59Z,     a-0
      a,         1969-12-31T23:59:30Z,     a--1
      a,         2160-01-01T00:00:00Z,     a-99930240
      """)
  void nameIsTheCronJobAndTheTickInMinutes(String cronJob, String tick, String expected) {
    assertThat(ChildRayJobName.of(cronJob, Instant.parse(tick))).isEqualTo(expected);
  }

  @Test
  void ticksInTheSameMinuteShareANameAndOtherMinutesDoNot() {
    Instant tick = Instant.parse("2026-08-20T10:05:00Z");
    assertThat(ChildRayJobName.of("c", tick.plusSeconds(30))).isEqualTo(ChildRayJobName.of("c", tick));
    assertThat(ChildRayJobName.of("c", tick.plusSeconds(60))).isNotEqualTo(ChildRayJobName.of("c", tick));
    assertThat(ChildRayJobName.minute(tick)).isEqualTo(tick.getEpochSecond() / 60);
  }

  @Test
  void theLongestCronJobNameLeavesRoomForTenDigitsWithinKubeRaysRayJobLimit() {
    assertThat(ChildRayJobName.KUBERAY_MAX_RAY_JOB_NAME_LENGTH).isEqualTo(47);
    assertThat(ChildRayJobName.MAX_SUFFIX_LENGTH).isEqualTo(11);
    assertThat(ChildRayJobName.MAX_RAY_CRON_JOB_NAME_LENGTH).isEqualTo(36);

    String longest = "c".repeat(ChildRayJobName.MAX_RAY_CRON_JOB_NAME_LENGTH);
    Instant lastTenDigitMinute = Instant.ofEpochSecond(9_999_999_999L * 60);
    assertThat(ChildRayJobName.of(longest, lastTenDigitMinute)).hasSize(47);
    assertThat(ChildRayJobName.of(longest, Instant.parse("2026-08-20T10:05:00Z"))).hasSize(36 + 1 + 8);
  }
}
