package dev.raykube.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class MovableClockTest {
  private static final Instant START = Instant.parse("2026-12-05T10:00:30Z");

  @Test
  void standsStillUntilMoved() {
    MovableClock clock = new MovableClock(START);
    assertThat(clock.instant()).isEqualTo(START);
    assertThat(clock.advance(Duration.ofSeconds(30))).isEqualTo(Instant.parse("2026-12-05T10:01:00Z"));
    assertThat(clock.instant()).isEqualTo(Instant.parse("2026-12-05T10:01:00Z"));
    assertThat(clock.millis()).isEqualTo(Instant.parse("2026-12-05T10:01:00Z").toEpochMilli());
  }

  @Test
  void setsAnyTimeButMovesOnlyForward() {
    MovableClock clock = new MovableClock(START);
    clock.set(START.minusSeconds(3600));
    assertThat(clock.instant()).isEqualTo(START.minusSeconds(3600));
    assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("forward");
  }

  @Test
  void isAlwaysUtc() {
    MovableClock clock = new MovableClock(START);
    assertThat(clock.getZone()).isEqualTo(ZoneOffset.UTC);
    assertThat(clock.withZone(ZoneId.of("Europe/Berlin"))).isSameAs(clock);
  }

  @Test
  void atNowStartsAtTheRealTime() {
    Instant before = Instant.now();
    MovableClock clock = MovableClock.atNow();
    assertThat(clock.instant()).isBetween(before, Instant.now());
  }
}
