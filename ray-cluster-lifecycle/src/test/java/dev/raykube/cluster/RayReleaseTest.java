package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RayReleaseTest {

  @ParameterizedTest
  @CsvSource({"2.52.0, 2.52.0", "'  2.53.1', 2.53.1", "2.10, 2.10.0", "3.0.0.dev0, 3.0.0", "2.53.0rc1, 2.53.0"})
  void readsTheNumbersAndIgnoresWhatFollows(String text, String release) {
    assertThat(RayRelease.of(text)).hasValueSatisfying(r -> assertThat(r).hasToString(release));
  }

  @ParameterizedTest
  @CsvSource({"nightly", "2", "''", "'   '", "v2.52.0", "99999999999.1.0"})
  void textThatNamesNoReleaseIsEmpty(String text) {
    assertThat(RayRelease.of(text)).isEmpty();
    assertThat(RayRelease.of(null)).isEmpty();
  }

  @Test
  void comparesMajorThenMinorThenPatch() {
    RayRelease first = new RayRelease(2, 52, 0);
    assertThat(RayRelease.of("2.52.0").orElseThrow().isAtLeast(first)).isTrue();
    assertThat(RayRelease.of("2.100.0").orElseThrow().isAtLeast(first)).isTrue();
    assertThat(RayRelease.of("3.0").orElseThrow().isAtLeast(first)).isTrue();
    assertThat(RayRelease.of("2.51.9").orElseThrow().isAtLeast(first)).isFalse();
    assertThat(RayRelease.of("1.60.0").orElseThrow().isAtLeast(first)).isFalse();
    assertThat(RayRelease.of("2.10.0").orElseThrow().isAtLeast(new RayRelease(2, 9, 3))).isTrue();
    assertThat(RayRelease.of("2.52.0").orElseThrow().isAtLeast(new RayRelease(2, 52, 1))).isFalse();
  }

  @Test
  void refusesNegativeNumbers() {
    assertThatThrownBy(() -> new RayRelease(2, -1, 0)).isInstanceOf(IllegalArgumentException.class);
  }
}
