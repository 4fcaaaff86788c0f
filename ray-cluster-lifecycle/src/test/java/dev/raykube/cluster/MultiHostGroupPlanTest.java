package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.ScaleStrategy;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MultiHostGroupPlanTest {

  /**
   * Group {@code tpu} (minReplicas 0, maxReplicas 10). A Pod is {@code name:replica:index:state}: replica {@code -} is
   * no {@code worker-group-replica-name} label (a replica name is {@code tpu-<suffix>}), index {@code -} no
   * {@code worker-group-replica-index}; state R running and ready, N running not ready, P pending, F failed,
   * T terminating. A creation is {@code replica#index/host}; names come from {@link SequencedReplicaNames}
   * ({@code tpu-s0001}, {@code tpu-s0002}, ...).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "null", textBlock = """
      a new group gets whole replicas, lowest indexes first | 2 | 2 | true | '' | '' \
        | '' | tpu-s0001#0/0 tpu-s0001#0/1 tpu-s0002#1/0 tpu-s0002#1/1
      hosts are numbered 0 to numOfHosts-1 | 3 | 1 | true | '' | '' \
        | '' | tpu-s0001#0/0 tpu-s0001#0/1 tpu-s0001#0/2
      complete replicas of the desired number are left alone | 2 | 2 | true | '' \
        | a0:a:0:R a1:a:0:R b0:b:1:R b1:b:1:P | '' | ''
      a replica with a host gone loses the rest and nothing is created | 2 | 2 | true | '' \
        | a0:a:0:R b0:b:1:R b1:b:1:R | a0:INCOMPLETE_REPLICA | ''
      a host being deleted leaves its replica incomplete | 2 | 1 | true | '' \
        | a0:a:0:T a1:a:0:R | a1:INCOMPLETE_REPLICA | ''
      an incomplete replica is cleaned up before a failed one is looked at | 2 | 2 | true | '' \
        | a0:a:0:R b0:b:1:F b1:b:1:R | a0:INCOMPLETE_REPLICA | ''
      a replica whose Pods are all being deleted no longer counts and its index is free | 2 | 1 | true | '' \
        | a0:a:0:T a1:a:0:T | '' | tpu-s0001#0/0 tpu-s0001#0/1
      a failed host has its whole replica replaced in the same pass, at the freed index | 2 | 2 | true | '' \
        | a0:a:0:R a1:a:0:R b0:b:1:F b1:b:1:R \
        | b0:REPLICA_BEYOND_REPAIR b1:REPLICA_BEYOND_REPAIR | tpu-s0001#1/0 tpu-s0001#1/1
      gaps are refilled from the lowest index | 2 | 3 | true | '' \
        | a0:a:0:R a1:a:0:R c0:c:2:R c1:c:2:R | '' | tpu-s0001#1/0 tpu-s0001#1/1
      a name in workersToDelete takes its whole replica and nothing is created | 2 | 2 | true | a1 \
        | a0:a:0:R a1:a:0:R b0:b:1:R b1:b:1:R \
        | a0:REPLICA_IN_WORKERS_TO_DELETE a1:REPLICA_IN_WORKERS_TO_DELETE | ''
      two names of one replica delete it once | 2 | 1 | true | a0 a1 | a0:a:0:R a1:a:0:R \
        | a0:REPLICA_IN_WORKERS_TO_DELETE a1:REPLICA_IN_WORKERS_TO_DELETE | ''
      workersToDelete naming an unlabelled or unknown Pod is ignored | 2 | 1 | true | x0 nowhere \
        | a0:a:0:R a1:a:0:R x0:-:-:R x1:-:-:R | '' | ''
      Pods without a replica name are neither counted nor deleted | 2 | 1 | true | '' \
        | x0:-:-:R x1:-:-:R x2:-:0:F | '' | tpu-s0001#0/0 tpu-s0001#0/1
      a replica without an index label counts but holds no index | 2 | 2 | true | '' \
        | a0:a:-:R a1:a:-:R | '' | tpu-s0001#0/0 tpu-s0001#0/1
      a replica with more Pods than hosts counts as complete | 2 | 1 | true | '' \
        | a0:a:0:R a1:a:0:R a2:a:0:R | '' | ''
      scale-down deletes whole replicas, highest index first | 2 | 1 | true | '' \
        | a0:a:0:R a1:a:0:R b0:b:1:R b1:b:1:R | b0:REPLICA_SCALE_DOWN b1:REPLICA_SCALE_DOWN | ''
      scale-down takes a replica with a Pod not ready first | 2 | 1 | true | '' \
        | a0:a:0:N a1:a:0:R b0:b:1:R b1:b:1:R | a0:REPLICA_SCALE_DOWN a1:REPLICA_SCALE_DOWN | ''
      scale-down to zero deletes every replica | 2 | 0 | true | '' | a0:a:0:R a1:a:0:R b0:b:1:P b1:b:1:P \
        | a0:REPLICA_SCALE_DOWN a1:REPLICA_SCALE_DOWN b0:REPLICA_SCALE_DOWN b1:REPLICA_SCALE_DOWN | ''
      with autoscaling, surplus replicas are left to the autoscaler | 2 | 1 | false | '' \
        | a0:a:0:R a1:a:0:R b0:b:1:R b1:b:1:R | '' | ''
      with autoscaling, a named replica still goes | 2 | 1 | false | b0 \
        | a0:a:0:R a1:a:0:R b0:b:1:R b1:b:1:R | b0:REPLICA_IN_WORKERS_TO_DELETE b1:REPLICA_IN_WORKERS_TO_DELETE | ''
      """)
  void managesWholeReplicas(String rule, int hosts, int replicas, boolean scaleDown, String workersToDelete,
      String pods, String deletions, String creations) {
    WorkerGroupPlan plan = MultiHostGroupPlan.plan(group(hosts, replicas, words(workersToDelete)), pods(pods),
        scaleDown, new SequencedReplicaNames());
    assertThat(plan.deletions().stream().map(d -> d.podName() + ":" + d.reason()).toList()).as(rule)
        .containsExactlyInAnyOrderElementsOf(words(deletions));
    assertThat(plan.creations().stream().map(MultiHostGroupPlanTest::slot).toList()).as(rule)
        .containsExactlyElementsOf(words(creations));
    assertThat(plan.desiredPods()).isEqualTo(hosts * replicas);
  }

  @Test
  void countsTheGroupsLivePods() {
    WorkerGroupPlan plan = MultiHostGroupPlan.plan(group(2, 1, List.of()),
        pods("a0:a:0:R a1:a:0:P x0:-:-:R t0:t:1:T"), true, new SequencedReplicaNames());
    assertThat(plan.countedPods()).isEqualTo(3);
  }

  @Test
  void aNameTakenInTheGroupIsDrawnAgain() {
    WorkerGroupPlan plan = MultiHostGroupPlan.plan(group(2, 2, List.of()), pods("a0:aaaaa:0:R a1:aaaaa:0:R"),
        true, new SequencedReplicaNames("aaaaa", "aaaaa"));
    assertThat(plan.creations()).extracting(WorkerSlot::replicaName).containsOnly("tpu-s0001");
  }

  @Test
  void newReplicasOfOnePlanGetDifferentNames() {
    WorkerGroupPlan plan = MultiHostGroupPlan.plan(group(2, 2, List.of()), List.of(), true,
        new SequencedReplicaNames("bbbbb", "bbbbb", "ccccc"));
    assertThat(plan.creations()).extracting(WorkerSlot::replicaName)
        .containsExactly("tpu-bbbbb", "tpu-bbbbb", "tpu-ccccc", "tpu-ccccc");
  }

  @Test
  void aSourceThatBreaksItsContractIsAnError() {
    WorkerGroupSpec group = group(2, 1, List.of());
    assertThatThrownBy(() -> MultiHostGroupPlan.plan(group, List.of(), true, () -> "Abc12"))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("'Abc12'");
    assertThatThrownBy(() -> MultiHostGroupPlan.plan(group, List.of(), true, () -> "abc"))
        .isInstanceOf(IllegalStateException.class);
    assertThat(MultiHostGroupPlan.plan(group, pods("a0:a:0:R"), true, () -> "Abc12").creations())
        .as("asked only when a replica is created").isEmpty();
  }

  @Test
  void aSourceThatRepeatsATakenNameForeverIsAnError() {
    assertThatThrownBy(() -> MultiHostGroupPlan.plan(group(2, 2, List.of()), pods("a0:zzzzz:0:R a1:zzzzz:0:R"),
        true, () -> "zzzzz")).isInstanceOf(IllegalStateException.class).hasMessageContaining("already taken");
  }

  static WorkerGroupSpec group(int hosts, int replicas, List<String> workersToDelete) {
    WorkerGroupSpec group = new WorkerGroupSpec();
    group.setGroupName("tpu");
    group.setNumOfHosts(hosts);
    group.setReplicas(replicas);
    group.setMinReplicas(0);
    group.setMaxReplicas(10);
    if (!workersToDelete.isEmpty()) {
      ScaleStrategy strategy = new ScaleStrategy();
      strategy.setWorkersToDelete(workersToDelete);
      group.setScaleStrategy(strategy);
    }
    return group;
  }

  static List<Pod> pods(String spec) {
    return words(spec).stream().map(MultiHostGroupPlanTest::pod).toList();
  }

  private static Pod pod(String spec) {
    String[] parts = spec.split(":");
    Map<String, String> labels = new HashMap<>(Map.of(RayClusterLabels.CLUSTER, "demo", RayClusterLabels.NODE_TYPE,
        "worker", RayClusterLabels.GROUP, "tpu"));
    if (!parts[1].equals("-")) {
      labels.put(RayClusterLabels.WORKER_GROUP_REPLICA_NAME, "tpu-" + parts[1]);
    }
    if (!parts[2].equals("-")) {
      labels.put(RayClusterLabels.WORKER_GROUP_REPLICA_INDEX, parts[2]);
    }
    String state = parts[3];
    String phase = switch (state) {
      case "P" -> "Pending";
      case "F" -> "Failed";
      default -> "Running";
    };
    Pod pod = TestClusters.pod(parts[0], labels, phase, state.equals("R") || state.equals("T"),
        "2026-01-01T00:00:00Z");
    return state.equals("T") ? TestClusters.terminating(pod) : pod;
  }

  private static String slot(WorkerSlot slot) {
    return slot.replicaName() + "#" + slot.replicaIndex() + "/" + slot.hostIndex();
  }

  private static List<String> words(String text) {
    return text == null || text.isBlank() ? List.of() : Arrays.asList(text.strip().split("\\s+"));
  }
}
