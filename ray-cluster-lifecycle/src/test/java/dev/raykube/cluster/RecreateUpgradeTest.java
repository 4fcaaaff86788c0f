package dev.raykube.cluster;

import static dev.raykube.cluster.TestClusters.headPod;
import static dev.raykube.cluster.TestClusters.workerPod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterUpgradeStrategy;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RecreateUpgradeTest {

  private static final ClusterBuildSettings SETTINGS = ClusterBuildSettings.defaults().withOperatorVersion("1.2.3");

  private static RayCluster recreate() {
    RayCluster cluster = TestClusters.basic();
    RayClusterUpgradeStrategy strategy = new RayClusterUpgradeStrategy();
    strategy.setType(RayClusterUpgradeType.RECREATE);
    cluster.getSpec().setUpgradeStrategy(strategy);
    return cluster;
  }

  /** The head as the operator made it from {@code cluster}'s spec (its annotations), in a phase. */
  private static Pod headMadeFrom(RayCluster cluster, Map<String, String> extra) {
    Map<String, String> annotations = new HashMap<>(RecreateUpgrade.podAnnotations(cluster, SETTINGS));
    annotations.putAll(extra);
    annotations.values().removeIf(v -> v == null || v.isEmpty());
    return new PodBuilder(headPod("h", "Running", true)).editMetadata().withAnnotations(annotations).endMetadata()
        .build();
  }

  private static Pod worker() {
    return workerPod("w1", "workers", "Running", true, "2026-01-01T00:00:01Z");
  }

  /**
   * A change of the spec after the head was made, the head's annotations then → whether every Pod is deleted.
   */
  static Stream<Arguments> changes() {
    Consumer<RayCluster> none = c -> {
    };
    return Stream.of(
        Arguments.of("nothing changed", none, Map.of(), false),
        Arguments.of("head image", (Consumer<RayCluster>) c -> TestClusters.headContainer(c).setImage("ray:other"),
            Map.of(), true),
        Arguments.of("worker env", (Consumer<RayCluster>) c -> TestClusters.workerContainer(c)
            .setEnv(List.of(new io.fabric8.kubernetes.api.model.EnvVar("X", "1", null))), Map.of(), true),
        Arguments.of("rayStartParams", (Consumer<RayCluster>) c -> TestClusters.group(c)
            .setRayStartParams(Map.of("num-cpus", "3")), Map.of(), true),
        Arguments.of("maxReplicas", (Consumer<RayCluster>) c -> TestClusters.group(c).setMaxReplicas(9), Map.of(),
            true),
        Arguments.of("replicas only", (Consumer<RayCluster>) c -> TestClusters.group(c).setReplicas(1), Map.of(),
            false),
        Arguments.of("workersToDelete only", (Consumer<RayCluster>) c -> {
          dev.raykube.model.cluster.ScaleStrategy strategy = new dev.raykube.model.cluster.ScaleStrategy();
          strategy.setWorkersToDelete(List.of("w1"));
          TestClusters.group(c).setScaleStrategy(strategy);
        }, Map.of(), false),
        Arguments.of("head image, head made by another operator version",
            (Consumer<RayCluster>) c -> TestClusters.headContainer(c).setImage("ray:other"),
            Map.of(RecreateUpgrade.VERSION_ANNOTATION, "0.9.0"), false),
        Arguments.of("head without the annotations (made before Recreate was set)", none,
            Map.of(RecreateUpgrade.HASH_ANNOTATION, "", RecreateUpgrade.VERSION_ANNOTATION, ""), true));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("changes")
  void aChangedSpecRecreatesEveryPod(String name, Consumer<RayCluster> change, Map<String, String> headAnnotations,
      boolean recreated) {
    RayCluster cluster = recreate();
    Pod head = headMadeFrom(cluster, headAnnotations);
    change.accept(cluster);
    PodReconcilePlan plan = PodReconcilePlan.compute(cluster, List.of(head, worker(), worker()), SETTINGS,
        new SequencedReplicaNames());
    assertThat(plan.deleteAllPods()).isEqualTo(recreated);
    assertThat(plan.upgrade()).isEqualTo(recreated);
    if (recreated) {
      assertThat(plan.createHead()).isFalse();
      assertThat(plan.requeueSoon()).isTrue();
    }
  }

  @Test
  void withoutRecreateASpecChangeLeavesThePods() {
    RayCluster cluster = TestClusters.basic();
    Pod head = headPod("h", "Running", true);
    TestClusters.headContainer(cluster).setImage("ray:other");
    PodReconcilePlan plan = PodReconcilePlan.compute(cluster, List.of(head), SETTINGS, new SequencedReplicaNames());
    assertThat(plan.deleteAllPods()).isFalse();
    assertThat(RecreateUpgrade.podAnnotations(cluster, SETTINGS)).isEmpty();
  }

  @Test
  void aTerminatingHeadIsNotRecreatedAgain() {
    RayCluster cluster = recreate();
    Pod head = TestClusters.terminating(headMadeFrom(cluster, Map.of()));
    TestClusters.headContainer(cluster).setImage("ray:other");
    assertThat(PodReconcilePlan.compute(cluster, List.of(head), SETTINGS, new SequencedReplicaNames())
        .deleteAllPods()).isFalse();
  }

  @Test
  void everyPodTheFactoryMakesCarriesTheHashAndTheVersion() {
    RayCluster cluster = recreate();
    cluster.getMetadata().setUid("uid-1");
    RayPodFactory factory = new RayPodFactory(SETTINGS);
    String hash = ClusterSpecHash.withoutReplicas(cluster.getSpec());
    for (Pod pod : List.of(factory.head(cluster), factory.worker(cluster, TestClusters.group(cluster)))) {
      assertThat(pod.getMetadata().getAnnotations()).containsEntry(RecreateUpgrade.HASH_ANNOTATION, hash)
          .containsEntry(RecreateUpgrade.VERSION_ANNOTATION, "1.2.3");
    }
  }
}
