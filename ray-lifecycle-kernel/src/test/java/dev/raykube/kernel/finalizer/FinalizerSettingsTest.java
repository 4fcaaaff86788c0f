package dev.raykube.kernel.finalizer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FinalizerSettingsTest {

  @Test
  void defaultsAreBestEffortAndTenMinutes() {
    FinalizerSettings d = FinalizerSettings.defaults();
    assertThat(d.defaultPolicy()).isEqualTo(FinalizerPolicy.BEST_EFFORT);
    assertThat(d.maxWait()).isEqualTo(Duration.ofMinutes(10));
    assertThat(d.initialDelay()).isEqualTo(Duration.ofSeconds(1));
    assertThat(d.maxDelay()).isEqualTo(Duration.ofMinutes(1));
  }

  @Test
  void backoffGrowsByTheFactorUpToTheCap() {
    FinalizerSettings s = FinalizerSettings.defaults().withBackoff(Duration.ofMillis(500), 3.0, Duration.ofSeconds(10));
    assertThat(IntStream.rangeClosed(1, 6).mapToObj(s::backoff)).containsExactly(
        Duration.ofMillis(500), Duration.ofMillis(1500), Duration.ofMillis(4500), Duration.ofSeconds(10),
        Duration.ofSeconds(10), Duration.ofSeconds(10));
    assertThat(s.backoff(Integer.MAX_VALUE)).isEqualTo(Duration.ofSeconds(10));
  }

  @Test
  void factorOneKeepsTheDelayConstant() {
    FinalizerSettings s = FinalizerSettings.defaults().withBackoff(Duration.ofSeconds(5), 1.0, Duration.ofSeconds(5));
    assertThat(s.backoff(1)).isEqualTo(s.backoff(50)).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void withersChangeOneSetting() {
    FinalizerSettings s = FinalizerSettings.defaults().withDefaultPolicy(FinalizerPolicy.UNTIL_CONFIRMED)
        .withMaxWait(Duration.ofMinutes(2));
    assertThat(s.defaultPolicy()).isEqualTo(FinalizerPolicy.UNTIL_CONFIRMED);
    assertThat(s.maxWait()).isEqualTo(Duration.ofMinutes(2));
    assertThat(s.initialDelay()).isEqualTo(FinalizerSettings.defaults().initialDelay());
  }

  @Test
  void rejectsNonsense() {
    FinalizerSettings d = FinalizerSettings.defaults();
    assertThatThrownBy(() -> d.withBackoff(Duration.ZERO, 2, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("initialDelay");
    assertThatThrownBy(() -> d.withBackoff(Duration.ofSeconds(1), 0.5, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("factor");
    assertThatThrownBy(() -> d.withBackoff(Duration.ofSeconds(1), Double.NaN, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("factor");
    assertThatThrownBy(() -> d.withBackoff(Duration.ofSeconds(2), 2, Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxDelay");
    assertThatThrownBy(() -> d.withMaxWait(Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("maxWait");
    assertThatThrownBy(() -> d.backoff(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
