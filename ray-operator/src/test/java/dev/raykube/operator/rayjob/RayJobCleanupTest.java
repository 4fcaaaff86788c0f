package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.DeletionPolicyType;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.DeletionRules;
import dev.raykube.testing.RayCrds;
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
 * What happens to the RayCluster and the RayJob after the end, and on suspend: {@code ttlSecondsAfterFinished} above
 * 0, {@code deletionStrategy.deletionRules} (DeleteWorkers, DeleteSelf), and suspending a running RayJob, then
 * resuming it. The RayJob controller's reconciler is called directly ({@link DirectRayJobs}) at a clock the test
 * moves, so a TTL passes when the test says so.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobCleanupTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python train\\.py"),
          JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("ttlSecondsAfterFinished 2: the owned RayCluster is deleted no earlier than 2 s after the end")
  void ttlAboveZero() {
    RayJob job = httpModeJob("ttl", "python train.py");
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(2);
    jobs.create(job);

    jobs.runUntil("ttl", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    jobs.clock.advance(Duration.ofMillis(1900));
    jobs.step("ttl");
    assertThat(jobs.clusters()).as("1.9 s after the end").hasSize(1);
    jobs.clock.advance(Duration.ofMillis(100));
    jobs.runUntil("ttl", "the RayCluster is deleted", j -> jobs.clusters().isEmpty()
        && jobs.eventReasons("ttl").contains(RayJobEventReason.DELETED_RAY_CLUSTER.value()));
    Instant end = Instant.parse(jobs.get("ttl").getStatus().getEndTime());
    Event deleted = jobs.events("ttl").stream()
        .filter(e -> RayJobEventReason.DELETED_RAY_CLUSTER.value().equals(e.getReason()))
        .findFirst().orElseThrow();
    assertThat(Duration.between(end, Instant.parse(deleted.getFirstTimestamp())).toSeconds())
        .as("seconds from status.endTime to the deletion").isGreaterThanOrEqualTo(2);
    assertThat(jobs.get("ttl")).isNotNull();
  }

  @Test
  @DisplayName("deletionRules DeleteWorkers: the worker groups of the owned cluster are suspended, the cluster kept")
  void deleteWorkersRule() {
    jobs.create(DeletionRules.onSuccess(withWorkers(httpModeJob("workers", "python train.py")),
        DeletionPolicyType.DELETE_WORKERS));

    jobs.runUntil("workers", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    jobs.runUntil("workers", "every worker group suspended", j -> jobs.clusters().stream().findFirst()
        .map(c -> c.getSpec().getWorkerGroupSpecs().stream().map(WorkerGroupSpec::getSuspend)
            .allMatch(Boolean.TRUE::equals)).orElse(false)
        && jobs.eventReasons("workers").contains(RayJobEventReason.SUSPENDED_WORKERS.value()));
    RayCluster cluster = jobs.clusters().get(0);
    assertThat(cluster.getMetadata().getDeletionTimestamp()).isNull();
    assertThat(jobs.get("workers")).isNotNull();
  }

  @Test
  @DisplayName("deletionRules DeleteSelf: the RayJob deletes itself after the end, without a stop call")
  void deleteSelfRule() {
    jobs.create(DeletionRules.onSuccess(httpModeJob("self", "python train.py"), DeletionPolicyType.DELETE_SELF));

    jobs.runUntil("self", "the RayJob is gone", j -> j == null);
    assertThat(jobs.dashboard.submissionIds()).hasSize(1);
    assertThat(jobs.dashboard.requests()).noneMatch(r -> r.path().endsWith("/stop"));
    assertThat(jobs.eventReasons("self")).contains(RayJobEventReason.DELETED_RAY_JOB.value());
  }

  @Test
  @DisplayName("suspend while RUNNING: the cluster is deleted, Suspended; resume runs a new attempt to Complete")
  void suspendWhileRunning() {
    RayJob job = httpModeJob("pausable", "python forever.py");
    job.getSpec().setShutdownAfterJobFinishes(true); // required with suspend
    job.getSpec().setTtlSecondsAfterFinished(60);
    jobs.create(job);
    jobs.runUntil("pausable", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String firstCluster = jobs.get("pausable").getStatus().getRayClusterName();
    String firstId = jobs.submissionId("pausable");

    jobs.edit("pausable", j -> j.getSpec().setSuspend(true));
    jobs.runUntil("pausable", "Suspended", DirectRayJobs.in(JobDeploymentStatus.SUSPENDED));
    assertThat(jobs.clusters()).isEmpty();
    assertThat(jobs.get("pausable").getStatus().getJobId()).isNull();
    assertThat(jobs.eventReasons("pausable"))
        .contains("Suspending", RayJobEventReason.DELETED_RAY_CLUSTER.value(), "Suspended");

    jobs.dashboard.scriptEntrypoints(Pattern.compile("python forever\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    jobs.edit("pausable", j -> j.getSpec().setSuspend(false));
    jobs.runUntil("pausable", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    RayJob done = jobs.get("pausable");
    assertThat(done.getStatus().getRayClusterName()).isNotEqualTo(firstCluster);
    assertThat(done.getStatus().getJobId()).isNotEqualTo(firstId);
    assertThat(jobs.dashboard.submissionIds()).containsExactly(firstId, done.getStatus().getJobId());
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
