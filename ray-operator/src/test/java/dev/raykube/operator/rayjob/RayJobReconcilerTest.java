package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayJob controller's reconciler called directly ({@link DirectRayJobs}): an HTTPMode RayJob from creation to
 * Complete with one submission and an owned RayCluster, the stop on deletion under each finalizer policy, an operator
 * restart (a new reconciler) during the submission and while a RayJob is deleted, and an invalid spec.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobReconcilerTest {

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
      d.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("HTTPMode: finalizer kept, an owned RayCluster, one submission, Complete")
  void httpModeToComplete() {
    jobs.create(httpModeJob("train", "python train.py"));

    jobs.runUntil("train", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    RayJob done = jobs.get("train");
    assertThat(done.getMetadata().getFinalizers()).containsExactly(FinalizerNames.RAYJOB);
    assertThat(done.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(done.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(done.getStatus().getRayClusterName()).startsWith("train-");
    assertThat(jobs.dashboard.submissionIds()).containsExactly(done.getStatus().getJobId());
    RayCluster cluster = jobs.clusters().get(0);
    assertThat(cluster.getMetadata().getName()).isEqualTo(done.getStatus().getRayClusterName());
    assertThat(cluster.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getUid()).isEqualTo(done.getMetadata().getUid()));
    assertThat(jobs.eventReasons("train")).as("Events for actions on other objects; the status shows the rest")
        .contains("CreatedRayCluster").doesNotContain("SubmittedRayJob", "Completed");
  }

  @Test
  @DisplayName("delete while RUNNING: the Ray job is stopped for its submission id, then the RayJob is gone")
  void deleteWhileRunningStopsTheJob() {
    String id = runningJob("train", null);

    jobs.delete("train");
    assertThat(jobs.get("train")).as("the finalizer holds the RayJob until the cleanup").isNotNull();
    jobs.runUntil("train", "the RayJob is gone", j -> j == null);

    assertThat(jobs.dashboard.stopRequested(id)).isTrue();
    assertThat(jobs.dashboard.submissionIds()).containsExactly(id);
    assertThat(jobs.eventReasons("train")).as("the stop is the deletion step a user cannot see otherwise")
        .contains("StopRequested").doesNotContain(RayJobEventReason.DELETING.value(),
            RayJobEventReason.STOPPING_RAY_JOB.value(), "CleanupDone");
  }

  @Test
  @DisplayName("delete while no operator runs: the next operator stops the job and lets the RayJob go")
  void deleteWhileOperatorIsStopped() {
    String id = runningJob("train", null);

    jobs.delete("train"); // no reconcile follows: no operator runs
    assertThat(jobs.get("train")).as("the finalizer holds the RayJob").isNotNull();
    assertThat(jobs.get("train").getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(jobs.dashboard.stopRequested(id)).isFalse();

    jobs.restart();
    jobs.runUntil("train", "the RayJob is gone", j -> j == null);
    assertThat(jobs.dashboard.stopRequested(id)).isTrue();
  }

  @Test
  @DisplayName("a RayJob whose Ray job has ended is deleted without a stop call")
  void deleteAfterTheEndMakesNoStopCall() {
    jobs.create(httpModeJob("train", "python train.py"));
    jobs.runUntil("train", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    jobs.dashboard.clearRequests();

    jobs.delete("train");

    jobs.runUntil("train", "the RayJob is gone", j -> j == null);
    assertThat(jobs.dashboard.requests()).noneMatch(r -> r.path().endsWith("/stop"));
    assertThat(jobs.eventReasons("train")).doesNotContain(RayJobEventReason.STOPPING_RAY_JOB.value(),
        RayJobEventReason.DELETING.value(), "AlreadyTerminal", "CleanupDone");
  }

  @Test
  @DisplayName("dashboard down at deletion, best-effort: the stop fails, the finalizer is removed anyway")
  void dashboardDownBestEffort() {
    String id = runningJob("train", null);
    jobs.dashboard.refuseConnectionsFor(Duration.ofSeconds(30));

    jobs.delete("train");
    jobs.step("train");

    assertThat(jobs.get("train")).as("gone after one cleanup").isNull();
    assertThat(jobs.dashboard.stopRequested(id)).isFalse();
    assertThat(jobs.events("train")).filteredOn(e -> RayJobEventReason.STOP_FAILED.value().equals(e.getReason()))
        .singleElement().satisfies(e -> {
          assertThat(e.getType()).isEqualTo("Warning");
          assertThat(e.getMessage()).startsWith("stop failed: ");
        });
  }

  @Test
  @DisplayName("dashboard down at deletion, until-confirmed: retried after the backoff, then stopped and removed")
  void dashboardDownUntilConfirmed() {
    String id = runningJob("train", FinalizerPolicy.UNTIL_CONFIRMED.annotationValue());
    jobs.dashboard.injectFault("POST", "/api/jobs/" + id + "/stop", 1_000, Fault.dropConnection());

    jobs.delete("train");
    Optional<Duration> retry = jobs.step("train");

    assertThat(jobs.eventReasons("train")).contains(RayJobEventReason.STOP_FAILED.value());
    assertThat(jobs.get("train")).as("the finalizer still holds the RayJob").isNotNull();
    assertThat(retry).as("the cleanup asks to be called again").isPresent();
    assertThat(jobs.step("train")).as("no attempt before the backoff has passed").isPresent();
    assertThat(jobs.eventReasons("train")).filteredOn(RayJobEventReason.STOP_FAILED.value()::equals).hasSize(1);

    jobs.dashboard.clearFaults();
    jobs.clock.advance(retry.orElseThrow());
    jobs.runUntil("train", "the RayJob is gone", j -> j == null);
    assertThat(jobs.eventReasons("train")).contains("StopRequested");
    await("the Ray job is STOPPED", () -> jobs.dashboard.jobStatus(id).filter("STOPPED"::equals).isPresent());
  }

  @Test
  @DisplayName("operator restart after a submission whose answer was lost: exactly one submission")
  void restartDuringSubmission() {
    // The first submission reaches Ray, but its answer is lost: the operator cannot know it worked.
    jobs.dashboard.injectFault("POST", "/api/jobs/", 1, Fault.dropConnectionAfterHandling());
    jobs.create(httpModeJob("train", "python train.py"));
    jobs.runUntil("train", "the submission reached Ray", j -> !jobs.dashboard.submissionIds().isEmpty());

    jobs.restart();
    jobs.runUntil("train", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(jobs.dashboard.submissionIds()).containsExactly(jobs.submissionId("train"));
  }

  @Test
  @DisplayName("an invalid spec: ValidationFailed and a Warning Event, nothing created")
  void invalidSpec() {
    RayJob job = httpModeJob("broken", "python train.py");
    job.getSpec().setClusterSelector(Map.of("ray.io/cluster", "shared"));
    jobs.create(job);

    jobs.step("broken");
    assertThat(jobs.deploymentStatus("broken")).isEqualTo(JobDeploymentStatus.VALIDATION_FAILED);
    assertThat(jobs.get("broken").getStatus().getMessage()).contains("spec.rayClusterSpec and"
        + " spec.clusterSelector are both set");
    assertThat(jobs.events("broken")).anySatisfy(e -> assertThat(e.getType()).isEqualTo("Warning"));
    jobs.step("broken");
    assertThat(jobs.clusters()).isEmpty();
    assertThat(jobs.dashboard.submissionIds()).isEmpty();
  }

  private String runningJob(String name, String policy) {
    RayJob job = httpModeJob(name, "python forever.py");
    if (policy != null) {
      job.getMetadata().setAnnotations(Map.of(FinalizerPolicy.ANNOTATION, policy));
    }
    jobs.create(job);
    jobs.runUntil(name, "the Ray job runs", DirectRayJobs.rayJobRunning());
    return jobs.submissionId(name);
  }
}
