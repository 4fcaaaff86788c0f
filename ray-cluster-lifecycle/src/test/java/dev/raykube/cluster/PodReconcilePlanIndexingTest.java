package dev.raykube.cluster;

import static dev.raykube.cluster.TestClusters.headPod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link PodReconcilePlan} with multi-host indexing on and off ({@link ClusterBuildSettings#multiHostIndexing()}). */
class PodReconcilePlanIndexingTest {

  /**
   * Cluster {@code demo} with a running head and group {@code workers} (max 5). A Pod is
   * {@code name:replica:index:state} as in {@link MultiHostGroupPlanTest} (replica names are {@code workers-<x>}).
   * A creation is {@code -} (no slot labels), {@code #index} (single-host) or {@code replica#index/host}.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      on: single-host Pods get the lowest indexes | true | 1 | 2 | '' | '' | #0 #1 | false
      on: single-host gaps are refilled | true | 1 | 3 | w0:-:0:R w2:-:2:R | '' | #1 | false
      on: a single-host Pod without index holds none | true | 1 | 2 | w0:-:-:R | '' | #0 | false
      on: a single-host Pod being deleted frees its index | true | 1 | 2 | w0:-:0:T w1:-:1:R | '' | #0 | false
      on: a single-host Pod scaled down frees its index | true | 1 | 1 | w0:-:0:N w1:-:1:R | w0:SCALE_DOWN | '' \
        | false
      on: a multi-host group is created in whole replicas | true | 2 | 1 | '' | '' \
        | workers-s0001#0/0 workers-s0001#0/1 | false
      on: an incomplete replica is deleted and the loop comes back | true | 2 | 1 | a0:a:0:R \
        | a0:INCOMPLETE_REPLICA | '' | true
      on: a failed host replaces its replica and the loop comes back | true | 2 | 1 | a0:a:0:F a1:a:0:R \
        | a0:REPLICA_BEYOND_REPAIR a1:REPLICA_BEYOND_REPAIR | workers-s0001#0/0 workers-s0001#0/1 | true
      off: single-host Pods get no labels | false | 1 | 2 | '' | '' | - - | false
      off: multi-host Pods are created one by one without labels | false | 2 | 1 | '' | '' | - - | false
      off: a lost host is replaced alone | false | 2 | 1 | a0:a:0:R | '' | - | false
      off: a failed host is deleted alone | false | 2 | 1 | a0:a:0:F a1:a:0:R | a0:BEYOND_REPAIR | '' | true
      """)
  void followsTheGate(String rule, boolean indexing, int hosts, int replicas, String pods, String deletions,
      String creations, boolean requeue) {
    RayCluster cluster = TestClusters.basic();
    WorkerGroupSpec group = TestClusters.group(cluster);
    group.setNumOfHosts(hosts);
    group.setReplicas(replicas);
    List<Pod> observed = new ArrayList<>(List.of(headPod("h", "Running", true)));
    observed.addAll(pods(pods));

    PodReconcilePlan plan = PodReconcilePlan.compute(cluster, observed,
        ClusterBuildSettings.defaults().withMultiHostIndexing(indexing), new SequencedReplicaNames());

    assertThat(plan.allDeletions().stream().map(d -> d.podName() + ":" + d.reason()).toList()).as(rule)
        .containsExactlyInAnyOrderElementsOf(words(deletions));
    assertThat(plan.workerGroups().get(0).creations().stream().map(PodReconcilePlanIndexingTest::slot).toList())
        .as(rule).containsExactlyElementsOf(words(creations));
    assertThat(plan.requeueSoon()).as(rule).isEqualTo(requeue);
  }

  @Test
  void aSuspendedMultiHostGroupLosesEveryPodLabelledOrNot() {
    RayCluster cluster = TestClusters.basic();
    WorkerGroupSpec group = TestClusters.group(cluster);
    group.setNumOfHosts(2);
    group.setSuspend(true);
    List<Pod> observed = new ArrayList<>(List.of(headPod("h", "Running", true)));
    observed.addAll(pods("a0:a:0:R a1:a:0:R x0:-:-:R"));

    PodReconcilePlan plan = PodReconcilePlan.compute(cluster, observed, ClusterBuildSettings.defaults(),
        new SequencedReplicaNames());

    assertThat(plan.allDeletions()).extracting(PodDeletion::reason).hasSize(3)
        .containsOnly(PodDeletion.Reason.GROUP_SUSPENDED);
    assertThat(plan.workerGroups().get(0).creations()).isEmpty();
  }

  @Test
  void theNameSourceIsAskedOnlyForNewMultiHostReplicas() {
    RayCluster cluster = TestClusters.basic();
    PodReconcilePlan plan = PodReconcilePlan.compute(cluster, List.of(), ClusterBuildSettings.defaults(), () -> {
      throw new AssertionError("no multi-host group, no name");
    });
    assertThat(plan.workerGroups().get(0).podsToCreate()).isEqualTo(2);
  }

  private static List<Pod> pods(String spec) {
    return words(spec).stream().map(PodReconcilePlanIndexingTest::pod).toList();
  }

  private static Pod pod(String spec) {
    String[] parts = spec.split(":");
    Map<String, String> labels = new HashMap<>(Map.of(RayClusterLabels.CLUSTER, "demo", RayClusterLabels.NODE_TYPE,
        "worker", RayClusterLabels.GROUP, "workers"));
    if (!parts[1].equals("-")) {
      labels.put(RayClusterLabels.WORKER_GROUP_REPLICA_NAME, "workers-" + parts[1]);
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
        "2026-01-01T00:00:0" + parts[0].charAt(parts[0].length() - 1) + "Z");
    return state.equals("T") ? TestClusters.terminating(pod) : pod;
  }

  private static String slot(WorkerSlot slot) {
    if (slot.replicaIndex() == null) {
      return "-";
    }
    return slot.replicaName() == null ? "#" + slot.replicaIndex()
        : slot.replicaName() + "#" + slot.replicaIndex() + "/" + slot.hostIndex();
  }

  private static List<String> words(String text) {
    return text == null || text.isBlank() ? List.of() : Arrays.asList(text.strip().split("\\s+"));
  }
}
