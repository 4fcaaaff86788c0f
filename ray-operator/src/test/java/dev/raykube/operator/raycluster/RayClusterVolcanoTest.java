package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.cluster.loop.VolcanoPodGroups;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code --batch-scheduler=volcano} through the RayCluster controller's reconciler ({@link DirectRayClusters}): each
 * RayCluster gets its PodGroup before its Pods, sized to the head and its workers and resized when they change; every
 * Pod is handed to Volcano with its group and task; a RayCluster a RayJob created joins the RayJob's group; a PodGroup
 * that cannot be made holds the Pods back.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterVolcanoTest {

  private static final String VOLCANO = "--batch-scheduler=volcano";

  static KubernetesClient client;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  private static GenericKubernetesResource podGroup(DirectRayClusters bed, String name) {
    return client.genericKubernetesResources(VolcanoPodGroups.CONTEXT).inNamespace(bed.ns).withName(name).get();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource podGroup) {
    return (Map<String, Object>) podGroup.getAdditionalProperties().get("spec");
  }

  @Test
  @DisplayName("volcano: a PodGroup per cluster before its Pods, resized with the workers; Pods carry group and task")
  void podGroupAndPodFields() {
    DirectRayClusters bed = new DirectRayClusters(client, VOLCANO);
    RayCluster cluster = ClusterManifests.basic(bed.ns, "gang", 2);
    cluster.getMetadata().setLabels(Map.of("volcano.sh/queue-name", "research",
        "ray.io/priority-class-name", "high"));
    cluster.getMetadata().setAnnotations(Map.of("team", "ml"));
    String group = cluster.getSpec().getWorkerGroupSpecs().get(0).getGroupName();
    bed.create(cluster);
    bed.settle("gang");

    GenericKubernetesResource podGroup = podGroup(bed, "ray-gang-pg");
    assertThat(podGroup).isNotNull();
    assertThat(spec(podGroup)).containsEntry("minMember", 3).containsEntry("queue", "research")
        .containsEntry("priorityClassName", "high")
        .containsEntry("minResources", Map.of("cpu", "4", "memory", "8Gi"));
    assertThat(podGroup.getMetadata().getAnnotations()).containsEntry("team", "ml");
    assertThat(podGroup.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getKind()).isEqualTo("RayCluster");
      assertThat(owner.getUid()).isEqualTo(bed.get("gang").getMetadata().getUid());
      assertThat(owner.getController()).isTrue();
    });
    assertThat(bed.events("gang", ClusterEventReason.CREATED_POD_GROUP)).hasSize(1);

    Pod head = bed.head("gang");
    assertThat(head.getSpec().getSchedulerName()).isEqualTo("volcano");
    assertThat(head.getMetadata().getAnnotations()).containsEntry("scheduling.k8s.io/group-name", "ray-gang-pg")
        .containsEntry("volcano.sh/task-spec", "headgroup");
    assertThat(head.getMetadata().getLabels()).containsEntry("volcano.sh/queue-name", "research")
        .containsEntry("ray.io/priority-class-name", "high");
    assertThat(head.getSpec().getPriorityClassName()).isNull();
    assertThat(bed.workers("gang")).hasSize(2).allSatisfy(worker -> {
      assertThat(worker.getSpec().getSchedulerName()).isEqualTo("volcano");
      assertThat(worker.getMetadata().getAnnotations()).containsEntry("volcano.sh/task-spec", group)
          .containsEntry("scheduling.k8s.io/group-name", "ray-gang-pg");
    });

    bed.edit("gang", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(4));
    bed.settle("gang");
    assertThat(spec(podGroup(bed, "ray-gang-pg"))).containsEntry("minMember", 5)
        .containsEntry("minResources", Map.of("cpu", "6", "memory", "12Gi")).containsEntry("queue", "research");
    assertThat(bed.events("gang", ClusterEventReason.UPDATED_POD_GROUP)).hasSize(1);
    assertThat(bed.workers("gang")).hasSize(4);

    bed.step("gang");
    assertThat(bed.events("gang", ClusterEventReason.UPDATED_POD_GROUP)).as("unchanged: no write").hasSize(1);
  }

  @Test
  @DisplayName("volcano with autoscaling: the PodGroup holds the head and the minimum workers")
  void autoscalingCountsMinReplicas() {
    DirectRayClusters bed = new DirectRayClusters(client, VOLCANO);
    RayCluster cluster = ClusterManifests.basic(bed.ns, "auto", 3);
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    cluster.getSpec().getWorkerGroupSpecs().get(0).setMinReplicas(1);
    bed.create(cluster);
    bed.step("auto");

    assertThat(spec(podGroup(bed, "ray-auto-pg"))).containsEntry("minMember", 2)
        .containsEntry("minResources", Map.of("cpu", "3", "memory", "6Gi"));
  }

  @Test
  @DisplayName("volcano: a RayJob's cluster joins the RayJob's PodGroup and makes none of its own")
  void aRayJobsClusterJoinsTheJobsGroup() {
    DirectRayClusters bed = new DirectRayClusters(client, VOLCANO);
    RayCluster cluster = ClusterManifests.basic(bed.ns, "job-1-abcde", 1);
    cluster.getMetadata().setLabels(Map.of("ray.io/originated-from-crd", "RayJob",
        "ray.io/originated-from-cr-name", "job-1", "volcano.sh/queue-name", "batch"));
    bed.create(cluster);
    bed.settle("job-1-abcde");

    assertThat(client.genericKubernetesResources(VolcanoPodGroups.CONTEXT).inNamespace(bed.ns).list().getItems())
        .isEmpty();
    assertThat(bed.head("job-1-abcde").getMetadata().getAnnotations())
        .containsEntry("scheduling.k8s.io/group-name", "ray-job-1-pg");
    assertThat(bed.head("job-1-abcde").getMetadata().getLabels()).containsEntry("volcano.sh/queue-name", "batch");
  }

  @Test
  @DisplayName("volcano: a PodGroup that cannot be made is a Warning, and no Pod is created until it can")
  void aPodGroupThatCannotBeMadeHoldsThePodsBack() {
    DirectRayClusters bed = new DirectRayClusters(client, VOLCANO);
    RayCluster cluster = ClusterManifests.basic(bed.ns, "bad", 1);
    cluster.getMetadata().setLabels(Map.of("volcano.sh/network-topology-mode", "hard",
        "volcano.sh/network-topology-highest-tier-allowed", "top"));
    bed.create(cluster);
    bed.step("bad");

    assertThat(bed.events("bad", ClusterEventReason.FAILED_TO_SYNC_POD_GROUP)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("is not an integer: 'top'"));
    assertThat(bed.pods("bad")).isEmpty();
    assertThat(podGroup(bed, "ray-bad-pg")).isNull();

    bed.edit("bad", c -> c.getMetadata().getLabels().put("volcano.sh/network-topology-highest-tier-allowed", "2"));
    bed.settle("bad");
    assertThat(spec(podGroup(bed, "ray-bad-pg"))).containsEntry("networkTopology",
        Map.of("mode", "hard", "highestTierAllowed", 2));
    assertThat(bed.pods("bad")).hasSize(2);
  }

  @Test
  @DisplayName("no batch scheduler: no PodGroup, and the template's schedulerName stays")
  void withoutTheFlagNothingChanges() {
    DirectRayClusters bed = new DirectRayClusters(client);
    RayCluster cluster = ClusterManifests.basic(bed.ns, "plain", 1);
    cluster.getMetadata().setLabels(Map.of("volcano.sh/queue-name", "research"));
    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setSchedulerName("my-scheduler");
    bed.create(cluster);
    bed.settle("plain");

    assertThat(podGroup(bed, "ray-plain-pg")).isNull();
    assertThat(bed.head("plain").getSpec().getSchedulerName()).isEqualTo("my-scheduler");
    assertThat(bed.head("plain").getMetadata().getAnnotations()).doesNotContainKey("volcano.sh/task-spec");
  }
}
