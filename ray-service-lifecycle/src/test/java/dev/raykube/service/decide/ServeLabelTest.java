package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.machine;
import static dev.raykube.service.decide.Fixtures.serving;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Deliverable 4: the head's ray.io/serve label from its proxy's /-/healthz, written only where it changes selection;
 * workers are left to their readiness probe.
 */
class ServeLabelTest {

  static Stream<Arguments> pods() {
    return Stream.of(
        Arguments.of("head healthy, unlabelled", ServePod.head("h", ACTIVE, null, true), false, Optional.of(true)),
        Arguments.of("head healthy, labelled true", ServePod.head("h", ACTIVE, "true", true), false,
            Optional.empty()),
        Arguments.of("head unhealthy, labelled true", ServePod.head("h", ACTIVE, "true", false), false,
            Optional.of(false)),
        Arguments.of("head unhealthy, unlabelled: not selected anyway", ServePod.head("h", ACTIVE, null, false),
            false, Optional.empty()),
        Arguments.of("head unhealthy, labelled false", ServePod.head("h", ACTIVE, "false", false), false,
            Optional.empty()),
        Arguments.of("worker unhealthy, unlabelled: its readiness probe's", ServePod.worker("w", ACTIVE, null, false),
            false, Optional.empty()),
        Arguments.of("worker healthy, labelled false: its readiness probe's", ServePod.worker("w", ACTIVE, "false",
            true), false, Optional.empty()),
        Arguments.of("worker unhealthy, labelled true: its readiness probe's", ServePod.worker("w", ACTIVE, "true",
            false), false, Optional.empty()),
        Arguments.of("head healthy, unlabelled, excludeHeadPodFromServeSvc", ServePod.head("h", ACTIVE, null, true),
            true, Optional.empty()),
        Arguments.of("head healthy, excludeHeadPodFromServeSvc", ServePod.head("h", ACTIVE, "true", true), true,
            Optional.of(false)),
        Arguments.of("worker healthy, excludeHeadPodFromServeSvc", ServePod.worker("w", ACTIVE, "false", true), true,
            Optional.empty()),
        Arguments.of("a Pod of a dangling cluster", ServePod.head("h", "demo-ooooo", null, true), false,
            Optional.empty()));
  }

  @ParameterizedTest(name = "{0} → {3}")
  @MethodSource("pods")
  @DisplayName("the label follows the proxy's health, never true on the head with excludeHeadPodFromServeSvc")
  void label(String name, ServePod pod, boolean excludeHead, Optional<Boolean> expected) {
    RayServiceObservation observed = RayServiceObservation.of(allRunning(cluster(ACTIVE)))
        .withServicesSelecting(ACTIVE).withReadyServeEndpoints(1).withServePods(pod);
    RayServiceDecision decision = machine().decide(serving(s -> s.setExcludeHeadPodFromServeSvc(excludeHead)),
        observed, at(10));
    var labels = decision.actionsOf(RayServiceAction.SetServeLabel.class);
    if (expected.isEmpty()) {
      assertThat(labels).isEmpty();
    } else {
      assertThat(labels).containsExactly(new RayServiceAction.SetServeLabel(pod.name(), expected.get()));
      assertThat(labels.get(0).labelValue()).isEqualTo(expected.get().toString());
    }
  }
}
