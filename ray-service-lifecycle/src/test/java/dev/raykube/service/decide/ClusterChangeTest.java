package dev.raykube.service.decide;

import static dev.raykube.service.decide.Fixtures.cluster;
import static dev.raykube.service.decide.Fixtures.clusterSpec;
import static dev.raykube.service.decide.Fixtures.group;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.ScaleStrategy;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Deliverable 2: which spec changes are rolled out in place and which need a new cluster. */
class ClusterChangeTest {

  static Stream<Arguments> changes() {
    return Stream.<Arguments>of(
        Arguments.of("nothing", change(s -> { }), ClusterChange.SAME),
        Arguments.of("replicas", change(s -> s.getWorkerGroupSpecs().get(0).setReplicas(3)), ClusterChange.IN_PLACE),
        Arguments.of("workersToDelete", change(s -> {
          ScaleStrategy strategy = new ScaleStrategy();
          strategy.setWorkersToDelete(List.of("demo-small-worker-abcde"));
          s.getWorkerGroupSpecs().get(0).setScaleStrategy(strategy);
        }), ClusterChange.IN_PLACE),
        Arguments.of("a worker group's suspend", change(s -> s.getWorkerGroupSpecs().get(0).setSuspend(true)),
            ClusterChange.IN_PLACE),
        Arguments.of("a worker group appended", change(s -> s.getWorkerGroupSpecs().add(group("large", 1))),
            ClusterChange.IN_PLACE),
        Arguments.of("a worker group appended and replicas", change(s -> {
          s.getWorkerGroupSpecs().add(group("large", 2));
          s.getWorkerGroupSpecs().get(0).setReplicas(0);
        }), ClusterChange.IN_PLACE),
        Arguments.of("a worker group inserted before the others", change(s -> s.getWorkerGroupSpecs()
            .add(0, group("large", 1))), ClusterChange.NEW_CLUSTER),
        Arguments.of("a worker group removed", change(s -> s.getWorkerGroupSpecs().clear()),
            ClusterChange.NEW_CLUSTER),
        Arguments.of("the head image", change(s -> s.getHeadGroupSpec().getTemplate().getSpec().getContainers()
            .get(0).setImage("rayproject/ray:2.61.0")), ClusterChange.NEW_CLUSTER),
        Arguments.of("a worker image", change(s -> s.getWorkerGroupSpecs().get(0).getTemplate().getSpec()
            .getContainers().get(0).setImage("rayproject/ray:2.61.0")), ClusterChange.NEW_CLUSTER),
        Arguments.of("maxReplicas (in the hash, as in KubeRay)", change(s -> s.getWorkerGroupSpecs().get(0)
            .setMaxReplicas(9)), ClusterChange.NEW_CLUSTER),
        Arguments.of("rayStartParams", change(s -> s.getHeadGroupSpec().getRayStartParams().put("num-cpus", "0")),
            ClusterChange.NEW_CLUSTER),
        Arguments.of("rayVersion", change(s -> s.setRayVersion("2.61.0")), ClusterChange.NEW_CLUSTER));
  }

  private static RayClusterSpec change(Consumer<RayClusterSpec> edit) {
    RayClusterSpec spec = clusterSpec();
    edit.accept(spec);
    return spec;
  }

  @ParameterizedTest(name = "{0} → {2}")
  @MethodSource("changes")
  @DisplayName("a cluster made from the fixture spec, compared with a changed spec")
  void classify(String name, RayClusterSpec desired, ClusterChange expected) {
    assertThat(ClusterChange.classify(ClusterFingerprint.of(cluster("demo-aaaaa")), desired)).isEqualTo(expected);
  }

  @Test
  @DisplayName("the autoscaler changing the RayCluster's replicas is no change: the annotations, not the live spec, "
      + "say what the cluster was made from")
  void autoscalerIsNoChange() {
    RayCluster scaled = cluster("demo-aaaaa");
    scaled.getSpec().getWorkerGroupSpecs().get(0).setReplicas(4);
    assertThat(ClusterChange.classify(ClusterFingerprint.of(scaled), clusterSpec())).isEqualTo(ClusterChange.SAME);
  }

  @Test
  @DisplayName("a cluster without the annotations is fingerprinted from its live spec")
  void noAnnotations() {
    RayCluster bare = cluster("demo-aaaaa");
    bare.getMetadata().setAnnotations(null);
    bare.getSpec().getWorkerGroupSpecs().get(0).setReplicas(4);
    assertThat(ClusterFingerprint.of(bare).workerGroups()).isEqualTo(1);
    assertThat(ClusterChange.classify(ClusterFingerprint.of(bare), clusterSpec())).isEqualTo(ClusterChange.IN_PLACE);
  }

  @Test
  @DisplayName("the hash without replicas ignores replicas, workersToDelete and suspend, and no other field")
  void hashes() {
    RayClusterSpec scaled = change(s -> {
      s.getWorkerGroupSpecs().get(0).setReplicas(7);
      s.setSuspend(true);
    });
    assertThat(ClusterSpecHash.withoutReplicas(scaled)).isEqualTo(ClusterSpecHash.withoutReplicas(clusterSpec()));
    assertThat(ClusterSpecHash.full(scaled)).isNotEqualTo(ClusterSpecHash.full(clusterSpec()));
    assertThat(ClusterSpecHash.withoutReplicas(change(s -> s.getWorkerGroupSpecs().get(0).setMinReplicas(1))))
        .isNotEqualTo(ClusterSpecHash.withoutReplicas(clusterSpec()));
    assertThat(ClusterSpecHash.withoutReplicas(clusterSpec())).matches("[0-9a-f]{64}");
  }
}
