package dev.raykube.cluster;

import static dev.raykube.cluster.TestClusters.headPod;
import static dev.raykube.cluster.TestClusters.workerPod;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.ScaleStrategy;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PodReconcilePlanTest {

  private static final ClusterBuildSettings SETTINGS = ClusterBuildSettings.defaults();

  private static Pod running(String name) {
    return workerPod(name, "workers", "Running", true, "2026-01-01T00:00:0" + name.charAt(name.length() - 1) + "Z");
  }

  private static PodReconcilePlan plan(RayCluster cluster, Pod... pods) {
    return PodReconcilePlan.compute(cluster, List.of(pods), SETTINGS, new SequencedReplicaNames());
  }

  private static List<String> deleted(PodReconcilePlan plan) {
    return plan.allDeletions().stream().map(d -> d.podName() + ":" + d.reason()).toList();
  }

  private static void setCondition(RayCluster cluster, String type) {
    RayClusterStatus status = new RayClusterStatus();
    status.setConditions(List.of(new ConditionBuilder().withType(type).withStatus("True").build()));
    cluster.setStatus(status);
  }

  @Test
  void newClusterCreatesHeadAndWorkers() {
    PodReconcilePlan plan = plan(TestClusters.basic());
    assertThat(plan.createHead()).isTrue();
    assertThat(plan.workerGroups()).singleElement().satisfies(g -> {
      assertThat(g.groupName()).isEqualTo("workers");
      assertThat(g.desiredPods()).isEqualTo(2);
      assertThat(g.podsToCreate()).isEqualTo(2);
    });
    assertThat(plan.allDeletions()).isEmpty();
    assertThat(plan.requeueSoon()).isFalse();
  }

  @Test
  void steadyClusterIsANoop() {
    PodReconcilePlan plan = plan(TestClusters.basic(), headPod("h", "Running", true), running("w1"), running("w2"));
    assertThat(plan.isNoop()).isTrue();
    assertThat(plan.workerGroups().get(0).countedPods()).isEqualTo(2);
  }

  @Test
  void podsWithoutStatusCountAsPending() {
    PodReconcilePlan plan = plan(TestClusters.basic(), headPod("h", null, false),
        workerPod("w1", "workers", null, false, null), workerPod("w2", "workers", null, false, null));
    assertThat(plan.isNoop()).isTrue();
  }

  @Test
  void failedHeadIsDeletedAndReplacedNextTime() {
    PodReconcilePlan plan = plan(TestClusters.basic(), headPod("h", "Failed", false), running("w1"), running("w2"));
    assertThat(plan.createHead()).isFalse();
    assertThat(deleted(plan)).containsExactly("h:BEYOND_REPAIR");
    assertThat(plan.requeueSoon()).isTrue();

    plan = plan(TestClusters.basic(), running("w1"), running("w2"));
    assertThat(plan.createHead()).isTrue();
  }

  @Test
  void terminatingHeadBlocksANewOne() {
    PodReconcilePlan plan = plan(TestClusters.basic(),
        TestClusters.terminating(headPod("h", "Failed", false)), running("w1"), running("w2"));
    assertThat(plan.createHead()).isFalse();
    assertThat(plan.allDeletions()).isEmpty();
  }

  @Test
  void twoHeadsStopEverything() {
    PodReconcilePlan plan = plan(TestClusters.basic(), headPod("h2", "Running", true),
        headPod("h1", "Running", true));
    assertThat(plan.problems()).containsExactly("found 2 head Pods (h1, h2) for RayCluster demo; a cluster has "
        + "exactly one head, so nothing is changed until the extra ones are deleted");
    assertThat(plan.isNoop()).isTrue();
    assertThat(plan.requeueSoon()).isTrue();
  }

  @Test
  void failedWorkersAreDeletedBeforeAnyCreate() {
    PodReconcilePlan plan = plan(TestClusters.basic(), headPod("h", "Running", true),
        workerPod("w1", "workers", "Failed", false, "2026-01-01T00:00:01Z"), running("w2"));
    assertThat(deleted(plan)).containsExactly("w1:BEYOND_REPAIR");
    assertThat(plan.workerGroups().get(0).podsToCreate()).isZero();
    assertThat(plan.requeueSoon()).isTrue();

    plan = plan(TestClusters.basic(), headPod("h", "Running", true),
        TestClusters.terminating(workerPod("w1", "workers", "Failed", false, "2026-01-01T00:00:01Z")),
        running("w2"));
    assertThat(plan.allDeletions()).isEmpty();
    assertThat(plan.workerGroups().get(0).podsToCreate()).isOne();
  }

  @Test
  void rayContainerDeadUnderRestartPolicyNeverIsBeyondRepair() {
    Pod dead = new PodBuilder(running("w1")).editSpec().withRestartPolicy("Never").endSpec().editStatus()
        .addNewContainerStatus().withName("ray").withNewState().withNewTerminated().withExitCode(1)
        .endTerminated().endState().endContainerStatus().endStatus().build();
    assertThat(PodHealth.isBeyondRepair(dead)).isTrue();
    Pod restartable = new PodBuilder(dead).editSpec().withRestartPolicy("Always").endSpec().build();
    assertThat(PodHealth.isBeyondRepair(restartable)).isFalse();
    assertThat(PodHealth.isBeyondRepair(workerPod("s", "workers", "Succeeded", false, null))).isTrue();
  }

  @Test
  void workersToDeleteAreDeletedWhetherOrNotAutoscaling() {
    for (boolean autoscaling : List.of(false, true)) {
      RayCluster cluster = TestClusters.basic();
      cluster.getSpec().setEnableInTreeAutoscaling(autoscaling);
      TestClusters.group(cluster).setReplicas(1);
      ScaleStrategy strategy = new ScaleStrategy();
      strategy.setWorkersToDelete(List.of("w2", "not-there", "h"));
      TestClusters.group(cluster).setScaleStrategy(strategy);

      PodReconcilePlan plan = plan(cluster, headPod("h", "Running", true), running("w1"), running("w2"));
      assertThat(deleted(plan)).as("autoscaling " + autoscaling).containsExactly("w2:WORKERS_TO_DELETE");
      assertThat(plan.workerGroups().get(0).podsToCreate()).isZero();
      assertThat(plan.createHead()).isFalse();
    }
  }

  @Test
  void scaleDownPrefersPodsThatAreNotReadyThenTheNewest() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setReplicas(1);
    PodReconcilePlan plan = plan(cluster, headPod("h", "Running", true),
        workerPod("old", "workers", "Running", true, "2026-01-01T00:00:01Z"),
        workerPod("new", "workers", "Running", true, "2026-01-01T00:00:09Z"),
        workerPod("pending", "workers", "Pending", false, "2026-01-01T00:00:00Z"));
    assertThat(deleted(plan)).containsExactly("pending:SCALE_DOWN", "new:SCALE_DOWN");
  }

  @Test
  void withAutoscalingSurplusPodsAreLeftToTheAutoscaler() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    TestClusters.group(cluster).setReplicas(1);
    Pod[] pods = {headPod("h", "Running", true), running("w1"), running("w2")};
    assertThat(plan(cluster, pods).isNoop()).isTrue();
    PodReconcilePlan forced = PodReconcilePlan.compute(cluster, List.of(pods),
        SETTINGS.withDeleteExtraPodsWithAutoscaler(true), new SequencedReplicaNames());
    assertThat(deleted(forced)).containsExactly("w2:SCALE_DOWN");
  }

  @Test
  void replicasAreClampedAndMultipliedByHosts() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setReplicas(10);
    assertThat(plan(cluster).workerGroups().get(0).podsToCreate()).isEqualTo(5);
    TestClusters.group(cluster).setReplicas(0);
    TestClusters.group(cluster).setMinReplicas(2);
    assertThat(plan(cluster).workerGroups().get(0).podsToCreate()).isEqualTo(2);
    TestClusters.group(cluster).setNumOfHosts(3);
    assertThat(plan(cluster).workerGroups().get(0).podsToCreate()).isEqualTo(6);
  }

  @Test
  void suspendedGroupLosesItsPods() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setSuspend(true);
    PodReconcilePlan plan = plan(cluster, headPod("h", "Running", true), running("w1"),
        TestClusters.terminating(running("w2")));
    assertThat(deleted(plan)).containsExactly("w1:GROUP_SUSPENDED");
    assertThat(plan.workerGroups().get(0).desiredPods()).isZero();
    assertThat(plan.workerGroups().get(0).podsToCreate()).isZero();
  }

  @Test
  void suspendDeletesEverythingAndCreatesNothing() {
    RayCluster cluster = TestClusters.basic();
    cluster.getSpec().setSuspend(true);
    PodReconcilePlan plan = plan(cluster, headPod("h", "Running", true), running("w1"));
    assertThat(plan.deleteAllPods()).isTrue();
    assertThat(plan.createHead()).isFalse();
    assertThat(plan.workerGroups()).isEmpty();

    assertThat(plan(cluster).isNoop()).isTrue();
    assertThat(plan(cluster, TestClusters.terminating(running("w1"))).deleteAllPods()).isFalse();
  }

  @Test
  void aSuspensionInProgressCompletesEvenIfSuspendIsWithdrawn() {
    RayCluster cluster = TestClusters.basic();
    setCondition(cluster, "RayClusterSuspending");
    assertThat(plan(cluster, running("w1")).deleteAllPods()).isTrue();

    setCondition(cluster, "RayClusterSuspended");
    assertThat(plan(cluster).createHead()).as("resumes").isTrue();
  }

  @Test
  void podsOfRemovedGroupsAreDeleted() {
    PodReconcilePlan plan = plan(TestClusters.basic(), headPod("h", "Running", true), running("w1"), running("w2"),
        workerPod("old-1", "gone", "Running", true, null));
    assertThat(plan.removedGroupDeletions()).containsExactly(
        new PodDeletion("old-1", PodDeletion.Reason.GROUP_REMOVED));
  }

  @Test
  void headRestartCanBeDisabledOnceProvisioned() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setAnnotations(Map.of("ray.io/disable-provisioned-head-restart", "true"));
    assertThat(plan(cluster).createHead()).as("not provisioned yet").isTrue();
    setCondition(cluster, "RayClusterProvisioned");
    assertThat(plan(cluster).createHead()).isFalse();
  }
}
