package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.annotated;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.seconds;
import static dev.raykube.service.decide.Fixtures.serving;
import static dev.raykube.service.decide.Fixtures.time;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Deliverable 1: clusters that are neither active nor pending go after rayClusterDeletionDelaySeconds. */
class DanglingClusterTest {

  private static final String OLD = "demo-ooooo";

  private static RayServiceDecision decide(RayService service, RayCluster old, long now) {
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(ACTIVE)), ObservedCluster.starting(
        old)).withServicesSelecting(ACTIVE).withReadyServeEndpoints(1);
    return machine().decide(service, observed, at(now));
  }

  @Test
  @DisplayName("not marked yet → marked dangling now (an annotation, so it survives a restart), decided again at "
      + "now + 60 s")
  void mark() {
    RayServiceDecision decision = decide(serving(s -> { }), cluster(OLD), 10);
    assertThat(decision.actions()).containsExactly(new RayServiceAction.MarkDangling(OLD, at(10)));
    assertThat(decision.actionsOf(RayServiceAction.MarkDangling.class).get(0).annotationValue()).isEqualTo(time(10));
    assertThat(decision.requeueAfter()).hasValue(seconds(30)); // the steady poll comes first
  }

  static Stream<Arguments> deadlines() {
    return Stream.of(
        Arguments.of("default 60 s, 59 s after", null, 59L, false, Duration.ofSeconds(1)),
        Arguments.of("default 60 s, 60 s after", null, 60L, true, Duration.ofSeconds(30)),
        Arguments.of("delay 5 s, 4 s after", 5, 4L, false, Duration.ofSeconds(1)),
        Arguments.of("delay 5 s, 500 s after (operator restarted)", 5, 500L, true, Duration.ofSeconds(30)),
        Arguments.of("delay 0 s", 0, 0L, true, Duration.ofSeconds(30)),
        Arguments.of("delay 600 s, 10 s after", 600, 10L, false, Duration.ofSeconds(30)));
  }

  @ParameterizedTest(name = "{0} → deleted: {3}")
  @MethodSource("deadlines")
  @DisplayName("marked at time(0): deleted once rayClusterDeletionDelaySeconds have passed, else decided again at the "
      + "deadline")
  void deadline(String name, Integer delay, long after, boolean deleted, Duration requeue) {
    RayService service = serving(s -> s.setRayClusterDeletionDelaySeconds(delay));
    RayServiceDecision decision = decide(service, annotated(cluster(OLD), RayServiceLabels.DANGLING_SINCE, time(0)),
        after);
    if (deleted) {
      assertThat(decision.actions()).containsExactly(new RayServiceAction.DeleteCluster(OLD));
    } else {
      assertThat(decision.actions()).isEmpty();
    }
    assertThat(decision.requeueAfter()).hasValue(requeue);
  }

  @Test
  @DisplayName("delay 0 and not marked → marked now and decided again at once; deleted by that next decision, after "
      + "the Services were switched")
  void zeroDelayUnmarked() {
    RayServiceDecision decision = decide(serving(s -> s.setRayClusterDeletionDelaySeconds(0)), cluster(OLD), 10);
    assertThat(decision.actions()).containsExactly(new RayServiceAction.MarkDangling(OLD, at(10)));
    assertThat(decision.requeueAfter()).hasValue(Duration.ZERO);
  }

  @Test
  @DisplayName("a dangling cluster already being deleted → nothing more")
  void terminating() {
    RayCluster old = cluster(OLD);
    old.getMetadata().setDeletionTimestamp(time(70));
    assertThat(decide(serving(s -> { }), old, 80).actions()).isEmpty();
  }

  @Test
  @DisplayName("an unreadable mark counts as none: marked again now")
  void unreadableMark() {
    RayServiceDecision decision = decide(serving(s -> { }), annotated(cluster(OLD), RayServiceLabels.DANGLING_SINCE,
        "yesterday"), 10);
    assertThat(decision.actions()).containsExactly(new RayServiceAction.MarkDangling(OLD, at(10)));
  }
}
