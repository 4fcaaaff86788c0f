package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.MockApiRequests;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.HashSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster controller's reconciler called directly with a {@link TestingContext} (the Pods and Services it
 * observes are read from the CRUD mock at each call), without the operator runtime: the status write, a cluster
 * deleted before it, a head Service deleted with its cluster or by a user, and an API server that fails.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterDirectReconcileTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void clean() {
    client.resources(RayCluster.class).inNamespace("ray").delete();
    client.pods().inNamespace("ray").delete();
    client.services().inNamespace("ray").delete();
  }

  private static Reconciler<RayCluster> reconciler(KubernetesClient kubernetes) {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    return new RayClusterController(OperatorHarness.FAST).reconciler(new ControllerContext(TestSettings.of(),
        kubernetes, registry, new ClusterStateGauges(registry), new MovableClock(Instant.parse("2026-06-01T08:00:00Z"))));
  }

  private static TestingContext<RayCluster> context(KubernetesClient kubernetes, RayCluster cluster) {
    String name = cluster.getMetadata().getName();
    return TestingContext.of(kubernetes, cluster)
        .withSecondary(Pod.class, () -> new HashSet<>(client.pods().inNamespace("ray")
            .withLabel(RayClusterLabels.CLUSTER, name).list().getItems()))
        .withSecondary(Service.class, () -> new HashSet<>(client.services().inNamespace("ray")
            .withLabel(RayClusterLabels.CLUSTER, name).list().getItems()));
  }

  private static RayCluster stored(String name) {
    return client.resources(RayCluster.class).inNamespace("ray").withName(name).get();
  }

  @Test
  @DisplayName("a reconcile creates the head Service and Pods and writes the status; the same again writes no status")
  void writesTheStatusOnlyOnChange() throws Exception {
    client.resource(ClusterManifests.basic("ray", "direct", 1)).create();
    Reconciler<RayCluster> reconciler = reconciler(client);
    UpdateControl<RayCluster> first = reconciler.reconcile(stored("direct"), context(client, stored("direct")));
    assertThat(first.getScheduleDelay()).isPresent();
    assertThat(client.services().inNamespace("ray").list().getItems()).hasSize(1);
    assertThat(client.pods().inNamespace("ray").list().getItems()).hasSize(2);
    assertThat(stored("direct").getStatus()).isNotNull();

    MockApiRequests.drain(server);
    reconciler.reconcile(stored("direct"), context(client, stored("direct")));
    assertThat(MockApiRequests.drain(server)).noneMatch(r -> r.path().contains("/status"));
  }

  @Test
  @DisplayName("a cluster deleted between its read and the status write is skipped quietly (no exception, no retry)")
  void aClusterDeletedBeforeTheWriteIsSkippedQuietly() throws Exception {
    RayCluster created = client.resource(ClusterManifests.basic("ray", "gone", 1)).create();
    client.resource(created).delete();

    UpdateControl<RayCluster> control = reconciler(client).reconcile(created, context(client, created));
    assertThat(control).isNotNull();
    assertThat(stored("gone")).isNull();
  }

  @Test
  @DisplayName("its head Service gone after the cluster was deleted (garbage collector first): nothing is created again")
  void aDeletedClustersServiceIsNotCreatedAgain() throws Exception {
    client.resource(ClusterManifests.basic("ray", "deleted", 1)).create();
    Reconciler<RayCluster> reconciler = reconciler(client);
    reconciler.reconcile(stored("deleted"), context(client, stored("deleted")));
    RayCluster stale = stored("deleted");
    reconciler.reconcile(stale, context(client, stale)); // observes the head Service
    client.resource(stale).delete();
    client.services().inNamespace("ray").delete();
    client.pods().inNamespace("ray").delete();

    reconciler.reconcile(stale, context(client, stale));

    assertThat(client.services().inNamespace("ray").list().getItems()).isEmpty();
    assertThat(client.pods().inNamespace("ray").list().getItems()).isEmpty();
  }

  @Test
  @DisplayName("the head Service of a live cluster deleted by a user is created again")
  void aLiveClustersDeletedServiceIsCreatedAgain() throws Exception {
    client.resource(ClusterManifests.basic("ray", "live", 1)).create();
    Reconciler<RayCluster> reconciler = reconciler(client);
    reconciler.reconcile(stored("live"), context(client, stored("live")));
    reconciler.reconcile(stored("live"), context(client, stored("live")));
    client.services().inNamespace("ray").delete();

    reconciler.reconcile(stored("live"), context(client, stored("live")));

    assertThat(client.services().inNamespace("ray").list().getItems()).hasSize(1);
  }

  @Test
  @DisplayName("any other API error fails the reconcile, so JOSDK retries it")
  void otherApiErrorsStillFailTheReconcile() {
    RayCluster cluster = ClusterManifests.basic("ray", "x", 1);
    cluster.getMetadata().setResourceVersion("1");
    cluster.getMetadata().setUid("uid-x");
    KubernetesClient unreachable = new KubernetesClientBuilder()
        .withConfig(new ConfigBuilder(client.getConfiguration())
            .withMasterUrl("http://127.0.0.1:1").withRequestRetryBackoffLimit(0).build())
        .build();
    try (unreachable) {
      assertThatThrownBy(() -> reconciler(unreachable).reconcile(cluster, context(unreachable, cluster)))
          .isInstanceOf(KubernetesClientException.class)
          .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isNotEqualTo(404));
    }
  }
}
