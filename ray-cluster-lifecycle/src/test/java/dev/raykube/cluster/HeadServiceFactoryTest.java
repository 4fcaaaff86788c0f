package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HeadServiceFactoryTest {

  private final HeadServiceFactory factory = new HeadServiceFactory(ClusterBuildSettings.defaults());

  private static List<String> ports(Service service) {
    return service.getSpec().getPorts().stream().map(p -> p.getName() + ":" + p.getPort()).toList();
  }

  @Test
  void headlessWithDefaultPortsWhenTheContainerDeclaresNone() {
    Service service = factory.build(TestClusters.basic());
    assertThat(service.getMetadata().getName()).isEqualTo("demo-head-svc");
    assertThat(service.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(service.getSpec().getType()).isEqualTo("ClusterIP");
    assertThat(service.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(service.getSpec().getPublishNotReadyAddresses()).isTrue();
    assertThat(ports(service)).containsExactly("client:10001", "dashboard:8265", "gcs-server:6379",
        "metrics:8080", "serve:8000");
    assertThat(service.getSpec().getPorts()).allSatisfy(p -> {
      assertThat(p.getAppProtocol()).isEqualTo("tcp");
      assertThat(p.getTargetPort().getIntVal()).isEqualTo(p.getPort());
    });
    assertThat(service.getSpec().getSelector()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "ray.io/cluster", "demo", "ray.io/node-type", "head", "ray.io/identifier", "demo-head"));
    assertThat(service.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getName()).isEqualTo("demo"));
  }

  @Test
  void defaultPortsFollowRayStartParams() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("port", "6380", "dashboard-port", "8266",
        "metrics-export-port", "9000"));
    assertThat(ports(factory.build(cluster))).containsExactly("client:10001", "dashboard:8266",
        "gcs-server:6380", "metrics:9000", "serve:8000");
  }

  @Test
  void containerPortsReplaceTheDefaultsAndMetricsIsAlwaysThere() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.headContainer(cluster).setPorts(List.of(
        new ContainerPortBuilder().withName("gcs-server").withContainerPort(6379).build(),
        new ContainerPortBuilder().withContainerPort(7000).build(),
        new ContainerPortBuilder().withName("dashboard").withContainerPort(8265).build()));
    assertThat(ports(factory.build(cluster))).containsExactly("7000-port:7000", "dashboard:8265",
        "gcs-server:6379", "metrics:8080");
  }

  @Test
  void clusterIpOnRequestAndForOtherTypes() {
    RayCluster cluster = TestClusters.basic();
    Service withIp = new HeadServiceFactory(ClusterBuildSettings.defaults().withHeadServiceClusterIp(true))
        .build(cluster);
    assertThat(withIp.getSpec().getClusterIP()).isNull();
    assertThat(withIp.getSpec().getPublishNotReadyAddresses()).isNull();

    cluster.getSpec().getHeadGroupSpec().setServiceType("LoadBalancer");
    Service balanced = factory.build(cluster);
    assertThat(balanced.getSpec().getType()).isEqualTo("LoadBalancer");
    assertThat(balanced.getSpec().getClusterIP()).isNull();
  }

  @Test
  void customHeadServiceIsMerged() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setHeadService(new ServiceBuilder()
        .withNewMetadata().withName("my-head").withLabels(Map.of("team", "a", "ray.io/cluster", "other"))
        .withAnnotations(Map.of("a", "custom", "b", "custom")).endMetadata()
        .withNewSpec().withSelector(Map.of("app", "nothing")).addNewPort().withName("dashboard").withPort(80)
        .endPort().endSpec().build());
    cluster.getSpec().setHeadServiceAnnotations(Map.of("b", "cluster"));

    Service service = factory.build(cluster);
    assertThat(service.getMetadata().getName()).isEqualTo("my-head");
    assertThat(RayClusterNames.headService(cluster)).isEqualTo("my-head");
    assertThat(service.getMetadata().getLabels()).containsEntry("team", "a").containsEntry("ray.io/cluster", "demo");
    assertThat(service.getMetadata().getAnnotations()).containsEntry("a", "custom").containsEntry("b", "cluster");
    assertThat(service.getSpec().getSelector()).doesNotContainKey("app").containsEntry("ray.io/node-type", "head");
    assertThat(ports(service)).containsExactly("client:10001", "dashboard:80", "gcs-server:6379", "metrics:8080",
        "serve:8000");
  }
}
