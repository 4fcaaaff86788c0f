package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster controller's reconciler handed a given copy of a RayCluster ({@link DirectRayClusters#reconcile}),
 * as an informer may still hold it: the status write, a cluster deleted before it, a head Service deleted with its
 * cluster or by a user, and an API server that fails.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterDirectReconcileTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  private DirectRayClusters bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void newBed() {
    bed = new DirectRayClusters(client);
  }

  @Test
  @DisplayName("a reconcile creates the head Service and Pods and writes the status; the same again writes no status")
  void writesTheStatusOnlyOnChange() {
    bed.create(ClusterManifests.basic(bed.ns, "direct", 1));
    assertThat(bed.reconcile(bed.get("direct"))).isPresent();
    assertThat(bed.service("direct-head-svc")).isNotNull();
    assertThat(bed.pods("direct")).hasSize(2);
    assertThat(bed.get("direct").getStatus()).isNotNull();

    MockApiRequests.drain(server);
    bed.reconcile(bed.get("direct"));
    assertThat(MockApiRequests.drain(server)).noneMatch(r -> r.path().contains("/status"));
  }

  @Test
  @DisplayName("a cluster deleted between its read and the status write is skipped quietly (no exception, no retry)")
  void aClusterDeletedBeforeTheWriteIsSkippedQuietly() {
    RayCluster created = bed.create(ClusterManifests.basic(bed.ns, "gone", 1));
    client.resource(created).delete();

    assertThatCode(() -> bed.reconcile(created)).doesNotThrowAnyException();
    assertThat(bed.get("gone")).isNull();
  }

  @Test
  @DisplayName("its head Service gone after the cluster was deleted (garbage collector first): nothing is created again")
  void aDeletedClustersServiceIsNotCreatedAgain() {
    bed.create(ClusterManifests.basic(bed.ns, "deleted", 1));
    bed.reconcile(bed.get("deleted"));
    RayCluster stale = bed.get("deleted");
    bed.reconcile(stale); // observes the head Service
    client.resource(stale).delete();
    client.services().inNamespace(bed.ns).delete();
    client.pods().inNamespace(bed.ns).delete();

    bed.reconcile(stale);

    assertThat(client.services().inNamespace(bed.ns).list().getItems()).isEmpty();
    assertThat(bed.pods("deleted")).isEmpty();
  }

  @Test
  @DisplayName("the head Service of a live cluster deleted by a user is created again")
  void aLiveClustersDeletedServiceIsCreatedAgain() {
    bed.create(ClusterManifests.basic(bed.ns, "live", 1));
    bed.reconcile(bed.get("live"));
    bed.reconcile(bed.get("live"));
    client.services().inNamespace(bed.ns).delete();

    bed.reconcile(bed.get("live"));

    assertThat(bed.service("live-head-svc")).isNotNull();
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
      assertThatThrownBy(() -> new DirectRayClusters(unreachable).reconcile(cluster))
          .isInstanceOf(KubernetesClientException.class)
          .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isNotEqualTo(404));
    }
  }
}
