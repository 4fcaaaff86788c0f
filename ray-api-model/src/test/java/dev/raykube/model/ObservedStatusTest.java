package dev.raykube.model;

import static dev.raykube.model.Manifests.SAME_VALUE;
import static dev.raykube.model.Manifests.SERIALIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.model.service.ServeApplicationState;
import dev.raykube.model.service.ServeDeploymentState;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Quantity;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Resources with a status as KubeRay writes it: typed access and lossless round trips. */
class ObservedStatusTest {

  @ParameterizedTest
  @ValueSource(strings = {"raycluster-with-status.yaml", "rayjob-with-status.yaml", "rayservice-with-status.yaml"})
  void roundTripKeepsTheWholeDocument(String name) {
    String yaml = Manifests.resource("/manifests/" + name);
    HasMetadata parsed = Manifests.parse(yaml);
    String written = SERIALIZATION.asYaml(parsed);

    assertThat(SERIALIZATION.unmarshal(written, parsed.getClass())).isEqualTo(parsed);
    assertThat(Manifests.tree(written).equals(SAME_VALUE, Manifests.tree(yaml)))
        .as("written:%n%s", written)
        .isTrue();
  }

  @Test
  void rayClusterStatusIsTyped() {
    RayCluster cluster = (RayCluster) Manifests.parse(Manifests.resource("/manifests/raycluster-with-status.yaml"));
    RayClusterStatus status = cluster.getStatus();

    assertThat(status.getState()).isEqualTo(ClusterState.READY);
    assertThat(status.getDesiredCPU()).isEqualTo(new Quantity("3"));
    assertThat(status.getDesiredMemory().getNumericalAmount()).isEqualByComparingTo("6442450944");
    assertThat(status.getHead().getServiceName()).isEqualTo("observed-cluster-head-svc");
    assertThat(status.getEndpoints()).containsEntry("dashboard", "8265");
    assertThat(status.getObservedGeneration()).isEqualTo(3L);
    assertThat(status.getConditions()).extracting(c -> RayClusterConditionType.fromValue(c.getType()))
        .containsExactly(RayClusterConditionType.PROVISIONED, RayClusterConditionType.HEAD_POD_READY);
    assertThat(cluster.getSpec().getWorkerGroupSpecs().get(0).getScaleStrategy().getWorkersToDelete())
        .containsExactly("observed-cluster-workers-worker-abcde");
  }

  @Test
  void rayJobStatusIsTyped() {
    RayJob job = (RayJob) Manifests.parse(Manifests.resource("/manifests/rayjob-with-status.yaml"));
    RayJobStatus status = job.getStatus();

    assertThat(status.getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(status.getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(status.getReason()).isNull();
    assertThat(status.getRayJobInfo().getEndTime()).isEqualTo("2026-11-30T08:09:20Z");
    assertThat(status.getSucceeded()).isEqualTo(1);
    assertThat(status.getFailed()).isZero();
    assertThat(status.getRayClusterStatus().getDesiredCPU()).isEqualTo(new Quantity("1500m"));
    assertThat(job.getSpec().getDeletionStrategy().getDeletionRules())
        .extracting(rule -> rule.getPolicy(), rule -> rule.getCondition().getJobStatus(),
            rule -> rule.getCondition().getJobDeploymentStatus(), rule -> rule.getCondition().getTtlSeconds())
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(DeletionPolicyType.DELETE_WORKERS, JobStatus.SUCCEEDED, null, 30),
            org.assertj.core.groups.Tuple.tuple(DeletionPolicyType.DELETE_CLUSTER, null, JobDeploymentStatus.FAILED,
                null));
  }

  @Test
  void rayServiceStatusIsTyped() {
    RayService service = (RayService) Manifests.parse(Manifests.resource("/manifests/rayservice-with-status.yaml"));
    RayServiceStatus status = service.getStatus();

    assertThat(status.getNumServeEndpoints()).isEqualTo(2);
    assertThat(status.getConditions()).first()
        .satisfies(c -> assertThat(RayServiceConditionType.fromValue(c.getType())).isEqualTo(
            RayServiceConditionType.READY))
        .satisfies(c -> assertThat(c.getStatus()).isEqualTo("True"));
    var app = status.getActiveServiceStatus().getApplicationStatuses().get("app");
    assertThat(app.getStatus()).isEqualTo(ServeApplicationState.RUNNING);
    assertThat(app.getServeDeploymentStatuses().get("Model").getStatus()).isEqualTo(ServeDeploymentState.HEALTHY);
    assertThat(status.getActiveServiceStatus().getRayClusterStatus().getState()).isEqualTo(ClusterState.READY);
    assertThat(status.getPendingServiceStatus()).isNotNull();
    assertThat(status.getPendingServiceStatus().getRayClusterName()).isNull();
  }
}
