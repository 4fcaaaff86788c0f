package dev.raykube.cluster.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RayClusterWarmUpTest {

  @ParameterizedTest(name = "init container injection {0}")
  @ValueSource(booleans = {true, false})
  void runsTheFirstReconcilesCodeWithoutAClient(boolean injection) {
    Duration took = RayClusterWarmUp.run(ClusterBuildSettings.defaults().withInitContainerInjection(injection),
        new KubernetesSerialization(), Clock.fixed(Instant.parse("2026-12-01T10:00:00Z"), ZoneOffset.UTC));
    assertThat(took).isPositive().isLessThan(Duration.ofSeconds(30));
  }
}
