package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A multi-host worker group (KubeRay v1.7.0's {@code RayMultiHostIndexing}, on by default) on the real API server with
 * the operator in-process and real Ray in the node sandbox: a group of one replica of two hosts comes up as two worker
 * Pods labelled as one replica (name, index 0, hosts 0 and 1) beside the headless worker Service, Ray reports three
 * alive nodes and the RayCluster becomes ready; deleting one host from outside makes the operator delete the other host
 * and create the replica again, whole, at the same index.
 */
class MultiHostE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("multihost");

  private static final Logger log = LoggerFactory.getLogger(MultiHostE2eTest.class);
  private static final String NAME = "e2e-multihost";
  private static final String REPLICA_NAME = "ray.io/worker-group-replica-name";
  private static final String REPLICA_INDEX = "ray.io/worker-group-replica-index";
  private static final String HOST_INDEX = "ray.io/replica-host-index";

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator simulator;
  private static InProcessOperator operator;

  @BeforeAll
  static void startOperatorAndNode() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    simulator = kube.nodes();
    operator = InProcessOperator.start(kube.config(), simulator.dashboardAccess(), "--namespaces=" + namespace);
  }

  @AfterAll
  static void stopAll() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void aTwoHostReplicaComesUpLabelledAndALostHostHasItsReplicaReplacedWhole() {
    long t0 = System.nanoTime();
    client.resource(cluster()).create();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayCluster " + NAME + " ready with 2 workers",
        () -> state() == ClusterState.READY && liveWorkers().size() == 2);
    long readyMillis = (System.nanoTime() - t0) / 1_000_000;
    List<Pod> first = liveWorkers();
    String replica = first.get(0).getMetadata().getLabels().get(REPLICA_NAME);
    assertThat(replica).matches("tpu-[a-z0-9]{5}");
    assertThat(first).allSatisfy(p -> {
      assertThat(p.getMetadata().getLabels()).containsEntry(REPLICA_NAME, replica).containsEntry(REPLICA_INDEX, "0");
      assertThat(p.getStatus().getPhase()).isEqualTo("Running");
    });
    assertThat(first).extracting(p -> p.getMetadata().getLabels().get(HOST_INDEX))
        .containsExactlyInAnyOrder("0", "1");
    Service headless = client.services().inNamespace(namespace).withName(NAME + "-headless").get();
    assertThat(headless).as("the headless worker Service").isNotNull();
    assertThat(headless.getSpec().getClusterIP()).isEqualTo("None");
    assertThat(headless.getSpec().getPublishNotReadyAddresses()).isTrue();
    assertThat(headless.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getName()).isEqualTo(NAME));
    String dashboard = simulator.dashboardUrl(namespace, NAME).orElseThrow();
    Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "3 alive nodes reported by the head's dashboard",
        () -> new HeadDashboard(dashboard).aliveNodes(null) == 3);
    log.info("multi-host RayCluster ready after {} ms, replica {} on 2 Pods, 3 alive Ray nodes", readyMillis, replica);

    Set<String> before = first.stream().map(p -> p.getMetadata().getName()).collect(Collectors.toSet());
    Pod victim = first.stream().filter(p -> "1".equals(p.getMetadata().getLabels().get(HOST_INDEX))).findFirst()
        .orElseThrow();
    long t1 = System.nanoTime();
    client.pods().inNamespace(namespace).withName(victim.getMetadata().getName()).delete();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "the replica replaced whole and the cluster ready again",
        () -> {
          List<Pod> now = liveWorkers();
          return state() == ClusterState.READY && now.size() == 2
              && now.stream().noneMatch(p -> before.contains(p.getMetadata().getName()))
              && now.stream().allMatch(p -> "Running".equals(p.getStatus().getPhase()));
        });
    long replacedMillis = (System.nanoTime() - t1) / 1_000_000;
    List<Pod> second = liveWorkers();
    String newReplica = second.get(0).getMetadata().getLabels().get(REPLICA_NAME);
    assertThat(newReplica).matches("tpu-[a-z0-9]{5}").isNotEqualTo(replica);
    assertThat(second).allSatisfy(p -> assertThat(p.getMetadata().getLabels())
        .containsEntry(REPLICA_NAME, newReplica).containsEntry(REPLICA_INDEX, "0"));
    assertThat(second).extracting(p -> p.getMetadata().getLabels().get(HOST_INDEX))
        .containsExactlyInAnyOrder("0", "1");
    List<Event> deletions = client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> "DeletedWorkerPod".equals(e.getReason())).toList();
    assertThat(deletions).anySatisfy(e -> assertThat(e.getMessage())
        .contains(first.stream().filter(p -> p != victim).findFirst().orElseThrow().getMetadata().getName(),
            "incomplete multi-host replica"));
    log.info("host {} deleted from outside: replica {} replaced whole by {} in {} ms",
        victim.getMetadata().getName(), replica, newReplica, replacedMillis);
  }

  private static RayCluster cluster() {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace(namespace).build());
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(template("ray-head"));
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("tpu");
    workers.setReplicas(1);
    workers.setMinReplicas(1);
    workers.setMaxReplicas(1);
    workers.setNumOfHosts(2);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(template("ray-worker"));
    spec.setWorkerGroupSpecs(List.of(workers));
    cluster.setSpec(spec);
    return cluster;
  }

  private static PodTemplateSpec template(String container) {
    return new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName(container)
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build();
  }

  private static ClusterState state() {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(namespace).withName(NAME).get();
    return cluster == null || cluster.getStatus() == null ? null : cluster.getStatus().getState();
  }

  /** The cluster's worker Pods not being deleted. */
  private static List<Pod> liveWorkers() {
    return client.pods().inNamespace(namespace).withLabel("ray.io/cluster", NAME)
        .withLabel("ray.io/node-type", "worker").list().getItems().stream()
        .filter(p -> p.getMetadata().getDeletionTimestamp() == null).toList();
  }
}
