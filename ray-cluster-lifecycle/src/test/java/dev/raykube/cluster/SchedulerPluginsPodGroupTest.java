package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SchedulerPluginsPodGroupTest {

  @ParameterizedTest(name = "[{index}] gang={0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      true  | true
      false | true
      ''    | true
      -     | false
      """)
  void anyValueOfTheGangLabelAsksForAGroup(String gang, boolean wanted) {
    Map<String, String> labels = new TreeMap<>();
    if (gang != null) {
      labels.put("ray.io/gang-scheduling-enabled", gang);
    }
    assertThat(SchedulerPluginsPodGroup.wantedFor(new ObjectMetaBuilder().withLabels(labels).build()))
        .isEqualTo(wanted);
  }

  /** replicas, autoscaling → the PodGroup's size: desired, whatever the autoscaler. */
  @ParameterizedTest(name = "[{index}] replicas={0} autoscaling={1}")
  @CsvSource({"2, false, 3, 4, 8Gi", "2, true, 3, 4, 8Gi", "0, false, 1, 2, 4Gi", "9, false, 6, 11, 22Gi"})
  void namedAsTheClusterOwnedButNotControlledSizedAtItsDesiredGang(int replicas, boolean autoscaling, int minMember,
      String cpu, String memory) {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setReplicas(replicas);
    cluster.getSpec().setEnableInTreeAutoscaling(autoscaling);

    GenericKubernetesResource podGroup = SchedulerPluginsPodGroup.build(cluster);

    assertThat(podGroup.getApiVersion()).isEqualTo("scheduling.x-k8s.io/v1alpha1");
    assertThat(podGroup.getKind()).isEqualTo("PodGroup");
    assertThat(podGroup.getMetadata().getName()).isEqualTo("demo");
    assertThat(podGroup.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(podGroup.getAdditionalProperties().get("spec")).isEqualTo(Map.of("minMember", minMember,
        "minResources", Map.of("cpu", cpu, "memory", memory)));
    assertThat(podGroup.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getApiVersion()).isEqualTo("ray.io/v1");
      assertThat(owner.getKind()).isEqualTo("RayCluster");
      assertThat(owner.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(owner.getController()).isNull();
      assertThat(owner.getBlockOwnerDeletion()).isNull();
    });
  }

  @Test
  void noStatusIsWritten() {
    assertThat(SchedulerPluginsPodGroup.build(TestClusters.basic()).getAdditionalProperties()).containsOnlyKeys(
        "spec");
  }
}
