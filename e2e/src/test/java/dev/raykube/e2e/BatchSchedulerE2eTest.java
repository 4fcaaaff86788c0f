package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.VolcanoPodGroups;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.InputStream;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code --batch-scheduler=volcano} against the real API server, with Volcano's PodGroup kind installed
 * ({@code e2e/testdata/volcano-podgroups.yaml}) but no Volcano scheduler: the operator, holding exactly the RBAC of
 * {@code ray-operator/deploy}, creates a RayCluster's PodGroup before its Pods and resizes it when the workers change;
 * the Pods name Volcano as their scheduler (and so stay unscheduled here).
 */
class BatchSchedulerE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards().namespacePrefix("volcano");

  private static final String CRD = "podgroups.scheduling.volcano.sh";

  private static KubernetesClient client;
  private static String namespace;
  private static InProcessOperator operator;

  @BeforeAll
  static void installPodGroupsAndStartOperator() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    installCrd(client, "e2e/testdata/volcano-podgroups.yaml", CRD);
    operator = InProcessOperator.start(kube.config(), kube.dashboardAccess(), "--namespaces=" + namespace,
        "--batch-scheduler=volcano");
  }

  /** Applies a CRD of {@code e2e/testdata} and waits until the API server serves it. */
  static void installCrd(KubernetesClient client, String file, String name) throws java.io.IOException {
    try (InputStream in = Files.newInputStream(ControlPlane.repositoryRoot().resolve(file))) {
      CustomResourceDefinition crd = client.apiextensions().v1().customResourceDefinitions().load(in).item();
      client.resource(crd).forceConflicts().serverSideApply();
    }
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, name + " established", () -> {
      CustomResourceDefinition crd = client.apiextensions().v1().customResourceDefinitions().withName(name).get();
      return crd != null && crd.getStatus() != null && crd.getStatus().getConditions().stream()
          .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
    });
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void aRayClusterGetsItsPodGroupBeforeItsPodsAndItIsResizedWithTheWorkers() {
    RayCluster cluster = RayClusterNetworkingE2eTest.cluster(namespace, "gang");
    cluster.getMetadata().setLabels(Map.of("volcano.sh/queue-name", "research"));
    client.resource(cluster).create();

    GenericKubernetesResource podGroup = awaitPodGroup("ray-gang-pg", spec -> Integer.valueOf(2)
        .equals(number(spec.get("minMember"))));
    assertThat(spec(podGroup)).containsEntry("queue", "research");
    assertThat(podGroup.getAdditionalProperties().get("status")).isEqualTo(Map.of("phase", "Pending"));
    assertThat(podGroup.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(owner -> assertThat(owner.getKind()).isEqualTo("RayCluster"));

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "the head and the worker Pod", () -> pods().size() == 2);
    assertThat(pods()).allSatisfy(pod -> {
      assertThat(pod.getSpec().getSchedulerName()).isEqualTo("volcano");
      assertThat(pod.getMetadata().getAnnotations()).containsEntry("scheduling.k8s.io/group-name", "ray-gang-pg");
      assertThat(pod.getMetadata().getLabels()).containsEntry("volcano.sh/queue-name", "research");
    });

    ConflictRetryingEdit.edit(client, RayCluster.class, namespace, "gang", c -> {
      c.getSpec().getWorkerGroupSpecs().get(0).setMaxReplicas(3);
      c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(3);
    });
    awaitPodGroup("ray-gang-pg", spec -> Integer.valueOf(4).equals(number(spec.get("minMember"))));
  }

  private static GenericKubernetesResource awaitPodGroup(String name,
      java.util.function.Predicate<Map<String, Object>> condition) {
    GenericKubernetesResource[] found = new GenericKubernetesResource[1];
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "PodGroup " + name, () -> {
      found[0] = client.genericKubernetesResources(VolcanoPodGroups.CONTEXT).inNamespace(namespace).withName(name)
          .get();
      return found[0] != null && condition.test(spec(found[0]));
    });
    return found[0];
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource podGroup) {
    return (Map<String, Object>) podGroup.getAdditionalProperties().get("spec");
  }

  private static Integer number(Object value) {
    return value instanceof Number n ? n.intValue() : null;
  }

  private static List<Pod> pods() {
    return client.pods().inNamespace(namespace).withLabel("ray.io/cluster", "gang").list().getItems();
  }
}
