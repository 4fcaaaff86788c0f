package dev.raykube.kernel.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.HeadInfo;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.ServicePortBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class InClusterDashboardAccessTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;

  @BeforeEach
  void reset() {
    server.reset();
  }

  @Test
  void headServiceDnsNameAndItsDashboardPort() {
    service("demo-head-svc", Map.of("gcs-server", 6379, "dashboard", 18265));
    DashboardAccess access = DashboardAccess.inCluster(client);
    assertThat(access.endpoint(cluster("demo")))
        .contains(DashboardEndpoint.of("http://demo-head-svc.ml.svc.cluster.local:18265"));
    assertThat(DashboardAccess.inCluster(client, "corp.internal").endpoint(cluster("demo"))
        .orElseThrow().statusAddress()).isEqualTo("demo-head-svc.ml.svc.corp.internal:18265");
  }

  @Test
  @DisplayName("a head Service in the caller's cache is read from there: no GET services; a miss asks the API")
  void headServiceFromTheCallersCacheMakesNoApiRead() throws InterruptedException {
    service("demo-head-svc", Map.of("dashboard", 18265));
    Service cached = client.services().inNamespace("ml").withName("demo-head-svc").get();
    ServiceReads cache = (namespace, name) -> "ml".equals(namespace) && "demo-head-svc".equals(name) ? cached : null;
    DashboardAccess access = DashboardAccess.inCluster(client, "cluster.local",
        cache.orElse(ServiceReads.fromApi(client)));
    requestPaths();

    assertThat(access.endpoint(cluster("demo")))
        .contains(DashboardEndpoint.of("http://demo-head-svc.ml.svc.cluster.local:18265"));
    assertThat(requestPaths()).isEmpty();

    assertThat(access.endpoint(cluster("other"))).as("not in the cache, not in the API").isEmpty();
    assertThat(requestPaths()).containsExactly("/api/v1/namespaces/ml/services/other-head-svc");
  }

  /** The paths of the requests the mock received since the last call. */
  private static java.util.List<String> requestPaths() throws InterruptedException {
    java.util.List<String> paths = new java.util.ArrayList<>();
    for (var r = server.takeRequest(1, java.util.concurrent.TimeUnit.MILLISECONDS); r != null;
        r = server.takeRequest(1, java.util.concurrent.TimeUnit.MILLISECONDS)) {
      paths.add(r.getPath());
    }
    return paths;
  }

  @Test
  void noHeadServiceYetMeansNotYet() {
    assertThat(DashboardAccess.inCluster(client).endpoint(cluster("demo"))).isEmpty();
  }

  @Test
  void serviceNameFromStatusOrSpecAndPortFromRayStartParamsWhenTheServiceHasNoDashboardPort() {
    RayCluster cluster = cluster("demo");
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("dashboard-port", "9000"));
    cluster.getSpec().getHeadGroupSpec().setHeadService(new ServiceBuilder().withNewMetadata().withName("custom-svc")
        .endMetadata().build());
    assertThat(InClusterDashboardAccess.headServiceName(cluster)).isEqualTo("custom-svc");
    RayClusterStatus status = new RayClusterStatus();
    HeadInfo head = new HeadInfo();
    head.setServiceName("reported-svc");
    status.setHead(head);
    cluster.setStatus(status);
    assertThat(InClusterDashboardAccess.headServiceName(cluster)).isEqualTo("reported-svc");
    assertThat(InClusterDashboardAccess.headServiceName(cluster("plain"))).isEqualTo("plain-head-svc");

    service("reported-svc", Map.of("gcs", 6379));
    assertThat(DashboardAccess.inCluster(client).endpoint(cluster).orElseThrow().url())
        .isEqualTo("http://reported-svc.ml.svc.cluster.local:9000");
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("dashboard-port", "not-a-port"));
    assertThat(InClusterDashboardAccess.configuredDashboardPort(cluster)).isEqualTo(8265);
  }

  @Test
  void tokenFromTheAuthSecretWithTokenMode() {
    service("demo-head-svc", Map.of("dashboard", 8265));
    RayCluster cluster = tokenCluster("demo", null);
    assertThatThrownBy(() -> DashboardAccess.inCluster(client).endpoint(cluster))
        .isInstanceOf(DashboardAccessException.class).hasMessageContaining("Secret ml/demo does not exist");

    secret("demo", Map.of("other", "x"));
    assertThatThrownBy(() -> DashboardAccess.inCluster(client).endpoint(cluster))
        .isInstanceOf(DashboardAccessException.class).hasMessageContaining("no non-empty key auth_token");

    client.secrets().inNamespace(NS).withName("demo").delete();
    secret("demo", Map.of("auth_token", "s3cret\n"));
    DashboardEndpoint endpoint = DashboardAccess.inCluster(client).endpoint(cluster).orElseThrow();
    assertThat(endpoint.token()).isEqualTo("s3cret");
    assertThat(endpoint.url()).isEqualTo("http://demo-head-svc.ml.svc.cluster.local:8265");
  }

  @Test
  void namedSecretAndDisabledMode() {
    service("demo-head-svc", Map.of("dashboard", 8265));
    secret("ray-token", Map.of("auth_token", "named"));
    assertThat(DashboardAccess.inCluster(client).endpoint(tokenCluster("demo", "ray-token")).orElseThrow().token())
        .isEqualTo("named");
    RayCluster disabled = tokenCluster("demo", "ray-token");
    disabled.getSpec().getAuthOptions().setMode("disabled");
    assertThat(DashboardAccess.inCluster(client).endpoint(disabled).orElseThrow().hasToken()).isFalse();
  }

  @Test
  void fixedAccessGivesTheSameEndpointForEveryCluster() {
    DashboardAccess fixed = DashboardAccess.fixed("http://127.0.0.1:8265", "t");
    assertThat(fixed.endpoint(cluster("a"))).isEqualTo(fixed.endpoint(cluster("b")))
        .contains(new DashboardEndpoint("http://127.0.0.1:8265", "t"));
    assertThat(fixed.toString()).doesNotContain("\"t\"").contains("127.0.0.1");
  }

  private static RayCluster tokenCluster(String name, String secretName) {
    RayCluster cluster = cluster(name);
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    auth.setSecretName(secretName);
    cluster.getSpec().setAuthOptions(auth);
    return cluster;
  }

  private void service(String name, Map<String, Integer> ports) {
    List<ServicePort> list = new ArrayList<>();
    new TreeMap<>(ports).forEach((portName, port) -> list.add(new ServicePortBuilder().withName(portName)
        .withPort(port).build()));
    Service service = new ServiceBuilder().withNewMetadata().withName(name).withNamespace(NS).endMetadata()
        .withNewSpec().withPorts(list).endSpec().build();
    client.resource(service).create();
  }

  private void secret(String name, Map<String, String> values) {
    Map<String, String> data = new HashMap<>();
    values.forEach((k, v) -> data.put(k, Base64.getEncoder().encodeToString(v.getBytes(StandardCharsets.UTF_8))));
    client.resource(new SecretBuilder().withNewMetadata().withName(name).withNamespace(NS).endMetadata()
        .withData(data).build()).create();
  }

  private static final String NS = "ml";

  /** A RayCluster {@code name} in {@link #NS} with a head of image {@code rayproject/ray:2.60.0} and no status. */
  private static RayCluster cluster(String name) {
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    RayClusterSpec spec = new RayClusterSpec();
    spec.setHeadGroupSpec(head);
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    cluster.setSpec(spec);
    return cluster;
  }
}
