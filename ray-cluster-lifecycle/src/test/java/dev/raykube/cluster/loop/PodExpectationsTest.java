package dev.raykube.cluster.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.PodHealth;
import dev.raykube.cluster.PodReconcilePlan;
import dev.raykube.cluster.RayPodFactory;
import dev.raykube.cluster.SequencedReplicaNames;
import dev.raykube.cluster.TestClusters;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PodExpectationsTest {

  private static final String KEY = "ray/demo";
  private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
  private static final ClusterBuildSettings SETTINGS = ClusterBuildSettings.defaults();
  private static final SequencedReplicaNames NAMES = new SequencedReplicaNames();

  private final PodExpectations expectations = new PodExpectations(Duration.ofSeconds(30));
  private final RayCluster cluster = withUid(TestClusters.basic("ray", "demo", 2));
  private final RayPodFactory factory = new RayPodFactory(SETTINGS);

  @Test
  void withoutExpectationsTheCacheIsTheView() {
    List<Pod> observed = List.of(pod("demo-head-a", "head"));

    assertThat(expectations.podsAsExpected(KEY, observed, T0)).containsExactlyElementsOf(observed);
    assertThat(expectations.pending(KEY)).isFalse();
  }

  @Test
  void aCreatedPodIsAddedUntilTheCacheShowsIt() {
    Pod created = pod("demo-workers-worker-a", "worker");
    expectations.created(KEY, created, T0);

    assertThat(names(expectations.podsAsExpected(KEY, List.of(), T0.plusSeconds(1))))
        .containsExactly("demo-workers-worker-a");
    assertThat(expectations.pending(KEY)).isTrue();

    assertThat(names(expectations.podsAsExpected(KEY, List.of(created), T0.plusSeconds(2))))
        .containsExactly("demo-workers-worker-a");
    assertThat(expectations.pending(KEY)).isFalse();
    assertThat(expectations.clusterCount()).isZero();
  }

  @Test
  void aCreatedPodTheCacheNeverShowsIsDroppedAfterTheTimeout() {
    expectations.created(KEY, pod("demo-workers-worker-a", "worker"), T0);

    assertThat(expectations.podsAsExpected(KEY, List.of(), T0.plusSeconds(29))).hasSize(1);
    assertThat(expectations.podsAsExpected(KEY, List.of(), T0.plusSeconds(30))).isEmpty();
    assertThat(expectations.pending(KEY)).isFalse();
  }

  @Test
  void aDeletedPodStillInTheCacheIsShownAsBeingDeleted() {
    Pod live = pod("demo-workers-worker-a", "worker");
    expectations.deleted(KEY, "demo-workers-worker-a", T0);

    List<Pod> view = expectations.podsAsExpected(KEY, List.of(live), T0.plusSeconds(1));

    assertThat(view).singleElement().satisfies(p -> assertThat(PodHealth.isTerminating(p)).isTrue());
    assertThat(PodHealth.isTerminating(live)).as("the cached Pod is not modified").isFalse();
    assertThat(expectations.pending(KEY)).isTrue();
  }

  @Test
  void aDeletionEndsWhenThePodIsGoneOrTerminatingOrAfterTheTimeout() {
    Pod live = pod("demo-workers-worker-a", "worker");
    expectations.deleted(KEY, "demo-workers-worker-a", T0);
    assertThat(expectations.podsAsExpected(KEY, List.of(), T0.plusSeconds(1))).isEmpty();
    assertThat(expectations.pending(KEY)).isFalse();

    Pod terminating = new PodBuilder(live).editMetadata().withDeletionTimestamp("2026-01-01T00:00:01Z").endMetadata()
        .build();
    expectations.deleted(KEY, "demo-workers-worker-a", T0);
    assertThat(expectations.podsAsExpected(KEY, List.of(terminating), T0.plusSeconds(1))).containsExactly(terminating);
    assertThat(expectations.pending(KEY)).isFalse();

    expectations.deleted(KEY, "demo-workers-worker-a", T0);
    assertThat(expectations.podsAsExpected(KEY, List.of(live), T0.plusSeconds(30))).containsExactly(live);
    assertThat(expectations.pending(KEY)).isFalse();
  }

  @Test
  void deletingAPodThatWasCreatedButNotYetSeenForgetsTheCreation() {
    expectations.created(KEY, pod("demo-workers-worker-a", "worker"), T0);
    expectations.deleted(KEY, "demo-workers-worker-a", T0);

    assertThat(expectations.podsAsExpected(KEY, List.of(), T0.plusSeconds(1))).isEmpty();
  }

  @Test
  void clustersAreIndependentAndCanBeForgotten() {
    expectations.created(KEY, pod("demo-workers-worker-a", "worker"), T0);
    expectations.created("ray/other", pod("other-workers-worker-a", "worker"), T0);

    expectations.forget(KEY);

    assertThat(expectations.podsAsExpected(KEY, List.of(), T0)).isEmpty();
    assertThat(expectations.podsAsExpected("ray/other", List.of(), T0)).hasSize(1);
  }

  @Test
  void workersCreatedButNotYetInTheCacheAreNotCreatedAgain() {
    List<Pod> cache = new ArrayList<>(List.of(pod("demo-head-a", "head")));
    PodReconcilePlan first = PodReconcilePlan.compute(cluster, expectations.podsAsExpected(KEY, cache, T0), SETTINGS,
        NAMES);
    assertThat(first.workerGroups().get(0).podsToCreate()).isEqualTo(2);
    expectations.created(KEY, pod("demo-workers-worker-a", "worker"), T0);
    expectations.created(KEY, pod("demo-workers-worker-b", "worker"), T0);

    PodReconcilePlan beforeCacheCatchesUp = PodReconcilePlan.compute(cluster,
        expectations.podsAsExpected(KEY, cache, T0.plusMillis(50)), SETTINGS, NAMES);
    assertThat(beforeCacheCatchesUp.isNoop()).isTrue();

    PodReconcilePlan withoutExpectations = PodReconcilePlan.compute(cluster, cache, SETTINGS, NAMES);
    assertThat(withoutExpectations.workerGroups().get(0).podsToCreate()).as("what would happen without them")
        .isEqualTo(2);
  }

  @Test
  void aScaleDownIsNotRepeatedOnAnotherPodWhileTheCacheLags() {
    cluster.getSpec().getWorkerGroupSpecs().get(0).setReplicas(1);
    List<Pod> cache = List.of(pod("demo-head-a", "head"), pod("demo-workers-worker-a", "worker"),
        pod("demo-workers-worker-b", "worker"));
    PodReconcilePlan first = PodReconcilePlan.compute(cluster, expectations.podsAsExpected(KEY, cache, T0), SETTINGS,
        NAMES);
    assertThat(first.workerGroups().get(0).deletions()).hasSize(1);
    expectations.deleted(KEY, first.workerGroups().get(0).deletions().get(0).podName(), T0);

    PodReconcilePlan second = PodReconcilePlan.compute(cluster,
        expectations.podsAsExpected(KEY, cache, T0.plusMillis(50)), SETTINGS, NAMES);

    assertThat(second.isNoop()).isTrue();
  }

  private Pod pod(String name, String type) {
    Pod pod = "head".equals(type) ? factory.head(cluster) : factory.worker(cluster,
        cluster.getSpec().getWorkerGroupSpecs().get(0));
    pod.getMetadata().setName(name);
    pod.getMetadata().setGenerateName(null);
    pod.getMetadata().setCreationTimestamp("2026-01-01T00:00:00Z");
    return CachedPod.of(pod);
  }

  private static RayCluster withUid(RayCluster cluster) {
    cluster.getMetadata().setUid("0000-uid");
    cluster.getMetadata().setGeneration(1L);
    return cluster;
  }

  private static List<String> names(List<Pod> pods) {
    return pods.stream().map(p -> p.getMetadata().getName()).toList();
  }
}
