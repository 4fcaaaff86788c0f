package dev.raykube.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The extension against the real control plane it starts (or the one {@code RAYKUBE_E2E_KUBECONFIG} names), with fake
 * heads. The test plays the RayCluster controller: it creates the RayCluster and its Pods itself, labelled as a
 * RayCluster controller labels them, and checks what the sandbox does with them.
 */
class RayKubeExtensionTest {

  private static final CopyOnWriteArrayList<String> fakesStarted = new CopyOnWriteArrayList<>();

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards()
      .configureFakeDashboards((cluster, fake) -> fake.rayVersion("2.60.0"))
      .onFakeDashboard((cluster, fake) -> fakesStarted.add(cluster.getMetadata().getName()));

  @Test
  @DisplayName("a real API server with the CRDs, a namespace of the class's own with its default ServiceAccount")
  void controlPlaneAndNamespace() {
    KubernetesClient client = kube.client();
    assertThat(client.apiextensions().v1().customResourceDefinitions().withName("rayjobs.ray.io").get()).isNotNull();
    assertThat(kube.namespace()).startsWith("raykubeextensiontest-");
    assertThat(client.namespaces().withName(kube.namespace()).get().getMetadata().getLabels())
        .containsEntry(TestNamespace.PART_OF, "raykube-test-kit");
    assertThat(client.serviceAccounts().inNamespace(kube.namespace()).withName("default").get()).isNotNull();
    assertThat(kube.kubeconfig()).isReadable();
  }

  @Test
  @DisplayName("a stand-in cluster: the worker waits in wait-gcs-ready until the fake head is up, then both are Ready; "
      + "the head's dashboard and serve ports lead to the fake")
  void fakeHeadAndWorker() throws Exception {
    KubernetesClient client = kube.client();
    RayCluster cluster = client.resource(rayCluster("fake-a")).create();
    client.resource(pod(cluster, "worker", true)).create();
    await("the worker Pod shows wait-gcs-ready running", () -> initRunning(pod("fake-a-worker")));
    assertThat(kube.dashboardAccess().endpoint(cluster)).isEmpty();

    client.resource(pod(cluster, "head", false)).create();
    await("the head Pod is Running and Ready", () -> ready(pod("fake-a-head")));
    await("the worker Pod is Running and Ready", () -> ready(pod("fake-a-worker")));
    assertThat(pod("fake-a-head").getSpec().getNodeName()).isEqualTo(kube.nodes().nodeName());
    assertThat(pod("fake-a-head").getStatus().getPodIP()).startsWith("10.244.");

    FakeRayDashboard fake = kube.fakeDashboard("fake-a").orElseThrow();
    assertThat(fakesStarted).contains("fake-a");
    Optional<DashboardEndpoint> endpoint = kube.dashboardAccess().endpoint(cluster);
    assertThat(endpoint).map(DashboardEndpoint::url).contains(fake.url());
    assertThat(get(fake.url() + "/api/version")).contains("2.60.0");
    String headIp = pod("fake-a-head").getStatus().getPodIP();
    assertThat(kube.serveProxyProbe().healthy(headIp, 8000)).as("no Serve proxy before Serve runs").isFalse();
    HttpResponse<String> deployed = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
        URI.create(fake.url() + "/api/serve/applications/")).timeout(Duration.ofSeconds(5))
        .header("Content-Type", "application/json")
        .PUT(HttpRequest.BodyPublishers.ofString("{\"applications\": [{\"name\": \"app\", \"route_prefix\": \"/\", "
            + "\"import_path\": \"app:main\"}]}")).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(deployed.statusCode()).as(deployed.body()).isEqualTo(200);
    await("the head Pod's serve port leads to the fake's Serve proxy",
        () -> kube.serveProxyProbe().healthy(headIp, 8000));
    assertThat(kube.serveProxyProbe().healthy(pod("fake-a-worker").getStatus().getPodIP(), 8000))
        .as("a worker has no Serve proxy").isFalse();
  }

  @Test
  @DisplayName("deleting the head Pod closes its fake: the dashboard is gone and the Pod is removed")
  void deletingTheHeadClosesTheFake() throws Exception {
    KubernetesClient client = kube.client();
    RayCluster cluster = client.resource(rayCluster("fake-b")).create();
    client.resource(pod(cluster, "head", false)).create();
    await("the head Pod is Running and Ready", () -> ready(pod("fake-b-head")));
    String url = kube.fakeDashboard("fake-b").orElseThrow().url();

    client.pods().inNamespace(kube.namespace()).withName("fake-b-head").delete();
    await("the head Pod is gone", () -> pod("fake-b-head") == null);
    await("the fake is closed", () -> kube.fakeDashboard("fake-b").isEmpty());
    assertThat(kube.dashboardAccess().endpoint(cluster)).isEmpty();
    assertThat(refused(url)).as("connections to " + url).isTrue();
  }

  private static RayCluster rayCluster(String name) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(kube.namespace()).build());
    RayClusterSpec spec = new RayClusterSpec();
    spec.setRayVersion("2.60.0");
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setHeadGroupSpec(head);
    cluster.setSpec(spec);
    return cluster;
  }

  /** A Pod as a RayCluster controller makes it: the labels the sandbox goes by, owned by the cluster. */
  private static Pod pod(RayCluster cluster, String type, boolean waitsForGcs) {
    String name = cluster.getMetadata().getName() + "-" + type;
    PodBuilder pod = new PodBuilder().withNewMetadata().withName(name).withNamespace(kube.namespace())
        .addToLabels(Map.of("ray.io/is-ray-node", "yes", "ray.io/cluster", cluster.getMetadata().getName(),
            "ray.io/node-type", type))
        .addNewOwnerReference().withApiVersion("ray.io/v1").withKind("RayCluster")
        .withName(cluster.getMetadata().getName()).withUid(cluster.getMetadata().getUid()).withController(true)
        .endOwnerReference().endMetadata()
        .withNewSpec().addNewContainer().withName("ray-" + type).withImage("rayproject/ray:2.60.0")
        .addNewPort().withName("dashboard").withContainerPort(8265).endPort().endContainer().endSpec();
    if (waitsForGcs) {
      pod.editSpec().addNewInitContainer().withName("wait-gcs-ready").withImage("rayproject/ray:2.60.0")
          .withCommand("/bin/bash", "-lc", "--").withArgs("until ray health-check; do sleep 5; done")
          .endInitContainer().endSpec();
    }
    return pod.build();
  }

  private static Pod pod(String name) {
    return kube.client().pods().inNamespace(kube.namespace()).withName(name).get();
  }

  private static boolean ready(Pod pod) {
    return pod != null && pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase())
        && pod.getStatus().getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  private static boolean initRunning(Pod pod) {
    return pod != null && pod.getStatus() != null && "Pending".equals(pod.getStatus().getPhase())
        && pod.getStatus().getInitContainerStatuses().stream()
            .anyMatch(s -> "wait-gcs-ready".equals(s.getName()) && s.getState().getRunning() != null);
  }

  private static String get(String url) throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url))
        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).isEqualTo(200);
    return response.body();
  }

  private static boolean refused(String url) {
    try {
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build().send(HttpRequest.newBuilder(
          URI.create(url + "/api/version")).timeout(Duration.ofSeconds(2)).build(),
          HttpResponse.BodyHandlers.discarding());
      return false;
    } catch (java.io.IOException e) {
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("not within 60 s: " + what);
      }
      Thread.sleep(100);
    }
  }
}
