package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.cluster.RecreateUpgrade;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterUpgradeStrategy;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code upgradeStrategy: Recreate} through the RayCluster controller's reconciler ({@link DirectRayClusters}): the
 * Pods carry the spec hash, a Pod template change deletes them all (with an Event saying why), and the next reconciles
 * create them from the new spec; a change of replicas alone recreates nothing.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterRecreateTest {

  static KubernetesClient client;

  private DirectRayClusters bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void newBed() {
    bed = new DirectRayClusters(client);
  }

  private RayCluster recreating(String name) {
    RayCluster cluster = ClusterManifests.basic(bed.ns, name, 1);
    RayClusterUpgradeStrategy strategy = new RayClusterUpgradeStrategy();
    strategy.setType(RayClusterUpgradeType.RECREATE);
    cluster.getSpec().setUpgradeStrategy(strategy);
    return cluster;
  }

  @Test
  @DisplayName("a new head image: every Pod is deleted, then created again from the new spec with its hash")
  void aTemplateChangeRecreatesThePods() {
    RayCluster created = bed.create(recreating("upgrade"));
    bed.step("upgrade");
    String oldHash = ClusterSpecHash.withoutReplicas(created.getSpec());
    assertThat(bed.pods("upgrade")).hasSize(2).allSatisfy(pod -> assertThat(pod.getMetadata().getAnnotations())
        .containsEntry(RecreateUpgrade.HASH_ANNOTATION, oldHash).containsKey(RecreateUpgrade.VERSION_ANNOTATION));

    RayCluster edited = bed.edit("upgrade", c -> c.getSpec().getHeadGroupSpec().getTemplate().getSpec()
        .getContainers().get(0).setImage("rayproject/ray:2.47.0"));
    String newHash = ClusterSpecHash.withoutReplicas(edited.getSpec());
    bed.step("upgrade");
    assertThat(bed.pods("upgrade")).isEmpty();
    assertThat(bed.events("upgrade")).extracting(Event::getMessage)
        .anyMatch(m -> m.contains("Deleted all 2 Pods") && m.contains("upgradeStrategy Recreate"));

    bed.runUntil("upgrade", "recreated", c -> bed.pods("upgrade").size() == 2);
    assertThat(bed.pods("upgrade")).allSatisfy(pod -> assertThat(pod.getMetadata().getAnnotations())
        .containsEntry(RecreateUpgrade.HASH_ANNOTATION, newHash));
    assertThat(bed.head("upgrade").getSpec().getContainers().get(0).getImage()).isEqualTo("rayproject/ray:2.47.0");
  }

  @Test
  @DisplayName("a change of a group's replicas recreates nothing: the new worker joins the Pods already there")
  void replicasAloneRecreateNothing() {
    bed.create(recreating("scale"));
    bed.step("scale");
    List<String> before = bed.pods("scale").stream().map(p -> p.getMetadata().getName()).toList();

    bed.edit("scale", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(2));
    bed.step("scale");
    assertThat(bed.pods("scale")).hasSize(3).extracting(p -> p.getMetadata().getName()).containsAll(before);
  }
}
