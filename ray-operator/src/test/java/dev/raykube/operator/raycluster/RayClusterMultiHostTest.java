package dev.raykube.operator.raycluster;

import static dev.raykube.operator.raycluster.DirectRayClusters.READY;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.ScaleStrategy;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Multi-host worker groups (KubeRay v1.7.0's {@code RayMultiHostIndexing}, on by default) through the RayCluster
 * controller's reconciler on the CRUD mock ({@link DirectRayClusters}): whole replicas with their labels, a lost host
 * replacing its replica, {@code workersToDelete} taking a replica, and the gate turned off.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterMultiHostTest {

  static KubernetesClient client;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  private static RayCluster multiHost(String namespace, String name) {
    RayCluster cluster = ClusterManifests.basic(namespace, name, 2);
    cluster.getSpec().getWorkerGroupSpecs().get(0).setNumOfHosts(2);
    return cluster;
  }

  @Test
  void twoReplicasOfTwoHostsAreFourLabelledPods() {
    DirectRayClusters bed = new DirectRayClusters(client);
    bed.create(multiHost(bed.ns, "tpu"));
    bed.runUntil("tpu", "ready with 4 workers", c -> READY.test(c) && bed.workers("tpu").size() == 4);

    Map<String, Set<String>> replicas = replicas(bed.workers("tpu"));
    String group = bed.get("tpu").getSpec().getWorkerGroupSpecs().get(0).getGroupName();
    assertThat(replicas).hasSize(2).allSatisfy((name, hosts) -> {
      assertThat(name).matches(group + "-[a-z0-9]{5}");
      assertThat(hosts).containsExactly("0", "1");
    });
    assertThat(bed.workers("tpu")).extracting(p -> label(p, RayClusterLabels.WORKER_GROUP_REPLICA_INDEX))
        .containsExactlyInAnyOrder("0", "0", "1", "1");
    assertThat(bed.get("tpu").getStatus().getDesiredWorkerReplicas()).isEqualTo(4);

    Service headless = bed.service("tpu-headless");
    assertThat(headless).as("the headless worker Service").isNotNull();
    assertThat(headless.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(headless.getSpec().getSelector()).containsEntry("ray.io/node-type", "worker");
    assertThat(headless.getMetadata().getLabels()).containsEntry("ray.io/headless-worker-svc", "tpu");
  }

  @Test
  void aDeletedHostHasItsWholeReplicaReplacedAtTheSameIndex() {
    DirectRayClusters bed = new DirectRayClusters(client);
    bed.create(multiHost(bed.ns, "lost"));
    bed.runUntil("lost", "ready with 4 workers", c -> READY.test(c) && bed.workers("lost").size() == 4);
    Pod victim = bed.workers("lost").stream()
        .filter(p -> "1".equals(label(p, RayClusterLabels.WORKER_GROUP_REPLICA_INDEX))).findFirst().orElseThrow();
    String lostReplica = label(victim, RayClusterLabels.WORKER_GROUP_REPLICA_NAME);
    Set<String> before = names(bed.workers("lost"));

    client.pods().inNamespace(bed.ns).withName(victim.getMetadata().getName()).delete();

    bed.runUntil("lost", "the replica replaced", c -> READY.test(c) && bed.workers("lost").size() == 4
        && !replicas(bed.workers("lost")).containsKey(lostReplica));
    Set<String> kept = names(bed.workers("lost"));
    kept.retainAll(before);
    assertThat(kept).as("the other replica is untouched").hasSize(2);
    assertThat(bed.workers("lost")).filteredOn(p -> !before.contains(p.getMetadata().getName()))
        .extracting(p -> label(p, RayClusterLabels.WORKER_GROUP_REPLICA_INDEX)).containsExactly("1", "1");
    assertThat(bed.events("lost", ClusterEventReason.DELETED_WORKER_POD)).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).contains("incomplete multi-host replica"));
  }

  @Test
  void aNameInWorkersToDeleteTakesItsWholeReplica() {
    DirectRayClusters bed = new DirectRayClusters(client);
    bed.create(multiHost(bed.ns, "named"));
    bed.runUntil("named", "ready with 4 workers", c -> READY.test(c) && bed.workers("named").size() == 4);
    Pod victim = bed.workers("named").get(0);
    String replica = label(victim, RayClusterLabels.WORKER_GROUP_REPLICA_NAME);
    Set<String> doomed = bed.workers("named").stream()
        .filter(p -> replica.equals(label(p, RayClusterLabels.WORKER_GROUP_REPLICA_NAME)))
        .map(p -> p.getMetadata().getName()).collect(Collectors.toSet());

    bed.edit("named", c -> {
      ScaleStrategy strategy = new ScaleStrategy();
      strategy.setWorkersToDelete(List.of(victim.getMetadata().getName()));
      c.getSpec().getWorkerGroupSpecs().get(0).setScaleStrategy(strategy);
      c.getSpec().getWorkerGroupSpecs().get(0).setReplicas(1);
    });

    bed.runUntil("named", "the replica deleted", c -> bed.workers("named").size() == 2);
    bed.settle("named");
    assertThat(names(bed.workers("named"))).doesNotContainAnyElementsOf(doomed).hasSize(2);
    assertThat(bed.podsNamed(bed.events("named", ClusterEventReason.DELETED_WORKER_POD))).isEqualTo(2);
    assertThat(bed.events("named", ClusterEventReason.DELETED_WORKER_POD))
        .allSatisfy(e -> assertThat(e.getMessage()).contains("workersToDelete"));
  }

  @Test
  void withTheGateOffHostsAreManagedOneByOneWithoutLabels() {
    DirectRayClusters bed = new DirectRayClusters(client, "--feature-gates=RayMultiHostIndexing=false");
    bed.create(multiHost(bed.ns, "plain"));
    bed.runUntil("plain", "ready with 4 workers", c -> READY.test(c) && bed.workers("plain").size() == 4);
    assertThat(bed.workers("plain")).allSatisfy(p -> assertThat(p.getMetadata().getLabels())
        .doesNotContainKeys(RayClusterLabels.WORKER_GROUP_REPLICA_INDEX, RayClusterLabels.WORKER_GROUP_REPLICA_NAME,
            RayClusterLabels.REPLICA_HOST_INDEX));
    assertThat(bed.service("plain-headless")).as("created whatever the gate says").isNotNull();
    Set<String> before = names(bed.workers("plain"));
    Pod victim = bed.workers("plain").get(0);

    client.pods().inNamespace(bed.ns).withName(victim.getMetadata().getName()).delete();

    bed.runUntil("plain", "one Pod replaced", c -> READY.test(c) && bed.workers("plain").size() == 4
        && !names(bed.workers("plain")).contains(victim.getMetadata().getName()));
    Set<String> kept = names(bed.workers("plain"));
    kept.retainAll(before);
    assertThat(kept).as("only the lost Pod is replaced").hasSize(3);
  }

  private static Map<String, Set<String>> replicas(List<Pod> workers) {
    Map<String, Set<String>> replicas = new TreeMap<>();
    for (Pod pod : workers) {
      replicas.computeIfAbsent(label(pod, RayClusterLabels.WORKER_GROUP_REPLICA_NAME), n -> new TreeSet<>())
          .add(label(pod, RayClusterLabels.REPLICA_HOST_INDEX));
    }
    return replicas;
  }

  private static String label(Pod pod, String key) {
    return pod.getMetadata().getLabels().get(key);
  }

  private static Set<String> names(List<Pod> pods) {
    return pods.stream().map(p -> p.getMetadata().getName()).collect(Collectors.toCollection(TreeSet::new));
  }
}
