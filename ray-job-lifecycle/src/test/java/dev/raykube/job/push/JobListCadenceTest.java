package dev.raykube.job.push;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JobListCadenceTest {

  static Stream<Arguments> cadence() {
    return Stream.of(
        Arguments.of("one job: the per-job budget, 3 s", 1, 0, Duration.ofSeconds(3)),
        Arguments.of("two jobs share one list: every 1.5 s", 2, 0, Duration.ofMillis(1500)),
        Arguments.of("three jobs: every 1 s", 3, 0, Duration.ofSeconds(1)),
        Arguments.of("many jobs: never faster than 1 s", 400, 0, Duration.ofSeconds(1)),
        Arguments.of("first failure: back to 3 s", 400, 1, Duration.ofSeconds(3)),
        Arguments.of("second failure in a row: 6 s", 1, 2, Duration.ofSeconds(6)),
        Arguments.of("fourth: 24 s", 1, 4, Duration.ofSeconds(24)),
        Arguments.of("fifth and later: at most 30 s", 1, 5, Duration.ofSeconds(30)),
        Arguments.of("no overflow after very many failures", 1, 1000, Duration.ofSeconds(30)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource
  void cadence(String name, int followed, int failures, Duration expected) {
    assertThat(JobListCadence.next(followed, failures)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "failures {0}, listed {1} -> relieves {2}")
  @MethodSource
  void relief(int failures, int listed, boolean relieves) {
    assertThat(JobListCadence.relievesPolls(failures, listed)).isEqualTo(relieves);
  }

  static Stream<Arguments> relief() {
    return Stream.of(
        Arguments.of(0, 0, true),
        Arguments.of(0, 500, true),
        Arguments.of(0, 501, false),
        Arguments.of(1, 10, false),
        Arguments.of(0, -1, false));
  }

  @ParameterizedTest(name = "followed {0}, failures {1}")
  @MethodSource
  void rejectsImpossibleInput(int followed, int failures) {
    assertThatThrownBy(() -> JobListCadence.next(followed, failures)).isInstanceOf(IllegalArgumentException.class);
  }

  static Stream<Arguments> rejectsImpossibleInput() {
    return Stream.of(Arguments.of(0, 0), Arguments.of(-1, 0), Arguments.of(1, -1));
  }
}
