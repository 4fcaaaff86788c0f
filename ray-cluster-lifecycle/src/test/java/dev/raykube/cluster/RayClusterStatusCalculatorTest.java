package dev.raykube.cluster;

import static dev.raykube.cluster.TestClusters.headPod;
import static dev.raykube.cluster.TestClusters.workerPod;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RayClusterStatusCalculatorTest {

  private static final Instant T0 = Instant.parse("2026-03-01T10:00:00.123Z");
  private static final Instant T1 = Instant.parse("2026-03-01T10:05:00Z");
  private static final Instant T2 = Instant.parse("2026-03-01T10:09:00Z");

  private final Service headless = new HeadServiceFactory(ClusterBuildSettings.defaults())
      .build(TestClusters.basic());

  private static Condition condition(RayClusterStatus status, String type) {
    return status.getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElse(null);
  }

  private static String summary(RayClusterStatus status, String type) {
    Condition c = condition(status, type);
    return c == null ? null : c.getStatus() + "/" + c.getReason();
  }

  private static List<Pod> allReady() {
    return List.of(headPod("h", "Running", true), workerPod("w1", "workers", "Running", true, null),
        workerPod("w2", "workers", "Running", true, null));
  }

  private static RayClusterStatus next(RayCluster cluster, List<Pod> pods, Service service, ReplicaFailure failure,
      Instant now) {
    RayClusterStatus status = RayClusterStatusCalculator.calculate(cluster, pods, service, failure, now);
    cluster.setStatus(status);
    return status;
  }

  @Test
  void newClusterWithNothingObserved() {
    RayCluster cluster = TestClusters.basic();
    RayClusterStatus status = next(cluster, List.of(), null, null, T0);

    assertThat(status.getState()).isNull();
    assertThat(status.getDesiredWorkerReplicas()).isEqualTo(2);
    assertThat(status.getMinWorkerReplicas()).isZero();
    assertThat(status.getMaxWorkerReplicas()).isEqualTo(5);
    assertThat(status.getReadyWorkerReplicas()).isZero();
    assertThat(status.getAvailableWorkerReplicas()).isZero();
    assertThat(status.getDesiredCPU()).isEqualTo(new Quantity("4"));
    assertThat(status.getDesiredCPU().toString()).isEqualTo("4");
    assertThat(status.getDesiredMemory().toString()).isEqualTo("8Gi");
    assertThat(status.getDesiredGPU().toString()).isEqualTo("0");
    assertThat(status.getDesiredTPU().toString()).isEqualTo("0");
    assertThat(status.getEndpoints()).isNull();
    assertThat(status.getHead()).isNull();
    assertThat(status.getObservedGeneration()).isEqualTo(3L);
    assertThat(status.getLastUpdateTime()).isEqualTo("2026-03-01T10:00:00Z");
    assertThat(summary(status, "HeadPodReady")).isEqualTo("False/HeadPodNotFound");
    assertThat(summary(status, "RayClusterProvisioned")).isEqualTo("False/RayClusterPodsProvisioning");
    assertThat(condition(status, "ReplicaFailure")).isNull();
    assertThat(condition(status, "HeadPodReady").getObservedGeneration()).isEqualTo(3L);
  }

  @Test
  void readyOnceEveryPodIsRunningAndReadyAndStaysReady() {
    RayCluster cluster = TestClusters.basic();
    next(cluster, List.of(headPod("h", "Running", false)), headless, null, T0);
    RayClusterStatus ready = next(cluster, allReady(), headless, null, T1);

    assertThat(ready.getState()).isEqualTo(ClusterState.READY);
    assertThat(ready.getStateTransitionTimes()).containsEntry("ready", "2026-03-01T10:05:00Z");
    assertThat(ready.getReadyWorkerReplicas()).isEqualTo(2);
    assertThat(summary(ready, "HeadPodReady")).isEqualTo("True/HeadPodRunningAndReady");
    assertThat(summary(ready, "RayClusterProvisioned")).isEqualTo("True/AllPodRunningAndReadyFirstTime");
    assertThat(ready.getHead().getPodName()).isEqualTo("h");
    assertThat(ready.getHead().getServiceName()).isEqualTo("demo-head-svc");
    assertThat(ready.getHead().getServiceIP()).as("headless: the head Pod's IP")
        .isEqualTo(ready.getHead().getPodIP()).isNotNull();
    assertThat(ready.getEndpoints()).containsEntry("dashboard", "8265").containsEntry("gcs-server", "6379")
        .containsEntry("client", "10001").containsEntry("metrics", "8080").containsEntry("serve", "8000");

    RayClusterStatus degraded = next(cluster, List.of(headPod("h", "Running", true),
        workerPod("w1", "workers", "Running", true, null), workerPod("w2", "workers", "Failed", false, null)),
        headless, null, T2);
    assertThat(degraded.getState()).isEqualTo(ClusterState.READY);
    assertThat(degraded.getReadyWorkerReplicas()).isOne();
    assertThat(degraded.getAvailableWorkerReplicas()).isOne();
    assertThat(condition(degraded, "RayClusterProvisioned").getStatus()).isEqualTo("True");
    assertThat(condition(degraded, "RayClusterProvisioned").getLastTransitionTime())
        .isEqualTo("2026-03-01T10:05:00Z");
  }

  @Test
  void headNotReadyCarriesThePodsReason() {
    RayCluster cluster = TestClusters.basic();
    RayClusterStatus status = next(cluster, List.of(headPod("h", "Running", false)), headless, null, T0);
    assertThat(summary(status, "HeadPodReady")).isEqualTo("False/ContainersNotReady");
    assertThat(condition(status, "HeadPodReady").getMessage()).isEqualTo("Head Pod h is Running and not ready");
    status = next(cluster, List.of(headPod("h", null, false)), headless, null, T0);
    assertThat(summary(status, "HeadPodReady")).isEqualTo("False/HeadPodNotReady");
  }

  @Test
  void replicaFailureIsReportedUntilAReconcileSucceeds() {
    RayCluster cluster = TestClusters.basic();
    ReplicaFailure failure = new ReplicaFailure(ReplicaFailure.Reason.FAILED_CREATE_WORKER_POD,
        "pods \"demo-workers-worker-\" is forbidden: exceeded quota");
    RayClusterStatus failed = next(cluster, allReady(), headless, failure, T0);
    assertThat(summary(failed, "ReplicaFailure")).isEqualTo("True/FailedCreateWorkerPod");
    assertThat(condition(failed, "ReplicaFailure").getMessage()).contains("exceeded quota");
    assertThat(failed.getState()).isNull();

    RayClusterStatus recovered = next(cluster, allReady(), headless, null, T1);
    assertThat(condition(recovered, "ReplicaFailure")).isNull();
    assertThat(recovered.getState()).isEqualTo(ClusterState.READY);
  }

  @Test
  void suspendAndResume() {
    RayCluster cluster = TestClusters.basic();
    next(cluster, allReady(), headless, null, T0);
    cluster.getSpec().setSuspend(true);

    RayClusterStatus suspending = next(cluster, allReady(), headless, null, T1);
    assertThat(summary(suspending, "RayClusterSuspending")).isEqualTo("True/RayClusterSuspending");
    assertThat(condition(suspending, "RayClusterSuspended")).isNull();
    assertThat(suspending.getState()).isEqualTo(ClusterState.READY);

    RayClusterStatus suspended = next(cluster, List.of(), headless, null, T2);
    assertThat(summary(suspended, "RayClusterSuspending")).isEqualTo("False/RayClusterSuspending");
    assertThat(summary(suspended, "RayClusterSuspended")).isEqualTo("True/RayClusterSuspended");
    assertThat(summary(suspended, "RayClusterProvisioned")).isEqualTo("False/RayClusterPodsProvisioning");
    assertThat(suspended.getState()).isEqualTo(ClusterState.SUSPENDED);
    assertThat(suspended.getStateTransitionTimes()).containsEntry("suspended", "2026-03-01T10:09:00Z")
        .containsEntry("ready", "2026-03-01T10:00:00Z");

    cluster.getSpec().setSuspend(false);
    RayClusterStatus resuming = next(cluster, List.of(), headless, null, T2);
    assertThat(summary(resuming, "RayClusterSuspended")).isEqualTo("False/RayClusterResumed");
    assertThat(resuming.getState()).isNull();
    assertThat(next(cluster, allReady(), headless, null, T2).getState()).isEqualTo(ClusterState.READY);
  }

  @Test
  void clusterIpServiceAndNodePorts() {
    RayCluster cluster = TestClusters.basic();
    Service service = new ServiceBuilder(headless).editSpec().withClusterIP("10.96.0.7").withType("NodePort")
        .editFirstPort().withNodePort(30001).endPort().endSpec().build();
    RayClusterStatus status = next(cluster, allReady(), service, null, T0);
    assertThat(status.getHead().getServiceIP()).isEqualTo("10.96.0.7");
    assertThat(status.getEndpoints()).containsEntry("client", "30001").containsEntry("dashboard", "8265");
  }

  @Test
  void desiredResourcesCountRequestsElseLimitsOfAllContainers() {
    RayCluster cluster = TestFiles.input("accelerators");
    RayClusterStatus status = next(cluster, List.of(), null, null, T0);
    // head requests 1500m/3Gi; tpu: 2 replicas x 2 hosts x (8 CPU, 16Gi, 4 TPU); custom: 1 x (4 CPU, 8Gi)
    assertThat(status.getDesiredWorkerReplicas()).isEqualTo(5);
    assertThat(status.getDesiredCPU().toString()).isEqualTo("37500m");
    assertThat(status.getDesiredMemory().toString()).isEqualTo("75Gi");
    assertThat(status.getDesiredTPU().toString()).isEqualTo("16");
    assertThat(status.getDesiredGPU().toString()).isEqualTo("0");
  }

  @Test
  void unchangedInputsDoNotChangeTheStatus() {
    RayCluster cluster = TestClusters.basic();
    RayClusterStatus first = next(cluster, allReady(), headless, null, T0);
    RayClusterStatus second = RayClusterStatusCalculator.calculate(cluster, allReady(), headless, null, T2);
    assertThat(RayClusterStatusCalculator.differs(first, second)).isFalse();
    assertThat(second.getLastUpdateTime()).isEqualTo(first.getLastUpdateTime());
    assertThat(second).isEqualTo(first);

    RayClusterStatus fewer = RayClusterStatusCalculator.calculate(cluster, List.of(headPod("h", "Running", true),
        workerPod("w1", "workers", "Running", true, null)), headless, null, T2);
    assertThat(RayClusterStatusCalculator.differs(first, fewer)).isTrue();
    assertThat(fewer.getLastUpdateTime()).isEqualTo("2026-03-01T10:09:00Z");
    assertThat(RayClusterStatusCalculator.differs(null, first)).isTrue();
  }

  @Test
  void invalidSpecSetsTheReasonOnly() {
    RayCluster cluster = TestClusters.basic();
    next(cluster, allReady(), headless, null, T0);
    RayClusterStatus invalid = RayClusterStatusCalculator.invalidSpec(cluster,
        List.of("spec.headGroupSpec is missing", "spec.rayVersion is not a version"), T1);
    assertThat(invalid.getReason())
        .isEqualTo("Invalid RayCluster: spec.headGroupSpec is missing; spec.rayVersion is not a version");
    assertThat(invalid.getState()).isEqualTo(ClusterState.READY);
    assertThat(invalid.getReadyWorkerReplicas()).isEqualTo(2);
    assertThat(invalid.getLastUpdateTime()).isEqualTo("2026-03-01T10:05:00Z");
    assertThat(cluster.getStatus().getReason()).as("input untouched").isNull();
    assertThatThrownBy(() -> RayClusterStatusCalculator.invalidSpec(cluster, List.of(), T1))
        .isInstanceOf(IllegalArgumentException.class);
  }

  /** A fixed spec whose Pods are not all ready yet must not keep telling the user that the spec is invalid. */
  @Test
  void aValidSpecClearsTheRejectionEvenBeforeThePodsAreReady() {
    RayCluster cluster = TestClusters.basic();
    cluster.setStatus(RayClusterStatusCalculator.invalidSpec(cluster, List.of("spec.x is wrong"), T0));
    RayClusterStatus provisioning = RayClusterStatusCalculator.calculate(cluster,
        List.of(headPod("h", "Pending", false)), headless, null, T1);
    assertThat(provisioning.getReason()).isNull();
    assertThat(provisioning.getState()).isNull();

    RayClusterStatus other = new RayClusterStatus();
    other.setReason("set by another writer");
    cluster.setStatus(other);
    assertThat(RayClusterStatusCalculator.calculate(cluster, List.of(headPod("h", "Pending", false)), headless, null,
        T1).getReason()).as("only our own rejection is cleared").isEqualTo("set by another writer");
  }

  @Test
  void keepsFieldsItDoesNotKnow() {
    RayCluster cluster = TestClusters.basic();
    RayClusterStatus previous = new RayClusterStatus();
    previous.setAdditionalProperty("futureField", Map.of("a", 1));
    cluster.setStatus(previous);
    assertThat(RayClusterStatusCalculator.calculate(cluster, List.of(), null, null, T0).getAdditionalProperties())
        .containsKey("futureField");
  }
}
