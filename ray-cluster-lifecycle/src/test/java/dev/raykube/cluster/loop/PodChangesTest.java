package dev.raykube.cluster.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.ReplicaFailure;
import dev.raykube.cluster.SequencedReplicaNames;
import dev.raykube.cluster.TestClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How a new cluster's Pods are created: a group's workers at once in the executor, or one after another. */
@EnableKubernetesMockClient(crud = true)
class PodChangesTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  private static final String NS = "ml";
  private static final Instant NOW = Instant.parse("2026-12-01T10:00:00Z");

  private final Set<String> creationThreads = ConcurrentHashMap.newKeySet();
  private final AtomicInteger sent = new AtomicInteger();
  private ExecutorService pool;
  private PodExpectations expectations;
  private RayCluster cluster;

  @BeforeEach
  void setUp() {
    server.reset();
    pool = Executors.newFixedThreadPool(4);
    expectations = new PodExpectations(Duration.ofSeconds(30));
    cluster = TestClusters.basic(NS, "demo", 3);
    cluster.getMetadata().setUid("5b3e4c2a-0000-4000-8000-000000000001");
  }

  @AfterEach
  void tearDown() {
    pool.shutdownNow();
  }

  private PodChanges changes(boolean atOnce) {
    EventRecorder events = new EventRecorder(client, "raykube-test", null, Clock.fixed(NOW, ZoneOffset.UTC));
    return new PodChanges(client, ClusterBuildSettings.defaults(), events, expectations, atOnce ? task -> {
      sent.incrementAndGet();
      pool.execute(() -> {
        creationThreads.add(Thread.currentThread().getName());
        task.run();
      });
    } : null, new SequencedReplicaNames());
  }

  @Test
  @DisplayName("at once: the head in the reconcile's thread, the 3 workers in the executor; one Event names them")
  void workersAtOnce() {
    PodChanges.Outcome outcome = changes(true).apply("ml/demo", cluster, List.of(), NOW);

    assertThat(outcome.failure()).isNull();
    assertThat(outcome.writes()).isEqualTo(4);
    assertThat(sent).hasValue(3);
    assertThat(creationThreads).isNotEmpty().allSatisfy(name -> assertThat(name).startsWith("pool-"));
    List<Pod> pods = client.pods().inNamespace(NS).list().getItems();
    assertThat(pods).hasSize(4);
    assertThat(expectations.podsAsExpected("ml/demo", List.of(), NOW)).hasSize(4);
    assertThat(events()).extracting(Event::getReason).containsExactly("CreatedHeadPod", "CreatedWorkerPod");
    assertThat(events().get(1).getMessage()).startsWith("Created 3 worker Pods: ml/demo-");
  }

  @Test
  @DisplayName("at once, one worker refused: the others stay created and expected, the failure is reported once")
  void oneRefusedAmongMany() {
    PodChanges changes = changes(true);
    changes.apply("ml/demo", withoutWorkers(), List.of(), NOW);
    server.expect().post().withPath("/api/v1/namespaces/ml/pods").andReturn(403, "quota exceeded").once();

    PodChanges.Outcome outcome = changes.apply("ml/demo", cluster,
        expectations.podsAsExpected("ml/demo", List.of(), NOW), NOW);

    assertThat(outcome.failure()).isNotNull();
    assertThat(outcome.failure().reason()).isEqualTo(ReplicaFailure.Reason.FAILED_CREATE_WORKER_POD);
    assertThat(outcome.writes()).isEqualTo(3);
    assertThat(client.pods().inNamespace(NS).list().getItems()).hasSize(3);
    assertThat(expectations.podsAsExpected("ml/demo", List.of(), NOW)).hasSize(3);
    assertThat(events()).extracting(Event::getReason)
        .containsExactlyInAnyOrder("CreatedHeadPod", "FailedToCreateWorkerPod", "CreatedWorkerPod");
  }

  @Test
  @DisplayName("one after another (no executor): the first refused worker stops the rest")
  void oneAfterAnotherStopsAtTheFirstFailure() {
    PodChanges changes = changes(false);
    changes.apply("ml/demo", withoutWorkers(), List.of(), NOW);
    server.expect().post().withPath("/api/v1/namespaces/ml/pods").andReturn(403, "quota exceeded").once();

    PodChanges.Outcome outcome = changes.apply("ml/demo", cluster,
        expectations.podsAsExpected("ml/demo", List.of(), NOW), NOW);

    assertThat(outcome.failure()).isNotNull();
    assertThat(outcome.writes()).isEqualTo(1);
    assertThat(sent).hasValue(0);
    assertThat(client.pods().inNamespace(NS).list().getItems()).hasSize(1);
  }

  @Test
  @DisplayName("multi-host: whole replicas created with their labels; a lost host takes its replica, one Event says why")
  void multiHostReplicas() {
    TestClusters.group(cluster).setNumOfHosts(2);
    TestClusters.group(cluster).setReplicas(2);
    PodChanges changes = changes(true);
    changes.apply("ml/demo", cluster, List.of(), NOW);

    List<Pod> workers = client.pods().inNamespace(NS).withLabel("ray.io/node-type", "worker").list().getItems();
    assertThat(workers).extracting(p -> p.getMetadata().getLabels().get("ray.io/worker-group-replica-name") + "#"
        + p.getMetadata().getLabels().get("ray.io/worker-group-replica-index") + "/"
        + p.getMetadata().getLabels().get("ray.io/replica-host-index"))
        .containsExactlyInAnyOrder("workers-s0001#0/0", "workers-s0001#0/1", "workers-s0002#1/0", "workers-s0002#1/1");

    Pod lost = workers.stream().filter(p -> "workers-s0001".equals(
        p.getMetadata().getLabels().get("ray.io/worker-group-replica-name"))).findFirst().orElseThrow();
    client.pods().resource(lost).delete();
    expectations.forget("ml/demo");
    PodChanges.Outcome outcome = changes.apply("ml/demo", cluster, client.pods().inNamespace(NS).list().getItems(),
        NOW);

    assertThat(outcome.plan().requeueSoon()).isTrue();
    assertThat(client.pods().inNamespace(NS).withLabel("ray.io/worker-group-replica-name", "workers-s0001").list()
        .getItems()).isEmpty();
    assertThat(client.pods().inNamespace(NS).withLabel("ray.io/node-type", "worker").list().getItems()).hasSize(2);
    assertThat(events()).filteredOn(e -> e.getReason().equals("DeletedWorkerPod")).singleElement()
        .satisfies(e -> assertThat(e.getMessage()).startsWith("Deleted worker Pod ml/demo-workers-worker-")
            .endsWith(": cleanup of an incomplete multi-host replica"));
  }

  private RayCluster withoutWorkers() {
    RayCluster headOnly = TestClusters.basic(NS, "demo", 0);
    headOnly.getMetadata().setUid(cluster.getMetadata().getUid());
    return headOnly;
  }

  private List<Event> events() {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .sorted(java.util.Comparator.comparing(e -> e.getMetadata().getName())).toList();
  }
}
