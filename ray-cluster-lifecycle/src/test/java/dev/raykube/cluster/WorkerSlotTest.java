package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkerSlotTest {

  @Test
  void labelsOfEachKindOfSlot() {
    assertThat(WorkerSlot.UNINDEXED.labels()).isEmpty();
    assertThat(WorkerSlot.single(3).labels()).containsExactlyEntriesOf(
        Map.of("ray.io/worker-group-replica-index", "3"));
    assertThat(WorkerSlot.host(1, "tpu-bc2df", 2).labels()).containsOnly(
        Map.entry("ray.io/worker-group-replica-index", "1"),
        Map.entry("ray.io/worker-group-replica-name", "tpu-bc2df"),
        Map.entry("ray.io/replica-host-index", "2"));
  }

  @Test
  void rejectsSlotsThatDoNotFitTogether() {
    assertThatThrownBy(() -> new WorkerSlot(0, "tpu-bc2df", null)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new WorkerSlot(null, "tpu-bc2df", 0)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WorkerSlot.single(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WorkerSlot.host(0, "tpu-bc2df", -1)).isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @CsvSource({"'', 3, 0 1 2", "0, 2, 1 2", "0 2, 2, 1 3", "1 2 3, 1, 0", "0 1 2, 0, ''"})
  void newIndexesAreTheLowestFree(String held, int count, String expected) {
    Set<Integer> indexes = held.isBlank() ? Set.of()
        : Set.copyOf(List.of(held.split(" ")).stream().map(Integer::valueOf).toList());
    assertThat(ReplicaIndexes.lowestFree(indexes, count)).containsExactlyElementsOf(expected.isBlank() ? List.of()
        : List.of(expected.split(" ")).stream().map(Integer::valueOf).toList());
  }

  @ParameterizedTest
  @CsvSource({"3, 3", "' 4 ', 4", "-1, ", "x, ", "'', "})
  void aPodsIndexIsReadFromItsLabel(String value, Integer index) {
    Pod pod = TestClusters.pod("p", Map.of(RayClusterLabels.WORKER_GROUP_REPLICA_INDEX, value), "Running", true,
        null);
    assertThat(ReplicaIndexes.of(pod)).isEqualTo(index);
    assertThat(ReplicaIndexes.of(TestClusters.pod("p", Map.of(), "Running", true, null))).isNull();
  }

  @Test
  void theFactoryPutsTheSlotOnTopOfTheUsersLabels() {
    var cluster = TestClusters.basic();
    WorkerGroupSpec group = TestClusters.group(cluster);
    group.setLabels(Map.of("ray.io/replica-host-index", "9", "team", "a"));
    RayPodFactory factory = new RayPodFactory(ClusterBuildSettings.defaults());

    Pod pod = factory.worker(cluster, group, WorkerSlot.host(0, "workers-bc2df", 1));
    assertThat(pod.getMetadata().getLabels()).containsEntry("ray.io/worker-group-replica-index", "0")
        .containsEntry("ray.io/worker-group-replica-name", "workers-bc2df")
        .containsEntry("ray.io/replica-host-index", "1").containsEntry("team", "a");
    assertThat(factory.worker(cluster, group).getMetadata().getLabels())
        .doesNotContainKeys("ray.io/worker-group-replica-index", "ray.io/worker-group-replica-name")
        .containsEntry("ray.io/replica-host-index", "9");
  }
}
