package dev.raykube.cluster.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.reconcile.EventType;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Every RayCluster Event reason: CamelCase, unique, and aggregated exactly when it is a Warning. */
class ClusterEventReasonTest {

  @Test
  void warningsAreAggregatedNormalEventsAreNot() {
    for (ClusterEventReason reason : ClusterEventReason.values()) {
      assertThat(reason.aggregated()).as(reason.name()).isEqualTo(reason.type() == EventType.WARNING);
      assertThat(reason.value()).as(reason.name()).matches("[A-Z][A-Za-z]+");
    }
    assertThat(Arrays.stream(ClusterEventReason.values()).map(ClusterEventReason::value).distinct().count())
        .isEqualTo(ClusterEventReason.values().length);
  }
}
