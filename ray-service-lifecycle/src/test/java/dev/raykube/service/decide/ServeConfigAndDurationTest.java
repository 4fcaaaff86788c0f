package dev.raykube.service.decide;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.kernel.GoDuration;
import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The serve config conversion and hash, and the initializing-timeout duration format. */
class ServeConfigAndDurationTest {

  @Test
  @DisplayName("YAML → JSON body; the hash ignores formatting, key order and comments, not values")
  void serveConfig() {
    ServeConfig config = ServeConfig.parse(Fixtures.SERVE_YAML);
    assertThat(config.json()).isEqualTo(
        "{\"applications\":[{\"name\":\"fruit\",\"import_path\":\"fruit:app\",\"route_prefix\":\"/fruit\"}]}");
    assertThat(config.applicationCount()).isEqualTo(1);
    ServeConfig reordered = ServeConfig.parse("# the fruit stand\napplications:\n- route_prefix: /fruit\n"
        + "  import_path: fruit:app\n  name: fruit\n");
    assertThat(reordered.hash()).isEqualTo(config.hash());
    assertThat(ServeConfig.parse(Fixtures.OTHER_SERVE_YAML).hash()).isNotEqualTo(config.hash());
  }

  static Stream<Arguments> badConfigs() {
    return Stream.of(
        Arguments.of("applications: [", "not valid YAML"),
        Arguments.of("- a\n- b\n", "must be a YAML mapping"),
        Arguments.of("http_options: {}\n", "non-empty 'applications' list"),
        Arguments.of("applications: []\n", "non-empty 'applications' list"),
        Arguments.of("applications:\n  - fruit\n", "applications[0] must be a mapping"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("badConfigs")
  @DisplayName("a bad serve config is rejected with a message for people")
  void badConfig(String yaml, String message) {
    assertThatThrownBy(() -> ServeConfig.parse(yaml)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  static Stream<Arguments> durations() {
    return Stream.of(
        Arguments.of("300", Optional.of(Duration.ofSeconds(300))),
        Arguments.of("5m", Optional.of(Duration.ofMinutes(5))),
        Arguments.of("1h30m", Optional.of(Duration.ofMinutes(90))),
        Arguments.of("1.5h", Optional.of(Duration.ofMinutes(90))),
        Arguments.of("90s", Optional.of(Duration.ofSeconds(90))),
        Arguments.of("250ms", Optional.of(Duration.ofMillis(250))),
        Arguments.of(" 10m ", Optional.of(Duration.ofMinutes(10))),
        Arguments.of("5 m", Optional.empty()),
        Arguments.of("5min", Optional.empty()),
        Arguments.of("m5", Optional.empty()),
        Arguments.of("-5m", Optional.empty()),
        Arguments.of("", Optional.empty()),
        Arguments.of("forever", Optional.empty()));
  }

  @ParameterizedTest(name = "''{0}'' → {1}")
  @MethodSource("durations")
  @DisplayName("ray.io/initializing-timeout: Go durations or whole seconds")
  void goDuration(String text, Optional<Duration> expected) {
    assertThat(GoDuration.parse(text)).isEqualTo(expected);
  }
}
