package dev.raykube.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.slf4j.MDC;

class ReconcileMarkerTest {

  @AfterEach
  void clear() {
    MDC.clear();
  }

  @Test
  @DisplayName("the marker puts kind, namespace, name and trigger in the MDC and restores what was there on close")
  void marksAndRestores() {
    MDC.put(ReconcileMarker.TRIGGER, "outer");
    try (ReconcileMarker ignored = ReconcileMarker.open(new ConfigMapBuilder().withNewMetadata().withName("demo")
        .withNamespace("ml").endMetadata().build(), "cleanup")) {
      assertThat(MDC.get(ReconcileMarker.KIND)).isEqualTo("ConfigMap");
      assertThat(MDC.get(ReconcileMarker.NAMESPACE)).isEqualTo("ml");
      assertThat(MDC.get(ReconcileMarker.NAME)).isEqualTo("demo");
      assertThat(MDC.get(ReconcileMarker.TRIGGER)).isEqualTo("cleanup");
    }
    assertThat(MDC.get(ReconcileMarker.KIND)).isNull();
    assertThat(MDC.get(ReconcileMarker.NAME)).isNull();
    assertThat(MDC.get(ReconcileMarker.TRIGGER)).isEqualTo("outer");
  }
}
