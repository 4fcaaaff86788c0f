package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.NS;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
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
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayJob controller in the real operator runtime, next to the RayCluster controller, against the CRUD mock with a
 * pod simulator playing kubelet and {@link FakeRayDashboard} as every cluster's dashboard.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobReconcilerTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client);
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  @Test
  @DisplayName("HTTPMode: finalizer first, an owned RayCluster, one submission, Complete")
  void httpModeToComplete() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(300), "ok\n"));
    bed.harness.create(httpModeJob("train", "python train.py"));

    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("train") == JobDeploymentStatus.COMPLETE);
    RayJob done = bed.harness.get("train");
    assertThat(done.getMetadata().getFinalizers()).containsExactly(FinalizerNames.RAYJOB);
    assertThat(done.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(done.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(done.getStatus().getRayClusterName()).startsWith("train-");
    assertThat(bed.dashboard.submissionIds()).containsExactly(done.getStatus().getJobId());
    RayCluster cluster = bed.harness.clusters().get(0);
    assertThat(cluster.getMetadata().getName()).isEqualTo(done.getStatus().getRayClusterName());
    assertThat(cluster.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getUid()).isEqualTo(done.getMetadata().getUid()));
    assertThat(bed.harness.eventReasons("train")).as("Events for actions on other objects; the status shows the rest")
        .contains("CreatedRayCluster").doesNotContain("SubmittedRayJob", "Completed");
  }

  @Test
  @DisplayName("delete while RUNNING: the Ray job is stopped for its submission id, then the RayJob is gone")
  void deleteWhileRunningStopsTheJob() {
    String id = runningJob("train");

    bed.harness.delete("train");

    await("the RayJob is gone", () -> bed.harness.gone("train"));
    assertThat(bed.dashboard.stopRequested(id)).isTrue();
    assertThat(bed.dashboard.submissionIds()).containsExactly(id);
    assertThat(bed.harness.eventReasons("train")).as("the stop is the deletion step a user cannot see otherwise")
        .contains("StopRequested").doesNotContain(RayJobEventReason.DELETING.value(),
            RayJobEventReason.STOPPING_RAY_JOB.value(), "CleanupDone");
  }

  @Test
  @DisplayName("delete while the operator is stopped: the next operator stops the job and lets the RayJob go")
  void deleteWhileOperatorIsStopped() throws Exception {
    String id = runningJob("train");
    bed.stopOperator();

    client.resources(RayJob.class).inNamespace(NS).withName("train").delete();
    Thread.sleep(300);
    assertThat(client.resources(RayJob.class).inNamespace(NS).withName("train").get())
        .as("the finalizer holds the RayJob").isNotNull();
    assertThat(bed.dashboard.stopRequested(id)).isFalse();

    bed.startOperator(RayJobTestBed.FAST);
    await("the RayJob is gone", () -> bed.harness.gone("train"));
    assertThat(bed.dashboard.stopRequested(id)).isTrue();
  }

  @Test
  @DisplayName("a RayJob whose Ray job has ended is deleted without a stop call")
  void deleteAfterTheEndMakesNoStopCall() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    bed.harness.create(httpModeJob("train", "python train.py"));
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("train") == JobDeploymentStatus.COMPLETE);
    bed.dashboard.clearRequests();

    bed.harness.delete("train");

    await("the RayJob is gone", () -> bed.harness.gone("train"));
    assertThat(bed.dashboard.requests()).noneMatch(r -> r.path().endsWith("/stop"));
    assertThat(bed.harness.eventReasons("train")).doesNotContain(RayJobEventReason.STOPPING_RAY_JOB.value(),
        RayJobEventReason.DELETING.value(), "AlreadyTerminal", "CleanupDone");
  }

  @Test
  @DisplayName("dashboard down at deletion, best-effort: the stop fails, the finalizer is removed anyway")
  void dashboardDownBestEffort() {
    String id = runningJob("train");
    bed.dashboard.refuseConnectionsFor(Duration.ofSeconds(30));

    bed.harness.delete("train");

    await("the RayJob is gone", () -> bed.harness.gone("train"));
    assertThat(bed.dashboard.stopRequested(id)).isFalse();
    assertThat(bed.harness.events("train")).filteredOn(e -> RayJobEventReason.STOP_FAILED.value().equals(e.getReason()))
        .singleElement().satisfies(e -> {
          assertThat(e.getType()).isEqualTo("Warning");
          assertThat(e.getMessage()).startsWith("stop failed: ");
        });
  }

  @Test
  @DisplayName("dashboard down at deletion, until-confirmed: retried while down, then stopped and removed")
  void dashboardDownUntilConfirmed() throws Exception {
    String id = runningJob("train", FinalizerPolicy.UNTIL_CONFIRMED.annotationValue());
    bed.dashboard.refuseConnectionsFor(Duration.ofSeconds(3));

    bed.harness.delete("train");

    await("a failed stop attempt", () -> bed.harness.eventReasons("train")
        .contains(RayJobEventReason.STOP_FAILED.value()));
    assertThat(bed.harness.get("train")).as("the finalizer still holds the RayJob").isNotNull();
    await("the RayJob is gone", () -> bed.harness.gone("train"));
    assertThat(bed.dashboard.stopRequested(id)).isTrue();
  }

  @Test
  @DisplayName("operator restart during submission: exactly one submission")
  void restartDuringSubmission() throws Exception {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(300), "ok\n"));
    // The first submission reaches Ray, but its answer is lost: the operator cannot know it worked.
    bed.dashboard.injectFault("POST", "/api/jobs/", 1, Fault.dropConnectionAfterHandling());
    bed.harness.create(httpModeJob("train", "python train.py"));
    await("the submission reached Ray", () -> !bed.dashboard.submissionIds().isEmpty());
    bed.startOperator(RayJobTestBed.FAST); // a restart

    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("train") == JobDeploymentStatus.COMPLETE);
    assertThat(bed.dashboard.submissionIds()).containsExactly(bed.harness.submissionId("train"));
  }

  @Test
  @DisplayName("an invalid spec: ValidationFailed and a Warning Event, nothing created")
  void invalidSpec() {
    RayJob job = httpModeJob("broken", "python train.py");
    job.getSpec().setClusterSelector(Map.of("ray.io/cluster", "shared"));
    bed.harness.create(job);

    await("ValidationFailed", () -> bed.harness.deploymentStatus("broken") == JobDeploymentStatus.VALIDATION_FAILED
        && !bed.harness.events("broken").isEmpty());
    assertThat(bed.harness.get("broken").getStatus().getMessage()).contains("spec.rayClusterSpec and"
        + " spec.clusterSelector are both set");
    assertThat(bed.harness.events("broken")).anySatisfy(e -> assertThat(e.getType()).isEqualTo("Warning"));
    assertThat(bed.harness.clusters()).isEmpty();
    assertThat(bed.dashboard.submissionIds()).isEmpty();
  }

  private String runningJob(String name) {
    return runningJob(name, null);
  }

  private String runningJob(String name, String policy) {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsUntilStopped());
    RayJob job = httpModeJob(name, "python train.py");
    if (policy != null) {
      job.getMetadata().setAnnotations(Map.of(FinalizerPolicy.ANNOTATION, policy));
    }
    bed.harness.create(job);
    await("the Ray job runs", () -> bed.harness.jobStatus(name) == JobStatus.RUNNING);
    return bed.harness.submissionId(name);
  }
}
