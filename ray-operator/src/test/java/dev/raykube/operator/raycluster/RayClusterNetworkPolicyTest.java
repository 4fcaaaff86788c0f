package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.ClusterNetworkPolicy;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code spec.networkPolicy} through the RayCluster controller's reconciler ({@link DirectRayClusters}): with the gate
 * {@code RayClusterNetworkPolicy} on, the head's and each group's policies are created, a removed group's policy is
 * deleted, an edited policy is repaired and a foreign policy of a wanted name is a collision; with the gate off, such
 * a RayCluster is refused.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterNetworkPolicyTest {

  private static final String GATE_ON = "--feature-gates=RayClusterNetworkPolicy=true";

  static KubernetesClient client;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  private static RayCluster withPolicy(DirectRayClusters bed, String name) {
    RayCluster cluster = ClusterManifests.basic(bed.ns, name, 1);
    cluster.getSpec().setNetworkPolicy(new ClusterNetworkPolicy());
    WorkerGroupSpec second = new KubernetesSerialization().clone(cluster.getSpec().getWorkerGroupSpecs().get(0));
    second.setGroupName("gpu");
    List<WorkerGroupSpec> groups = new ArrayList<>(cluster.getSpec().getWorkerGroupSpecs());
    groups.add(second);
    cluster.getSpec().setWorkerGroupSpecs(groups);
    return cluster;
  }

  private static List<String> policies(DirectRayClusters bed) {
    return client.network().v1().networkPolicies().inNamespace(bed.ns).list().getItems().stream()
        .map(p -> p.getMetadata().getName()).sorted().toList();
  }

  private static NetworkPolicy policy(DirectRayClusters bed, String name) {
    return client.network().v1().networkPolicies().inNamespace(bed.ns).withName(name).get();
  }

  @Test
  @DisplayName("gate on: created per head and group, a removed group's deleted, an edit repaired at the recheck")
  void createdDeletedAndRepaired() {
    DirectRayClusters bed = new DirectRayClusters(client, GATE_ON);
    String group = ClusterManifests.basic(bed.ns, "x", 1).getSpec().getWorkerGroupSpecs().get(0).getGroupName();
    bed.create(withPolicy(bed, "np"));
    bed.settle("np");

    assertThat(policies(bed)).containsExactlyInAnyOrder("np-head", "np-workers-" + group, "np-workers-gpu");
    assertThat(bed.events("np", ClusterEventReason.CREATED_NETWORK_POLICY)).hasSize(3);
    assertThat(policy(bed, "np-head").getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
    assertThat(bed.head("np")).as("the Pods are reconciled as usual").isNotNull();

    bed.edit("np", c -> c.getSpec().setWorkerGroupSpecs(new ArrayList<>(List.of(c.getSpec().getWorkerGroupSpecs()
        .get(0)))));
    bed.step("np");
    assertThat(policies(bed)).containsExactlyInAnyOrder("np-head", "np-workers-" + group);
    assertThat(bed.events("np", ClusterEventReason.DELETED_NETWORK_POLICY)).hasSize(1);

    client.resource(new NetworkPolicyBuilder(policy(bed, "np-head")).editSpec().withPolicyTypes("Ingress")
        .withEgress(List.of()).endSpec().build()).update();
    bed.step("np");
    assertThat(policy(bed, "np-head").getSpec().getPolicyTypes()).as("not before the recheck")
        .containsExactly("Ingress");
    bed.clock.advance(DirectRayClusters.TIMINGS.objectRecheck().plusSeconds(1));
    bed.step("np");
    assertThat(policy(bed, "np-head").getSpec().getPolicyTypes()).containsExactly("Ingress", "Egress");
    assertThat(bed.events("np", ClusterEventReason.UPDATED_NETWORK_POLICY)).hasSize(1);

    bed.edit("np", c -> c.getSpec().setNetworkPolicy(null));
    bed.step("np");
    assertThat(policies(bed)).as("networkPolicy removed: every owned policy goes").isEmpty();
  }

  @Test
  @DisplayName("gate on: a foreign policy of a wanted name is a Warning NetworkPolicyNameCollision and left alone")
  void aForeignPolicyIsACollision() {
    DirectRayClusters bed = new DirectRayClusters(client, GATE_ON);
    client.resource(new NetworkPolicyBuilder().withNewMetadata().withName("other-head").withNamespace(bed.ns)
        .endMetadata().withNewSpec().withNewPodSelector().endPodSelector().withPolicyTypes("Ingress").endSpec()
        .build()).create();

    bed.create(withPolicy(bed, "other"));
    bed.step("other");
    bed.step("other");

    assertThat(bed.events("other", ClusterEventReason.NETWORK_POLICY_NAME_COLLISION)).isNotEmpty()
        .allSatisfy(e -> assertThat(e.getType()).isEqualTo("Warning"));
    assertThat(policy(bed, "other-head").getMetadata().getOwnerReferences()).isNullOrEmpty();
    assertThat(policies(bed)).contains("other-workers-gpu");
    assertThat(bed.head("other")).as("a collision does not stop the Pods").isNotNull();
  }

  @Test
  @DisplayName("gate off: a RayCluster with networkPolicy is refused and gets no policies")
  void gateOffRefuses() {
    DirectRayClusters bed = new DirectRayClusters(client);
    bed.create(withPolicy(bed, "off"));
    bed.step("off");

    assertThat(bed.events("off", ClusterEventReason.INVALID_SPEC)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("RayClusterNetworkPolicy"));
    assertThat(policies(bed)).isEmpty();
    assertThat(bed.pods("off")).isEmpty();
  }
}
