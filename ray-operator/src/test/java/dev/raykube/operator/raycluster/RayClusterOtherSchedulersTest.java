package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.YuniKornTaskGroups;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.cluster.loop.VolcanoPodGroups;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * {@code --batch-scheduler=yunikorn}, {@code kai-scheduler} and {@code scheduler-plugins} through the RayCluster
 * controller's reconciler ({@link DirectRayClusters}): every Pod names the scheduler and carries its labels; a
 * YuniKorn gang's Pods carry the task groups and their own group; a scheduler-plugins gang gets its PodGroup once.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterOtherSchedulersTest {

  static KubernetesClient client;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @Test
  @DisplayName("yunikorn: applicationId and queue on every Pod; with the gang label, task groups and task group names")
  void yuniKorn() {
    DirectRayClusters bed = new DirectRayClusters(client, "--batch-scheduler=yunikorn");
    RayCluster cluster = ClusterManifests.basic(bed.ns, "yk", 2);
    cluster.getMetadata().setLabels(Map.of("yunikorn.apache.org/app-id", "app-7", "yunikorn.apache.org/queue",
        "root.ml", "ray.io/gang-scheduling-enabled", "false"));
    String group = cluster.getSpec().getWorkerGroupSpecs().get(0).getGroupName();
    bed.create(cluster);
    bed.settle("yk");

    String taskGroups = YuniKornTaskGroups.forCluster(bed.get("yk").getSpec());
    assertThat(taskGroups).contains("\"name\":\"headgroup\"", "\"name\":\"" + group + "\"");
    Pod head = bed.head("yk");
    assertThat(head.getSpec().getSchedulerName()).isEqualTo("yunikorn");
    assertThat(head.getMetadata().getLabels()).containsEntry("applicationId", "app-7")
        .containsEntry("queue", "root.ml");
    assertThat(head.getMetadata().getAnnotations()).containsEntry("yunikorn.apache.org/task-groups", taskGroups)
        .containsEntry("yunikorn.apache.org/task-group-name", "headgroup");
    assertThat(bed.workers("yk")).hasSize(2).allSatisfy(worker -> assertThat(worker.getMetadata().getAnnotations())
        .containsEntry("yunikorn.apache.org/task-group-name", group));
    assertThat(client.genericKubernetesResources(VolcanoPodGroups.CONTEXT).inNamespace(bed.ns).list().getItems())
        .isEmpty();
  }

  @Test
  @DisplayName("yunikorn without the gang label: no task groups")
  void yuniKornWithoutGang() {
    DirectRayClusters bed = new DirectRayClusters(client, "--batch-scheduler=yunikorn");
    bed.create(ClusterManifests.basic(bed.ns, "solo", 1));
    bed.settle("solo");

    assertThat(bed.head("solo").getSpec().getSchedulerName()).isEqualTo("yunikorn");
    assertThat(bed.head("solo").getMetadata().getAnnotations()).doesNotContainKey("yunikorn.apache.org/task-groups");
  }

  @Test
  @DisplayName("scheduler-plugins: a gang's PodGroup is created once, at its first size; other clusters get none")
  void schedulerPlugins() {
    DirectRayClusters bed = new DirectRayClusters(client, "--batch-scheduler=scheduler-plugins");
    RayCluster cluster = ClusterManifests.basic(bed.ns, "sp", 2);
    cluster.getMetadata().setLabels(Map.of("ray.io/gang-scheduling-enabled", "yes"));
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    bed.create(cluster);
    bed.create(ClusterManifests.basic(bed.ns, "plain", 1));
    bed.settle("sp");
    bed.settle("plain");

    GenericKubernetesResource podGroup = podGroup(bed, "sp");
    assertThat(podGroup.getApiVersion()).isEqualTo("scheduling.x-k8s.io/v1alpha1");
    assertThat(spec(podGroup)).as("desired, autoscaling ignored")
        .containsEntry("minMember", 3).containsEntry("minResources", Map.of("cpu", "4", "memory", "8Gi"));
    assertThat(podGroup.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getKind()).isEqualTo("RayCluster");
      assertThat(owner.getController()).as("not a controller reference").isNull();
    });
    assertThat(bed.pods("sp")).isNotEmpty().allSatisfy(pod -> {
      assertThat(pod.getSpec().getSchedulerName()).isEqualTo("scheduler-plugins-scheduler");
      assertThat(pod.getMetadata().getLabels()).containsEntry("scheduling.x-k8s.io/pod-group", "sp");
    });
    assertThat(podGroup(bed, "plain")).isNull();
    assertThat(bed.head("plain").getSpec().getSchedulerName()).isEqualTo("scheduler-plugins-scheduler");
    assertThat(bed.head("plain").getMetadata().getLabels()).doesNotContainKey("scheduling.x-k8s.io/pod-group");

    bed.edit("sp", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(4));
    bed.settle("sp");
    assertThat(spec(podGroup(bed, "sp"))).as("never updated")
        .containsEntry("minMember", 3);
    assertThat(bed.events("sp", ClusterEventReason.CREATED_POD_GROUP)).hasSize(1);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> spec(GenericKubernetesResource podGroup) {
    return (Map<String, Object>) podGroup.getAdditionalProperties().get("spec");
  }

  private static GenericKubernetesResource podGroup(DirectRayClusters bed, String name) {
    return client.genericKubernetesResources(new ResourceDefinitionContext.Builder().withGroup("scheduling.x-k8s.io")
        .withVersion("v1alpha1").withKind("PodGroup").withPlural("podgroups").withNamespaced(true).build())
        .inNamespace(bed.ns).withName(name).get();
  }

  @Test
  @DisplayName("kai-scheduler: its queue label and scheduler on every Pod")
  void kai() {
    DirectRayClusters bed = new DirectRayClusters(client, "--batch-scheduler=kai-scheduler");
    RayCluster cluster = ClusterManifests.basic(bed.ns, "kai", 1);
    cluster.getMetadata().setLabels(Map.of("kai.scheduler/queue", "team-a"));
    bed.create(cluster);
    bed.settle("kai");

    assertThat(bed.pods("kai")).hasSize(2).allSatisfy(pod -> {
      assertThat(pod.getSpec().getSchedulerName()).isEqualTo("kai-scheduler");
      assertThat(pod.getMetadata().getLabels()).containsEntry("kai.scheduler/queue", "team-a");
    });
  }
}
