package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Service;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadlessWorkerServiceTest {

  @Test
  void wantedOnlyWithAMultiHostGroup() {
    RayCluster cluster = TestClusters.basic();
    assertThat(HeadlessWorkerService.isWanted(cluster)).isFalse();
    TestClusters.group(cluster).setNumOfHosts(1);
    assertThat(HeadlessWorkerService.isWanted(cluster)).isFalse();
    TestClusters.group(cluster).setNumOfHosts(4);
    assertThat(HeadlessWorkerService.isWanted(cluster)).isTrue();
    cluster.getSpec().setWorkerGroupSpecs(null);
    assertThat(HeadlessWorkerService.isWanted(cluster)).isFalse();
  }

  @Test
  void selectsEveryWorkerOfTheClusterWithoutAnAddress() {
    RayCluster cluster = TestClusters.basic();
    Service service = HeadlessWorkerService.build(cluster);

    assertThat(service.getMetadata().getName()).isEqualTo("demo-headless");
    assertThat(service.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(service.getMetadata().getLabels()).containsExactlyEntriesOf(Map.of("ray.io/headless-worker-svc",
        "demo"));
    assertThat(service.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.getKind()).isEqualTo("RayCluster");
      assertThat(ref.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(ref.getController()).isTrue();
    });
    assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(service.getSpec().getType()).isEqualTo("ClusterIP");
    assertThat(service.getSpec().getPublishNotReadyAddresses()).isTrue();
    assertThat(service.getSpec().getSelector()).containsOnly(Map.entry("ray.io/cluster", "demo"),
        Map.entry("ray.io/node-type", "worker"));
    assertThat(service.getSpec().getPorts()).isNullOrEmpty();
  }
}
