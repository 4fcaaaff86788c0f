package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.IngressOptions;
import dev.raykube.model.cluster.IngressPathType;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLSBuilder;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class HeadIngressFactoryTest {

  private final HeadIngressFactory factory = new HeadIngressFactory(ClusterBuildSettings.defaults());

  private static HTTPIngressPath onlyPath(Ingress ingress) {
    assertThat(ingress.getSpec().getRules()).hasSize(1);
    assertThat(ingress.getSpec().getRules().get(0).getHttp().getPaths()).hasSize(1);
    return ingress.getSpec().getRules().get(0).getHttp().getPaths().get(0);
  }

  @Test
  void defaultsToOneRuleForAnyHostWithPrefixSlashToTheDashboardPort() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setEnableIngress(true);

    Ingress ingress = factory.build(cluster);

    assertThat(ingress.getApiVersion()).isEqualTo("networking.k8s.io/v1");
    assertThat(ingress.getKind()).isEqualTo("Ingress");
    assertThat(ingress.getMetadata().getName()).isEqualTo("demo-head-ingress");
    assertThat(ingress.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(ingress.getMetadata().getLabels()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "ray.io/cluster", "demo", "ray.io/identifier", "demo-head", "app.kubernetes.io/name", "kuberay",
        "app.kubernetes.io/created-by", "raykube-operator"));
    assertThat(ingress.getMetadata().getAnnotations()).isNull();
    assertThat(ingress.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.getKind()).isEqualTo("RayCluster");
      assertThat(ref.getName()).isEqualTo("demo");
      assertThat(ref.getUid()).isEqualTo(cluster.getMetadata().getUid());
      assertThat(ref.getController()).isTrue();
    });
    assertThat(ingress.getSpec().getIngressClassName()).isNull();
    assertThat(ingress.getSpec().getTls()).isNullOrEmpty();
    assertThat(ingress.getSpec().getRules().get(0).getHost()).isNull();
    HTTPIngressPath path = onlyPath(ingress);
    assertThat(path.getPath()).isEqualTo("/");
    assertThat(path.getPathType()).isEqualTo("Prefix");
    assertThat(path.getBackend().getService().getName()).isEqualTo("demo-head-svc");
    assertThat(path.getBackend().getService().getPort().getNumber()).isEqualTo(8265);
    assertThat(path.getBackend().getService().getPort().getName()).isNull();
  }

  @Test
  void createdByFollowsTheSettings() {
    Ingress ingress = new HeadIngressFactory(ClusterBuildSettings.defaults()
        .withCreatedBy(ClusterBuildSettings.KUBERAY_CREATED_BY)).build(TestClusters.basic());
    assertThat(ingress.getMetadata().getLabels()).containsEntry("app.kubernetes.io/created-by", "kuberay-operator");
  }

  static Stream<Arguments> options() {
    return Stream.of(
        Arguments.of("host only", (Consumer<IngressOptions>) o -> o.setHost("ray.example.com"),
            "ray.example.com", "/", "Prefix"),
        Arguments.of("path only", (Consumer<IngressOptions>) o -> o.setPath("/demo"), null, "/demo", "Prefix"),
        Arguments.of("exact", (Consumer<IngressOptions>) o -> o.setPathType(IngressPathType.EXACT), null, "/",
            "Exact"),
        Arguments.of("implementation specific", (Consumer<IngressOptions>) o -> {
          o.setPath("/ray(/|$)(.*)");
          o.setPathType(IngressPathType.IMPLEMENTATION_SPECIFIC);
        }, null, "/ray(/|$)(.*)", "ImplementationSpecific"),
        Arguments.of("all", (Consumer<IngressOptions>) o -> {
          o.setHost("a.example.com");
          o.setPath("/x");
          o.setPathType(IngressPathType.PREFIX);
        }, "a.example.com", "/x", "Prefix"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("options")
  void ingressOptionsShapeTheRule(String name, Consumer<IngressOptions> set, String host, String path,
      String pathType) {
    RayCluster cluster = TestClusters.basic();
    IngressOptions options = new IngressOptions();
    set.accept(options);
    cluster.getSpec().getHeadGroupSpec().setIngressOptions(options);

    Ingress ingress = factory.build(cluster);

    assertThat(ingress.getSpec().getRules().get(0).getHost()).isEqualTo(host);
    assertThat(onlyPath(ingress).getPath()).isEqualTo(path);
    assertThat(onlyPath(ingress).getPathType()).isEqualTo(pathType);
  }

  @Test
  void tlsIsCopied() {
    RayCluster cluster = TestClusters.basic();
    IngressOptions options = new IngressOptions();
    options.setTls(List.of(new IngressTLSBuilder().withHosts("ray.example.com").withSecretName("ray-tls").build()));
    cluster.getSpec().getHeadGroupSpec().setIngressOptions(options);

    Ingress ingress = factory.build(cluster);

    assertThat(ingress.getSpec().getTls()).singleElement().satisfies(tls -> {
      assertThat(tls.getHosts()).containsExactly("ray.example.com");
      assertThat(tls.getSecretName()).isEqualTo("ray-tls");
    });
    options.getTls().get(0).setSecretName("changed");
    assertThat(ingress.getSpec().getTls().get(0).getSecretName()).as("a copy").isEqualTo("ray-tls");
  }

  @Test
  void everyClusterAnnotationButTheClassIsCopiedAndTheClassBecomesIngressClassName() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setAnnotations(Map.of("kubernetes.io/ingress.class", "nginx",
        "nginx.ingress.kubernetes.io/rewrite-target", "/$1", "ray.io/ft-enabled", "false"));

    Ingress ingress = factory.build(cluster);

    assertThat(ingress.getSpec().getIngressClassName()).isEqualTo("nginx");
    assertThat(ingress.getMetadata().getAnnotations()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "nginx.ingress.kubernetes.io/rewrite-target", "/$1", "ray.io/ft-enabled", "false"));
  }

  @Test
  void theBackendIsTheCustomHeadServiceNameAndItsDashboardPort() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setHeadService(new ServiceBuilder()
        .withMetadata(new ObjectMetaBuilder().withName("my-head").build()).build());
    TestClusters.headContainer(cluster).setPorts(List.of(
        new ContainerPortBuilder().withName("gcs-server").withContainerPort(6379).build(),
        new ContainerPortBuilder().withName("dashboard").withContainerPort(9265).build()));

    HTTPIngressPath path = onlyPath(factory.build(cluster));

    assertThat(path.getBackend().getService().getName()).isEqualTo("my-head");
    assertThat(path.getBackend().getService().getPort().getNumber()).isEqualTo(9265);
  }

  @Test
  void theDashboardPortFollowsRayStartParamsAndDefaultsWithoutADashboardPort() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("dashboard-port", "8300"));
    assertThat(onlyPath(factory.build(cluster)).getBackend().getService().getPort().getNumber()).isEqualTo(8300);

    TestClusters.headContainer(cluster).setPorts(List.of(
        new ContainerPortBuilder().withName("gcs-server").withContainerPort(6379).build()));
    assertThat(onlyPath(factory.build(cluster)).getBackend().getService().getPort().getNumber()).isEqualTo(8265);
  }

  @ParameterizedTest
  @CsvSource({
      "demo, demo-head-ingress",
      // 37 + 13 = 50 characters: kept
      "abcdefghij-abcdefghij-abcdefghij-abcd, abcdefghij-abcdefghij-abcdefghij-abcd-head-ingress",
      // 51 characters: the first one goes; the new first character is a letter
      "abcdefghij-abcdefghij-abcdefghij-abcde, bcdefghij-abcdefghij-abcdefghij-abcde-head-ingress",
      // 51 characters, cut to '-cde…': the leading '-' becomes 'r'
      "a-cdefghij-abcdefghij-abcdefghij-abcde, rcdefghij-abcdefghij-abcdefghij-abcde-head-ingress",
      // 51 characters, cut to '1bc…': the leading digit becomes 'r'
      "a1bcdefghi-abcdefghij-abcdefghij-abcde, rbcdefghi-abcdefghij-abcdefghij-abcde-head-ingress",
      "1demo, rdemo-head-ingress",
  })
  void theNameIsKubeRaysCheckedName(String cluster, String expected) {
    assertThat(RayClusterNames.headIngress(cluster)).isEqualTo(expected);
    assertThat(expected.length()).isLessThanOrEqualTo(50);
  }

  @ParameterizedTest
  @CsvSource({"true, true", "false, false", ", false"})
  void enabledOnlyByEnableIngressTrue(Boolean enableIngress, boolean enabled) {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().getHeadGroupSpec().setEnableIngress(enableIngress);
    assertThat(HeadIngressFactory.isEnabled(cluster)).isEqualTo(enabled);
  }
}
