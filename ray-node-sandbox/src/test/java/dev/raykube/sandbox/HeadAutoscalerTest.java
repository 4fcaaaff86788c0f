package dev.raykube.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the sandbox turns the autoscaler container's command into a local one, as kubelet and a real Pod would. */
class HeadAutoscalerTest {

  @Test
  void expandsDefinedVariablesAsKubernetesDoes() {
    Map<String, String> env = Map.of("RAY_CLUSTER_NAME", "demo", "RAY_CLUSTER_NAMESPACE", "ml");
    assertThat(HeadAutoscaler.expand(List.of("/bin/bash", "-c", "--",
        "ray kuberay-autoscaler --cluster-name $(RAY_CLUSTER_NAME) --cluster-namespace $(RAY_CLUSTER_NAMESPACE)"),
        env)).containsExactly("/bin/bash", "-c", "--",
            "ray kuberay-autoscaler --cluster-name demo --cluster-namespace ml");
    assertThat(HeadAutoscaler.expand(List.of("$(UNDEFINED) $$(RAY_CLUSTER_NAME) $HOME"), env))
        .containsExactly("$(UNDEFINED) $(RAY_CLUSTER_NAME) $HOME");
    assertThat(HeadAutoscaler.expand(null, env)).isNull();
  }

  @Test
  void pointsTheAutoscalerAtTheHeadsRealGcsPort() {
    assertThat(HeadAutoscaler.withGcsAddress(List.of("ray kuberay-autoscaler --cluster-name demo"), 41234))
        .containsExactly("ray kuberay-autoscaler --cluster-name demo --gcs-address=127.0.0.1:41234");
    assertThatThrownBy(() -> HeadAutoscaler.withGcsAddress(List.of("sleep infinity"), 1))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("kuberay-autoscaler");
  }
}
