package dev.raykube.operator.raycluster;

import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.ScaleStrategy;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster controller in the real operator runtime against the CRUD mock: how its Pods follow the spec and
 * the kubelet (scaling, {@code workersToDelete}, autoscaling, failed Pods, suspend) and the Events naming them.
 */
class RayClusterPodsTest extends RunningOperatorFixture {

  @Test
  void scalesAWorkerGroupUpAndDown() {
    harness.create(ClusterManifests.basic(NS, "scale", 1));
    await("ready with 1 worker", () -> harness.isReady(NS, "scale"));

    harness.edit(NS, "scale", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(3));
    await("3 ready workers", () -> harness.workers(NS, "scale").size() == 3 && harness.isReady(NS, "scale")
        && harness.status(NS, "scale").getReadyWorkerReplicas() == 3);

    harness.edit(NS, "scale", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(1));
    await("scaled down to 1 worker", () -> harness.workers(NS, "scale").size() == 1
        && harness.status(NS, "scale").getReadyWorkerReplicas() == 1);

    RayClusterStatus status = harness.status(NS, "scale");
    assertThat(status.getDesiredWorkerReplicas()).isEqualTo(1);
    assertThat(status.getObservedGeneration()).isEqualTo(harness.get(NS, "scale").getMetadata().getGeneration());
    assertThat(harness.events(NS, "scale", ClusterEventReason.DELETED_WORKER_POD))
        .allSatisfy(e -> assertThat(e.getMessage()).contains("more Pods than desired"));
    assertThat(podsNamed(harness.events(NS, "scale", ClusterEventReason.DELETED_WORKER_POD))).isEqualTo(2);
    assertThat(podsNamed(harness.events(NS, "scale", ClusterEventReason.CREATED_WORKER_POD))).isEqualTo(3);
  }

  @Test
  void deletesTheWorkersToDeleteAndKeepsTheGroupAtItsReplicas() {
    harness.create(ClusterManifests.basic(NS, "named", 2));
    await("ready", () -> harness.isReady(NS, "named"));
    String victim = harness.workers(NS, "named").get(0).getMetadata().getName();

    harness.edit(NS, "named", c -> c.getSpec().getWorkerGroupSpecs().get(0).setScaleStrategy(scaleStrategy(victim)));

    await("victim replaced", () -> {
      Set<String> workers = names(harness.workers(NS, "named"));
      return workers.size() == 2 && !workers.contains(victim);
    });
    assertThat(harness.events(NS, "named", ClusterEventReason.DELETED_WORKER_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains(victim, "workersToDelete"));
  }

  @Test
  void withAutoscalingOnlyTheWorkersToDeleteAreRemoved() throws Exception {
    harness.create(ClusterManifests.autoscaling(NS, "auto", 3));
    await("ready", () -> harness.isReady(NS, "auto"));
    assertThat(client.serviceAccounts().inNamespace(NS).withName("auto").get()).isNotNull();
    assertThat(client.rbac().roles().inNamespace(NS).withName("auto").get()).isNotNull();
    assertThat(client.rbac().roleBindings().inNamespace(NS).withName("auto").get()).isNotNull();
    assertThat(harness.head(NS, "auto").getSpec().getContainers()).extracting(Container::getName)
        .containsExactly("ray-head", "autoscaler");
    assertThat(reasons(harness.events(NS, "auto"))).containsEntry("CreatedServiceAccount", 1L)
        .containsEntry("CreatedRole", 1L).containsEntry("CreatedRoleBinding", 1L);

    harness.edit(NS, "auto", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(2));
    Thread.sleep(800);
    assertThat(harness.workers(NS, "auto")).as("no scale-down while the autoscaler decides").hasSize(3);

    String victim = harness.workers(NS, "auto").get(1).getMetadata().getName();
    harness.edit(NS, "auto", c -> c.getSpec().getWorkerGroupSpecs().get(0).setScaleStrategy(scaleStrategy(victim)));
    await("victim deleted", () -> !names(harness.workers(NS, "auto")).contains(victim));
    Thread.sleep(500);
    assertThat(harness.workers(NS, "auto")).hasSize(2);
    assertThat(podsNamed(harness.events(NS, "auto", ClusterEventReason.CREATED_WORKER_POD))).isEqualTo(3);
  }

  @Test
  void replacesFailedWorkerAndHeadPods() {
    harness.create(ClusterManifests.basic(NS, "heal", 2));
    await("ready", () -> harness.isReady(NS, "heal"));
    String worker = harness.workers(NS, "heal").get(0).getMetadata().getName();

    harness.pods.fail(NS, worker);
    await("worker replaced and ready", () -> {
      Set<String> workers = names(harness.workers(NS, "heal"));
      return workers.size() == 2 && !workers.contains(worker)
          && harness.status(NS, "heal").getReadyWorkerReplicas() == 2;
    });
    assertThat(harness.events(NS, "heal", ClusterEventReason.DELETED_WORKER_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains(worker, "failed and is replaced"));

    String head = harness.head(NS, "heal").getMetadata().getName();
    harness.pods.fail(NS, head);
    await("head replaced and ready", () -> {
      Pod current = harness.head(NS, "heal");
      RayClusterStatus status = harness.status(NS, "heal");
      return current != null && !current.getMetadata().getName().equals(head)
          && "True".equals(condition(status, "HeadPodReady").getStatus())
          && current.getMetadata().getName().equals(status.getHead().getPodName());
    });
    assertThat(harness.events(NS, "heal", ClusterEventReason.DELETED_HEAD_POD)).hasSize(1);
    assertThat(harness.events(NS, "heal", ClusterEventReason.CREATED_HEAD_POD)).hasSize(2);
  }

  @Test
  void suspendDeletesEveryPodAndCreatesNoneUntilResumed() throws Exception {
    harness.create(ClusterManifests.basic(NS, "nap", 2));
    await("ready", () -> harness.isReady(NS, "nap"));

    harness.edit(NS, "nap", c -> c.getSpec().setSuspend(true));
    await("suspended", () -> harness.pods(NS, "nap").isEmpty()
        && "suspended".equals(harness.status(NS, "nap").getStateValue()));
    RayClusterStatus suspended = harness.status(NS, "nap");
    assertThat(condition(suspended, "RayClusterSuspended").getStatus()).isEqualTo("True");
    assertThat(condition(suspended, "RayClusterSuspending").getStatus()).isEqualTo("False");
    assertThat(harness.events(NS, "nap", ClusterEventReason.DELETED_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("all 3 Pods"));
    Thread.sleep(600);
    assertThat(harness.pods(NS, "nap")).as("nothing is created while suspended").isEmpty();
    assertThat(harness.service(NS, "nap-head-svc")).as("the Service stays").isNotNull();

    harness.edit(NS, "nap", c -> c.getSpec().setSuspend(false));
    await("resumed and ready", () -> harness.pods(NS, "nap").size() == 3 && harness.isReady(NS, "nap"));
    assertThat(condition(harness.status(NS, "nap"), "RayClusterSuspended").getStatus()).isEqualTo("False");
  }

  private static ScaleStrategy scaleStrategy(String... names) {
    ScaleStrategy strategy = new ScaleStrategy();
    strategy.setWorkersToDelete(List.of(names));
    return strategy;
  }

  private static Set<String> names(List<Pod> pods) {
    return pods.stream().map(p -> p.getMetadata().getName()).collect(Collectors.toSet());
  }
}
