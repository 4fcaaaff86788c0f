package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.ClusterState;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class ClusterStateGaugesTest {

  private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
  private final ClusterStateGauges gauges = new ClusterStateGauges(registry);

  private double gauge(String state) {
    return registry.get(ClusterStateGauges.METER).tag("state", state).gauge().value();
  }

  @Test
  void everyStateHasASeriesFromTheStart() {
    for (String state : ClusterStateGauges.STATE_LABELS) {
      assertThat(gauge(state)).as(state).isZero();
    }
    assertThat(ClusterStateGauges.STATE_LABELS)
        .containsExactly("ready", "suspended", "failed", "unhealthy", "unknown", "none");
  }

  @Test
  void latestStatePerClusterIsCounted() {
    gauges.record("ns", "a", null);
    gauges.record("ns", "b", ClusterState.READY);
    gauges.record("other", "a", ClusterState.READY);
    assertThat(gauge("none")).isEqualTo(1);
    assertThat(gauge("ready")).isEqualTo(2);

    gauges.record("ns", "a", ClusterState.SUSPENDED);
    gauges.record("ns", "b", ClusterState.UNKNOWN);
    assertThat(gauges.counts()).containsExactly(
        java.util.Map.entry("ready", 1L), java.util.Map.entry("suspended", 1L), java.util.Map.entry("failed", 0L),
        java.util.Map.entry("unhealthy", 0L), java.util.Map.entry("unknown", 1L), java.util.Map.entry("none", 0L));
  }

  @Test
  void forgottenClustersStopCounting() {
    gauges.record("ns", "a", ClusterState.FAILED);
    gauges.forget("ns", "a");
    gauges.forget("ns", "never-recorded");
    assertThat(gauge("failed")).isZero();
  }

  @Test
  void labelsAreTheWireValues() {
    assertThat(ClusterStateGauges.label(ClusterState.UNHEALTHY)).isEqualTo("unhealthy");
    assertThat(ClusterStateGauges.label(ClusterState.UNKNOWN)).isEqualTo("unknown");
    assertThat(ClusterStateGauges.label(null)).isEqualTo("none");
  }
}
