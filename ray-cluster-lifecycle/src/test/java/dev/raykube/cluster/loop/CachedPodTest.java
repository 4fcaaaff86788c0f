package dev.raykube.cluster.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.PodHealth;
import dev.raykube.cluster.RayPodFactory;
import dev.raykube.cluster.TestClusters;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import org.junit.jupiter.api.Test;

class CachedPodTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private final RayCluster cluster = TestClusters.basic("ray", "demo", 1);

  @Test
  void keepsWhatTheDecisionsReadAndIsAFractionOfTheSize() {
    cluster.getMetadata().setUid("uid-1");
    Pod worker = new RayPodFactory(ClusterBuildSettings.defaults()).worker(cluster,
        cluster.getSpec().getWorkerGroupSpecs().get(0));
    worker.getMetadata().setName("demo-workers-worker-x");
    worker.getMetadata().setResourceVersion("42");
    worker.getMetadata().setCreationTimestamp("2026-01-01T00:00:00Z");
    worker.getSpec().setRestartPolicy("Never");
    worker.setStatus(new PodStatusBuilder().withPhase("Running").withPodIP("10.0.0.7")
        .withConditions(new PodConditionBuilder().withType("Ready").withStatus("True").build())
        .withContainerStatuses(new ContainerStatusBuilder().withName("ray-worker").withImage("rayproject/ray:2.46.0")
            .withNewState().withNewTerminated().withExitCode(1).endTerminated().endState().build())
        .build());
    String before = JSON.asJson(worker);

    Pod cached = CachedPod.of(worker);

    assertThat(JSON.asJson(worker)).as("the input is not modified").isEqualTo(before);
    assertThat(cached.getMetadata().getName()).isEqualTo("demo-workers-worker-x");
    assertThat(cached.getMetadata().getResourceVersion()).isEqualTo("42");
    assertThat(cached.getMetadata().getLabels()).isEqualTo(worker.getMetadata().getLabels());
    assertThat(cached.getMetadata().getOwnerReferences()).isEqualTo(worker.getMetadata().getOwnerReferences());
    assertThat(cached.getMetadata().getCreationTimestamp()).isEqualTo("2026-01-01T00:00:00Z");
    assertThat(cached.getStatus().getPodIP()).isEqualTo("10.0.0.7");
    assertThat(PodHealth.isRunningAndReady(cached)).isEqualTo(PodHealth.isRunningAndReady(worker)).isTrue();
    assertThat(PodHealth.isBeyondRepair(cached)).as("restart policy, container names and states are kept")
        .isEqualTo(PodHealth.isBeyondRepair(worker)).isTrue();
    assertThat(cached.getSpec().getInitContainers()).isEmpty();
    assertThat(cached.getSpec().getContainers().get(0).getEnv()).isEmpty();
    assertThat(JSON.asJson(cached).length()).as("cached size vs full size")
        .isLessThan(JSON.asJson(worker).length() / 4);
  }

  @Test
  void aPodWithoutSpecOrStatusStaysWithout() {
    Pod bare = new PodBuilder().withNewMetadata().withName("bare").endMetadata().build();

    Pod cached = CachedPod.of(bare);

    assertThat(cached.getMetadata().getName()).isEqualTo("bare");
    assertThat(cached.getSpec()).isNull();
    assertThat(cached.getStatus()).isNull();
    assertThat(PodHealth.phase(cached)).isEqualTo("Pending");
  }
}
