package dev.raykube.service.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupReport;
import dev.raykube.kernel.finalizer.DeletionCleanup;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.reconcile.FinalizerEdit;
import dev.raykube.reconcile.FinalizerEditor;
import dev.raykube.service.act.RayServiceClusterCleanup;
import dev.raykube.testing.MovableClock;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The RayService finalizer's cleanup on fabric8's CRUD mock server. */
@EnableKubernetesMockClient(crud = true)
class RayServiceClusterCleanupTest {
  private static final String NS = "serving";

  KubernetesClient client;
  KubernetesMockServer server;

  @BeforeEach
  void installCrds() {
    RayCrds.install(client, "rayclusters", "rayservices");
  }

  @Test
  void deletesExactlyTheClustersTheRayServiceCreated() {
    createCluster("svc-a-x1y2z", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-a",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayService"));
    createCluster("svc-a-k3l4m", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-a",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayService"));
    createCluster("svc-b-p5q6r", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-b",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayService"));
    createCluster("svc-a-job", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-a",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayJob"));
    createCluster("handmade", Map.of());
    RayServiceClusterCleanup cleanup = new RayServiceClusterCleanup(client);

    CleanupOutcome first = cleanup.attempt(rayService("svc-a"));
    CleanupOutcome second = cleanup.attempt(rayService("svc-a"));

    assertThat(first.done()).isTrue();
    assertThat(first.reason()).isEqualTo(RayServiceClusterCleanup.Reason.RAY_CLUSTERS_DELETED);
    assertThat(first.message()).contains("svc-a-x1y2z", "svc-a-k3l4m");
    assertThat(second.done()).isTrue();
    assertThat(second.reason()).isEqualTo(RayServiceClusterCleanup.Reason.NO_RAY_CLUSTERS_LEFT);
    assertThat(clusterNames()).containsExactlyInAnyOrder("svc-b-p5q6r", "svc-a-job", "handmade");
  }

  @Test
  void aCacheListerIsTrustedUntilItShowsNoClusterAndIsTheOnlyPlaceListed() throws InterruptedException {
    createCluster("svc-d-a1b2c", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-d",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayService"));
    List<RayCluster> cache = new java.util.ArrayList<>(List.of(get("svc-d-a1b2c")));
    RayServiceClusterCleanup cleanup = new RayServiceClusterCleanup(client, (namespace, name) -> List.copyOf(cache));
    int before = server.getRequestCount();

    CleanupOutcome first = cleanup.attempt(rayService("svc-d"));

    assertThat(server.getRequestCount() - before).as("only the DELETE: listed from the cache").isEqualTo(1);
    assertThat(server.getLastRequest().getMethod()).isEqualTo("DELETE");
    assertThat(clusterNames()).doesNotContain("svc-d-a1b2c");
    assertThat(first.done()).as("the cache still shows it").isFalse();
    assertThat(first.retryable()).isTrue();
    cache.clear(); // the informer saw the deletion
    CleanupOutcome second = cleanup.attempt(rayService("svc-d"));
    assertThat(second.done()).isTrue();
    assertThat(second.reason()).isEqualTo(RayServiceClusterCleanup.Reason.NO_RAY_CLUSTERS_LEFT);
  }

  @Test
  void terminatingClustersKeepTheAttemptFailingUntilTheyAreGone() {
    RayCluster held = createCluster("svc-c-a1b2c", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-c",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayService"), "example.com/gcs-cleanup");
    RayServiceClusterCleanup cleanup = new RayServiceClusterCleanup(client);

    CleanupOutcome first = cleanup.attempt(rayService("svc-c"));
    String versionAfterDelete = get("svc-c-a1b2c").getMetadata().getResourceVersion();
    CleanupOutcome second = cleanup.attempt(rayService("svc-c"));

    assertThat(first.done()).isFalse();
    assertThat(first.retryable()).isTrue();
    assertThat(first.reason()).isEqualTo(RayServiceClusterCleanup.Reason.RAY_CLUSTERS_TERMINATING);
    assertThat(first.message()).contains("svc-c-a1b2c", "deletion requested now");
    assertThat(second.done()).isFalse();
    assertThat(second.message()).doesNotContain("deletion requested now");
    assertThat(get("svc-c-a1b2c").getMetadata().getResourceVersion()).as("not deleted twice")
        .isEqualTo(versionAfterDelete);

    new FinalizerEditor().remove(client, held, "example.com/gcs-cleanup");
    assertThat(cleanup.attempt(rayService("svc-c")).done()).isTrue();
  }

  @Test
  void theSharedPolicyDrivesTheRayServiceCleanup() {
    createCluster("svc-d-d1e2f", Map.of(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "svc-d",
        RayClusterLabels.ORIGINATED_FROM_CRD, "RayService"), "example.com/gcs-cleanup");
    RayService svc = client.resource(rayService("svc-d")).create();
    client.resource(svc).delete();
    RayService deleting = client.resource(svc).get();
    MovableClock clock = new MovableClock(Instant.parse(deleting.getMetadata().getDeletionTimestamp()));
    DeletionCleanup<RayService> cleanup = new DeletionCleanup<>(FinalizerNames.RAYSERVICE,
        new RayServiceClusterCleanup(client),
        FinalizerSettings.defaults().withDefaultPolicy(FinalizerPolicy.UNTIL_CONFIRMED), clock);

    CleanupReport first = cleanup.run(deleting);
    assertThat(first.removeFinalizer()).isFalse();

    new FinalizerEditor().remove(client, get("svc-d-d1e2f"), "example.com/gcs-cleanup");
    clock.advance(Duration.ofSeconds(1));
    CleanupReport second = cleanup.run(client.resource(svc).get());
    assertThat(second.removeFinalizer()).isTrue();
    assertThat(new FinalizerEditor().remove(client, deleting, FinalizerNames.RAYSERVICE).result())
        .isEqualTo(FinalizerEdit.Result.REMOVED);
    assertThat(client.resource(svc).get()).isNull();
  }

  @Test
  void apiErrorsAreFailedAttemptsClassifiedByStatus() {
    server.expect().get().withPath("/apis/ray.io/v1/namespaces/" + NS + "/rayclusters?labelSelector="
        + "ray.io%2Foriginated-from-cr-name%3Dsvc-e%2Cray.io%2Foriginated-from-crd%3DRayService")
        .andReturn(403, "forbidden").once();
    server.expect().get().withPath("/apis/ray.io/v1/namespaces/" + NS + "/rayclusters?labelSelector="
        + "ray.io%2Foriginated-from-cr-name%3Dsvc-f%2Cray.io%2Foriginated-from-crd%3DRayService")
        .andReturn(503, "unavailable").always();
    // fabric8 itself retries 5xx with backoff (10 times by default); this test wants the answer at once.
    Config once = new ConfigBuilder(client.getConfiguration()).withRequestRetryBackoffLimit(0).build();
    try (KubernetesClient noRetries = new KubernetesClientBuilder().withConfig(once).build()) {
      RayServiceClusterCleanup cleanup = new RayServiceClusterCleanup(noRetries);

      CleanupOutcome forbidden = cleanup.attempt(rayService("svc-e"));
      CleanupOutcome unavailable = cleanup.attempt(rayService("svc-f"));

      assertThat(forbidden.done()).isFalse();
      assertThat(forbidden.retryable()).isFalse();
      assertThat(forbidden.message()).contains("403");
      assertThat(unavailable.done()).isFalse();
      assertThat(unavailable.retryable()).isTrue();
      assertThat(unavailable.reason()).isEqualTo(RayServiceClusterCleanup.Reason.RAY_CLUSTER_DELETION_FAILED);
    }
  }

  private RayCluster createCluster(String name, Map<String, String> labels, String... finalizers) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).withLabels(labels)
        .withFinalizers(List.of(finalizers)).build());
    return client.resource(cluster).create();
  }

  private RayCluster get(String name) {
    return client.resources(RayCluster.class).inNamespace(NS).withName(name).get();
  }

  private List<String> clusterNames() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems().stream()
        .map(c -> c.getMetadata().getName()).toList();
  }

  private static RayService rayService(String name) {
    RayService svc = new RayService();
    svc.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS)
        .withFinalizers(FinalizerNames.RAYSERVICE).build());
    return svc;
  }
}
