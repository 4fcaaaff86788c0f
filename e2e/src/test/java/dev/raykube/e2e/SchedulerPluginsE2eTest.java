package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --batch-scheduler=scheduler-plugins} against the real API server, with the coscheduling PodGroup kind
 * installed ({@code e2e/testdata/scheduler-plugins-podgroups.yaml}): the operator, holding exactly the RBAC of
 * {@code ray-operator/deploy}, creates the PodGroup of a RayCluster labelled {@code ray.io/gang-scheduling-enabled}
 * before its Pods, and labels them with it.
 */
class SchedulerPluginsE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards().namespacePrefix("coscheduling");

  private static final ResourceDefinitionContext PODGROUPS = new ResourceDefinitionContext.Builder()
      .withGroup("scheduling.x-k8s.io").withVersion("v1alpha1").withKind("PodGroup").withPlural("podgroups")
      .withNamespaced(true).build();

  private static KubernetesClient client;
  private static String namespace;
  private static InProcessOperator operator;

  @BeforeAll
  static void installPodGroupsAndStartOperator() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    BatchSchedulerE2eTest.installCrd(client, "e2e/testdata/scheduler-plugins-podgroups.yaml",
        "podgroups.scheduling.x-k8s.io");
    operator = InProcessOperator.start(kube.config(), kube.dashboardAccess(), "--namespaces=" + namespace,
        "--batch-scheduler=scheduler-plugins");
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void aGangClusterGetsItsPodGroupAndItsPodsAreLabelledWithIt() {
    RayCluster cluster = RayClusterNetworkingE2eTest.cluster(namespace, "cosched");
    cluster.getMetadata().setLabels(Map.of("ray.io/gang-scheduling-enabled", "true"));
    client.resource(cluster).create();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "PodGroup cosched", () -> client.genericKubernetesResources(
        PODGROUPS).inNamespace(namespace).withName("cosched").get() != null);
    GenericKubernetesResource podGroup = client.genericKubernetesResources(PODGROUPS).inNamespace(namespace)
        .withName("cosched").get();
    assertThat(((Map<?, ?>) podGroup.getAdditionalProperties().get("spec")).get("minMember")).isEqualTo(2);
    assertThat(podGroup.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(owner -> assertThat(owner.getName()).isEqualTo("cosched"));

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "the head and the worker Pod", () -> pods().size() == 2);
    assertThat(pods()).allSatisfy(pod -> {
      assertThat(pod.getSpec().getSchedulerName()).isEqualTo("scheduler-plugins-scheduler");
      assertThat(pod.getMetadata().getLabels()).containsEntry("scheduling.x-k8s.io/pod-group", "cosched");
    });
  }

  private static List<Pod> pods() {
    return client.pods().inNamespace(namespace).withLabel("ray.io/cluster", "cosched").list().getItems();
  }
}
