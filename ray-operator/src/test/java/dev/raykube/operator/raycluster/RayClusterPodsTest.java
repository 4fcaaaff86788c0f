package dev.raykube.operator.raycluster;

import static dev.raykube.operator.raycluster.DirectRayClusters.condition;
import static dev.raykube.operator.raycluster.DirectRayClusters.READY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.ScaleStrategy;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The RayCluster controller's reconciler, called one reconcile at a time ({@link DirectRayClusters}) on the CRUD mock:
 * how its Pods follow the spec and the kubelet (scaling, {@code workersToDelete}, autoscaling, failed Pods, suspend)
 * and the Events naming them.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterPodsTest {

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

  @Test
  void scalesAWorkerGroupUpAndDown() {
    bed.create(ClusterManifests.basic(bed.ns, "scale", 1));
    bed.runUntil("scale", "ready with 1 worker", READY);

    bed.edit("scale", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(3));
    bed.runUntil("scale", "3 ready workers", c -> READY.test(c) && bed.workers("scale").size() == 3
        && c.getStatus().getReadyWorkerReplicas() == 3);

    bed.edit("scale", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(1));
    bed.runUntil("scale", "scaled down to 1 worker", c -> bed.workers("scale").size() == 1
        && c.getStatus().getReadyWorkerReplicas() == 1);

    RayClusterStatus status = bed.get("scale").getStatus();
    assertThat(status.getDesiredWorkerReplicas()).isEqualTo(1);
    assertThat(status.getObservedGeneration()).isEqualTo(bed.get("scale").getMetadata().getGeneration());
    assertThat(bed.events("scale", ClusterEventReason.DELETED_WORKER_POD))
        .allSatisfy(e -> assertThat(e.getMessage()).contains("more Pods than desired"));
    assertThat(bed.podsNamed(bed.events("scale", ClusterEventReason.DELETED_WORKER_POD))).isEqualTo(2);
    assertThat(bed.podsNamed(bed.events("scale", ClusterEventReason.CREATED_WORKER_POD))).isEqualTo(3);
  }

  @Test
  void deletesTheWorkersToDeleteAndKeepsTheGroupAtItsReplicas() {
    bed.create(ClusterManifests.basic(bed.ns, "named", 2));
    bed.runUntil("named", "ready", READY);
    String victim = bed.workers("named").get(0).getMetadata().getName();

    bed.edit("named", c -> c.getSpec().getWorkerGroupSpecs().get(0).setScaleStrategy(scaleStrategy(victim)));

    bed.runUntil("named", "victim replaced", c -> {
      Set<String> workers = names(bed.workers("named"));
      return workers.size() == 2 && !workers.contains(victim);
    });
    assertThat(bed.events("named", ClusterEventReason.DELETED_WORKER_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains(victim, "workersToDelete"));
  }

  @Test
  void withAutoscalingOnlyTheWorkersToDeleteAreRemoved() {
    bed.create(ClusterManifests.autoscaling(bed.ns, "auto", 3));
    bed.runUntil("auto", "ready", READY);
    assertThat(client.serviceAccounts().inNamespace(bed.ns).withName("auto").get()).isNotNull();
    assertThat(client.rbac().roles().inNamespace(bed.ns).withName("auto").get()).isNotNull();
    assertThat(client.rbac().roleBindings().inNamespace(bed.ns).withName("auto").get()).isNotNull();
    assertThat(bed.head("auto").getSpec().getContainers()).extracting(Container::getName)
        .containsExactly("ray-head", "autoscaler");
    assertThat(bed.events("auto", ClusterEventReason.CREATED_SERVICE_ACCOUNT)).hasSize(1);
    assertThat(bed.events("auto", ClusterEventReason.CREATED_ROLE)).hasSize(1);
    assertThat(bed.events("auto", ClusterEventReason.CREATED_ROLE_BINDING)).hasSize(1);

    bed.edit("auto", c -> c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(2));
    bed.settle("auto");
    assertThat(bed.workers("auto")).as("no scale-down while the autoscaler decides").hasSize(3);

    String victim = bed.workers("auto").get(1).getMetadata().getName();
    bed.edit("auto", c -> c.getSpec().getWorkerGroupSpecs().get(0).setScaleStrategy(scaleStrategy(victim)));
    bed.runUntil("auto", "victim deleted", c -> !names(bed.workers("auto")).contains(victim));
    bed.settle("auto");
    assertThat(bed.workers("auto")).as("not replaced").hasSize(2);
    assertThat(bed.podsNamed(bed.events("auto", ClusterEventReason.CREATED_WORKER_POD))).isEqualTo(3);
  }

  @Test
  void replacesFailedWorkerAndHeadPods() {
    bed.create(ClusterManifests.basic(bed.ns, "heal", 2));
    bed.runUntil("heal", "ready", READY);
    Pod worker = bed.workers("heal").get(0);

    bed.fail(worker);
    bed.runUntil("heal", "worker replaced and ready", c -> {
      Set<String> workers = names(bed.workers("heal"));
      return workers.size() == 2 && !workers.contains(worker.getMetadata().getName())
          && c.getStatus().getReadyWorkerReplicas() == 2;
    });
    assertThat(bed.events("heal", ClusterEventReason.DELETED_WORKER_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains(worker.getMetadata().getName(), "failed and is replaced"));

    Pod head = bed.head("heal");
    bed.fail(head);
    bed.runUntil("heal", "head replaced and ready", c -> {
      Pod current = bed.head("heal");
      return current != null && !current.getMetadata().getName().equals(head.getMetadata().getName())
          && "True".equals(condition(c.getStatus(), "HeadPodReady").getStatus())
          && current.getMetadata().getName().equals(c.getStatus().getHead().getPodName());
    });
    assertThat(bed.events("heal", ClusterEventReason.DELETED_HEAD_POD)).hasSize(1);
    assertThat(bed.events("heal", ClusterEventReason.CREATED_HEAD_POD)).hasSize(2);
  }

  @Test
  void suspendDeletesEveryPodAndCreatesNoneUntilResumed() {
    bed.create(ClusterManifests.basic(bed.ns, "nap", 2));
    bed.runUntil("nap", "ready", READY);

    bed.edit("nap", c -> c.getSpec().setSuspend(true));
    bed.runUntil("nap", "suspended", c -> bed.pods("nap").isEmpty()
        && "suspended".equals(c.getStatus().getStateValue()));
    RayClusterStatus suspended = bed.get("nap").getStatus();
    assertThat(condition(suspended, "RayClusterSuspended").getStatus()).isEqualTo("True");
    assertThat(condition(suspended, "RayClusterSuspending").getStatus()).isEqualTo("False");
    assertThat(bed.events("nap", ClusterEventReason.DELETED_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("all 3 Pods"));
    bed.settle("nap");
    assertThat(bed.pods("nap")).as("nothing is created while suspended").isEmpty();
    assertThat(bed.service("nap-head-svc")).as("the Service stays").isNotNull();

    bed.edit("nap", c -> c.getSpec().setSuspend(false));
    bed.runUntil("nap", "resumed and ready", c -> bed.pods("nap").size() == 3 && READY.test(c));
    assertThat(condition(bed.get("nap").getStatus(), "RayClusterSuspended").getStatus()).isEqualTo("False");
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
