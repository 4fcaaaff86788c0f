package dev.raykube.operator.rayjob;

import static dev.raykube.operator.testing.Eventually.await;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.lifecycle.job.RayJobEventReason;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.DeletionRules;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What happens to the RayCluster and the RayJob after the end, and on suspend, in the real operator runtime:
 * {@code ttlSecondsAfterFinished} above 0, {@code deletionStrategy.deletionRules} (DeleteWorkers, DeleteSelf), and
 * suspending a running RayJob, then resuming it.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobCleanupTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python train\\.py"),
          JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  @Test
  @DisplayName("ttlSecondsAfterFinished 2: the owned RayCluster is deleted no earlier than 2 s after the end")
  void ttlAboveZero() {
    RayJob job = httpModeJob("ttl", "python train.py");
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(2);
    bed.harness.create(job);

    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("ttl") == JobDeploymentStatus.COMPLETE);
    await("the RayCluster is deleted", () -> bed.harness.clusters().isEmpty()
        && bed.harness.eventReasons("ttl").contains(RayJobEventReason.DELETED_RAY_CLUSTER.value()));
    Instant end = Instant.parse(bed.harness.get("ttl").getStatus().getEndTime());
    Event deleted = bed.harness.events("ttl").stream()
        .filter(e -> RayJobEventReason.DELETED_RAY_CLUSTER.value().equals(e.getReason()))
        .findFirst().orElseThrow();
    assertThat(Duration.between(end, Instant.parse(deleted.getFirstTimestamp())).toSeconds())
        .as("seconds from status.endTime to the deletion").isGreaterThanOrEqualTo(2);
    assertThat(bed.harness.get("ttl")).isNotNull();
  }

  @Test
  @DisplayName("deletionRules DeleteWorkers: the worker groups of the owned cluster are suspended, the cluster kept")
  void deleteWorkersRule() {
    bed.harness.create(DeletionRules.onSuccess(withWorkers(httpModeJob("workers", "python train.py")),
        DeletionPolicyType.DELETE_WORKERS));

    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("workers") == JobDeploymentStatus.COMPLETE);
    await("every worker group suspended", () -> bed.harness.clusters().stream().findFirst()
        .map(c -> c.getSpec().getWorkerGroupSpecs().stream().map(WorkerGroupSpec::getSuspend)
            .allMatch(Boolean.TRUE::equals)).orElse(false)
        && bed.harness.eventReasons("workers").contains(RayJobEventReason.SUSPENDED_WORKERS.value()));
    RayCluster cluster = bed.harness.clusters().get(0);
    assertThat(cluster.getMetadata().getDeletionTimestamp()).isNull();
    assertThat(bed.harness.get("workers")).isNotNull();
  }

  @Test
  @DisplayName("deletionRules DeleteSelf: the RayJob deletes itself after the end, without a stop call")
  void deleteSelfRule() {
    bed.harness.create(DeletionRules.onSuccess(httpModeJob("self", "python train.py"), DeletionPolicyType.DELETE_SELF));

    await("the RayJob is gone", () -> bed.harness.gone("self"));
    assertThat(bed.dashboard.submissionIds()).hasSize(1);
    assertThat(bed.dashboard.requests()).noneMatch(r -> r.path().endsWith("/stop"));
    assertThat(bed.harness.eventReasons("self")).contains("Completed", RayJobEventReason.DELETED_RAY_JOB.value());
  }

  @Test
  @DisplayName("suspend while RUNNING: the cluster is deleted, Suspended; resume runs a new attempt to Complete")
  void suspendWhileRunning() {
    RayJob job = httpModeJob("pausable", "python forever.py");
    job.getSpec().setShutdownAfterJobFinishes(true); // required with suspend
    job.getSpec().setTtlSecondsAfterFinished(60);
    bed.harness.create(job);
    await("the Ray job runs", () -> bed.harness.jobStatus("pausable") == JobStatus.RUNNING);
    String firstCluster = bed.harness.get("pausable").getStatus().getRayClusterName();
    String firstId = bed.harness.submissionId("pausable");

    bed.harness.edit("pausable", j -> j.getSpec().setSuspend(true));
    await("Suspended", () -> bed.harness.deploymentStatus("pausable") == JobDeploymentStatus.SUSPENDED);
    assertThat(bed.harness.clusters()).isEmpty();
    assertThat(bed.harness.get("pausable").getStatus().getJobId()).isNull();
    assertThat(bed.harness.eventReasons("pausable"))
        .contains("Suspending", RayJobEventReason.DELETED_RAY_CLUSTER.value(), "Suspended");

    bed.dashboard.scriptEntrypoints(Pattern.compile("python forever\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    bed.harness.edit("pausable", j -> j.getSpec().setSuspend(false));
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("pausable") == JobDeploymentStatus.COMPLETE);
    RayJob done = bed.harness.get("pausable");
    assertThat(done.getStatus().getRayClusterName()).isNotEqualTo(firstCluster);
    assertThat(done.getStatus().getJobId()).isNotEqualTo(firstId);
    assertThat(bed.dashboard.submissionIds()).containsExactly(firstId, done.getStatus().getJobId());
  }

  private static RayJob withWorkers(RayJob job) {
    WorkerGroupSpec group = new WorkerGroupSpec();
    group.setGroupName("small");
    group.setReplicas(1);
    group.setMinReplicas(1);
    group.setMaxReplicas(1);
    group.setRayStartParams(Map.of());
    group.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-worker")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    job.getSpec().getRayClusterSpec().setWorkerGroupSpecs(List.of(group));
    return job;
  }
}
