package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.WorkerGroupSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WorkerGroupSizeTest {

  @ParameterizedTest(name = "replicas={0} min={1} max={2} hosts={3} suspend={4} -> {5}/{6}/{7}")
  @CsvSource(nullValues = "-", value = {
      // replicas, min, max, numOfHosts, suspend, desired, min pods, max pods
      "-, -, -, -, -, 0, 0, 2147483647",
      "3, -, -, -, -, 3, 0, 2147483647",
      "3, 0, 2, -, -, 2, 0, 2",
      "0, 2, 5, -, -, 2, 2, 5",
      "4, 1, 5, 2, -, 8, 2, 10",
      "4, 1, 5, 0, -, 4, 1, 5",
      "4, 1, 5, 2, true, 0, 0, 0",
      "4, 1, 5, 2, false, 8, 2, 10",
      "2147483647, 0, 2147483647, 4, -, 2147483647, 0, 2147483647",
      "-3, -1, 5, -, -, 0, 0, 5"})
  void sizes(Integer replicas, Integer min, Integer max, Integer hosts, Boolean suspend, int desired, int minPods,
      int maxPods) {
    WorkerGroupSpec group = new WorkerGroupSpec();
    group.setGroupName("g");
    group.setReplicas(replicas);
    group.setMinReplicas(min);
    group.setMaxReplicas(max);
    group.setNumOfHosts(hosts);
    group.setSuspend(suspend);
    assertThat(WorkerGroupSize.desiredPods(group)).isEqualTo(desired);
    assertThat(WorkerGroupSize.minPods(group)).isEqualTo(minPods);
    assertThat(WorkerGroupSize.maxPods(group)).isEqualTo(maxPods);
  }
}
