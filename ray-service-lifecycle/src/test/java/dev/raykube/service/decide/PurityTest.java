package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.ACTIVE;
import static dev.raykube.service.decide.Fixtures.PENDING;
import static dev.raykube.service.decide.Fixtures.allRunning;
import static dev.raykube.service.decide.Fixtures.at;
import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.machine;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.model.service.RayService;
import dev.raykube.testing.PurePackage;
import java.io.IOException;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The state machine is a pure function: no I/O, no clock, no hidden randomness, inputs never changed. */
class PurityTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Arguments> scenarios() {
    RayService upgrading = Fixtures.upgrading(s -> s.getRayClusterConfig().setRayVersion("2.61.0"));
    return Stream.of(
        Arguments.of("new", Fixtures.service(), RayServiceObservation.nothing()),
        Arguments.of("serving", Fixtures.serving(s -> { }), RayServiceObservation.of(allRunning(cluster(ACTIVE)))),
        Arguments.of("switching", upgrading, RayServiceObservation.of(allRunning(cluster(ACTIVE)),
            allRunning(cluster(PENDING, upgrading.getSpec().getRayClusterConfig())))),
        Arguments.of("suspending", Fixtures.serving(s -> s.setSuspend(true)),
            RayServiceObservation.of(allRunning(cluster(ACTIVE)))),
        Arguments.of("invalid", Fixtures.service(s -> s.setRayClusterDeletionDelaySeconds(-1)),
            RayServiceObservation.nothing()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("scenarios")
  @DisplayName("decide never changes the RayService or the observed clusters, and returns a new status object; the "
      + "same inputs give the same decision")
  void inputsUnchanged(String name, RayService service, RayServiceObservation observed) throws IOException {
    String serviceBefore = JSON.writeValueAsString(service);
    String clustersBefore = JSON.writeValueAsString(observed.clusters().stream().map(ObservedCluster::cluster)
        .toList());
    RayServiceDecision decision = machine().decide(service, observed, at(400));
    assertThat(JSON.writeValueAsString(service)).isEqualTo(serviceBefore);
    assertThat(JSON.writeValueAsString(observed.clusters().stream().map(ObservedCluster::cluster).toList()))
        .isEqualTo(clustersBefore);
    assertThat(decision.status()).isNotSameAs(service.getStatus());
    assertThat(machine().decide(service, observed, at(400))).isEqualTo(decision);
    decision.actionsOf(RayServiceAction.CreateCluster.class).forEach(c ->
        assertThat(c.spec()).isNotSameAs(service.getSpec().getRayClusterConfig()));
    decision.status().setServiceStatus("changed by the caller");
    assertThat(JSON.writeValueAsString(service)).isEqualTo(serviceBefore);
  }

  @Test
  @DisplayName("the decide package has no I/O imports, reads no clock and draws no randomness")
  void noIoNoClock() {
    PurePackage sources = PurePackage.at(PurePackage.moduleDir("ray-service-lifecycle"), "dev.raykube.service.decide");
    assertThat(sources.files()).hasSizeGreaterThan(20);
    assertThat(sources.problems()).isEmpty();
  }
}
