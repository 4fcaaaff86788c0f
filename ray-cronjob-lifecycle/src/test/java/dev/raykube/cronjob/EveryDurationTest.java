package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code @every} durations in Go's syntax, as KubeRay reads them, and the delay they give. */
class EveryDurationTest {

  @ParameterizedTest(name = "{0} = {1}")
  @CsvSource(textBlock = """
      0,            PT0S
      +0,           PT0S
      90s,          PT1M30S
      15m,          PT15M
      1h30m,        PT1H30M
      1.5h,         PT1H30M
      .5h,          PT30M
      5.s,          PT5S
      2h45m10s,     PT2H45M10S
      1m1m,         PT2M
      500ms,        PT0.5S
      1500us,       PT0.0015S
      1500µs,       PT0.0015S
      1500μs,       PT0.0015S
      7ns,          PT0.000000007S
      -5m,          PT-5M
      +5m,          PT5M
      2562047h,     PT2562047H
      """)
  void parsesGoDurations(String text, String expected) {
    assertThat(EveryDuration.parse(text)).isEqualTo(Duration.parse(expected));
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"", "5", "m", "1d", "1w", "1 h", " 1h", "1h ", "1H", "1.2.3s", "--1s", "1mss", "1h-5m",
      "0s5"})
  void rejectsWhatIsNotADuration(String text) {
    assertThatThrownBy(() -> EveryDuration.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("is not a duration");
  }

  @ParameterizedTest(name = "''{0}''")
  @ValueSource(strings = {"2562048h", "9223372036854775808ns", "300000000h"})
  void rejectsDurationsBeyondGosLimit(String text) {
    assertThatThrownBy(() -> EveryDuration.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("too long a duration");
  }

  @ParameterizedTest(name = "@every {0} ticks every {1}")
  @CsvSource(textBlock = """
      90s,     PT1M30S
      2.9s,    PT2S
      999ms,   PT1S
      0,       PT1S
      -1h,     PT1S
      """)
  void everyKeepsWholeSecondsAndAtLeastOne(String text, String delay) {
    assertThat(FixedDelayTicks.every(EveryDuration.parse(text)).delay()).isEqualTo(Duration.parse(delay));
  }
}
