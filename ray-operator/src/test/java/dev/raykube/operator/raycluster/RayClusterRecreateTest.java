package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RecreateUpgrade;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterUpgradeStrategy;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code upgradeStrategy: Recreate} through the RayCluster controller's reconciler against the CRUD mock: the Pods
 * carry the spec hash, a Pod template change deletes them all (with an Event saying why), and the next reconciles
 * create them from the new spec; a change of replicas alone recreates nothing.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterRecreateTest {

  static KubernetesClient client;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  private static Reconciler<RayCluster> reconciler() {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    return new RayClusterController(OperatorHarness.FAST).reconciler(new ControllerContext(TestSettings.of(),
        client, registry, new ClusterStateGauges(registry), new MovableClock(Instant.parse("2026-06-01T08:00:00Z"))));
  }

  private static void reconcile(Reconciler<RayCluster> reconciler, String name) throws Exception {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace("ray").withName(name).get();
    reconciler.reconcile(cluster, TestingContext.of(client, cluster)
        .withSecondary(Pod.class, () -> new HashSet<>(pods(name)))
        .withSecondary(Service.class, () -> new HashSet<>(client.services().inNamespace("ray")
            .withLabel(RayClusterLabels.CLUSTER, name).list().getItems())));
  }

  private static List<Pod> pods(String name) {
    return client.pods().inNamespace("ray").withLabel(RayClusterLabels.CLUSTER, name).list().getItems();
  }

  private static RayCluster recreating(String name) {
    RayCluster cluster = ClusterManifests.basic("ray", name, 1);
    RayClusterUpgradeStrategy strategy = new RayClusterUpgradeStrategy();
    strategy.setType(RayClusterUpgradeType.RECREATE);
    cluster.getSpec().setUpgradeStrategy(strategy);
    return cluster;
  }

  @Test
  @DisplayName("a new head image: every Pod is deleted, then created again from the new spec with its hash")
  void aTemplateChangeRecreatesThePods() throws Exception {
    RayCluster created = client.resource(recreating("upgrade")).create();
    Reconciler<RayCluster> reconciler = reconciler();
    reconcile(reconciler, "upgrade");
    String oldHash = ClusterSpecHash.withoutReplicas(created.getSpec());
    assertThat(pods("upgrade")).hasSize(2).allSatisfy(pod -> assertThat(pod.getMetadata().getAnnotations())
        .containsEntry(RecreateUpgrade.HASH_ANNOTATION, oldHash).containsKey(RecreateUpgrade.VERSION_ANNOTATION));

    RayCluster edited = client.resources(RayCluster.class).inNamespace("ray").withName("upgrade").get();
    edited.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setImage("rayproject/ray:2.47.0");
    String newHash = ClusterSpecHash.withoutReplicas(client.resource(edited).update().getSpec());
    reconcile(reconciler, "upgrade");
    assertThat(pods("upgrade")).isEmpty();
    assertThat(client.v1().events().inNamespace("ray").list().getItems()).extracting(Event::getMessage)
        .anyMatch(m -> m.contains("Deleted all 2 Pods") && m.contains("upgradeStrategy Recreate"));

    for (int i = 0; i < 3 && pods("upgrade").size() < 2; i++) {
      reconcile(reconciler, "upgrade");
    }
    assertThat(pods("upgrade")).hasSize(2).allSatisfy(pod -> assertThat(pod.getMetadata().getAnnotations())
        .containsEntry(RecreateUpgrade.HASH_ANNOTATION, newHash));
    assertThat(pods("upgrade")).filteredOn(p -> "head".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
        .singleElement().satisfies(head -> assertThat(head.getSpec().getContainers().get(0).getImage())
            .isEqualTo("rayproject/ray:2.47.0"));
  }

  @Test
  @DisplayName("a change of a group's replicas recreates nothing: the new worker joins the Pods already there")
  void replicasAloneRecreateNothing() throws Exception {
    client.resource(recreating("scale")).create();
    Reconciler<RayCluster> reconciler = reconciler();
    reconcile(reconciler, "scale");
    List<String> before = pods("scale").stream().map(p -> p.getMetadata().getName()).toList();

    RayCluster edited = client.resources(RayCluster.class).inNamespace("ray").withName("scale").get();
    edited.getSpec().getWorkerGroupSpecs().get(0).setReplicas(2);
    client.resource(edited).update();
    reconcile(reconciler, "scale");
    assertThat(pods("scale")).hasSize(3).extracting(p -> p.getMetadata().getName()).containsAll(before);
  }
}
