package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster status write outside the full operator: a cluster deleted between its read and the write is not an
 * error (no exception, so JOSDK logs no stack trace and schedules no retry); any other API error still is.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterStatusWriteTest {

  static KubernetesClient client;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  /** A Context that only offers the client: the write fails before it would touch JOSDK's cache. */
  @SuppressWarnings("unchecked")
  private static Context<RayCluster> clientOnly(KubernetesClient kubernetes) {
    return (Context<RayCluster>) Proxy.newProxyInstance(RayClusterStatusWriteTest.class.getClassLoader(),
        new Class<?>[] {Context.class}, (proxy, method, args) -> {
          if (method.getName().equals("getClient")) {
            return kubernetes;
          }
          throw new UnsupportedOperationException(method.getName());
        });
  }

  private static RayClusterStatus ready() {
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.READY);
    return status;
  }

  @Test
  void aClusterDeletedBeforeTheWriteIsSkippedQuietly() {
    RayCluster created = client.resource(ClusterManifests.basic("ray", "gone", 1)).create();
    client.resource(created).delete();

    assertThat(RayClusterReconciler.writeStatus(created, ready(), clientOnly(client))).isFalse();
  }

  @Test
  void anUnchangedStatusIsNotWritten() {
    RayCluster cluster = ClusterManifests.basic("ray", "same", 1);
    cluster.setStatus(ready());

    assertThat(RayClusterReconciler.writeStatus(cluster, ready(), clientOnly(client))).isFalse();
  }

  @Test
  void otherApiErrorsStillFailTheReconcile() {
    RayCluster cluster = ClusterManifests.basic("ray", "x", 1);
    cluster.getMetadata().setResourceVersion("1");
    KubernetesClient unreachable = new KubernetesClientBuilder()
        .withConfig(new ConfigBuilder(client.getConfiguration())
            .withMasterUrl("http://127.0.0.1:1").withRequestRetryBackoffLimit(0).build())
        .build();
    try (unreachable) {
      assertThatThrownBy(() -> RayClusterReconciler.writeStatus(cluster, ready(), clientOnly(unreachable)))
          .isInstanceOf(KubernetesClientException.class)
          .satisfies(e -> assertThat(((KubernetesClientException) e).getCode()).isNotEqualTo(404));
    }
  }
}
