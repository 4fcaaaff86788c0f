package dev.raykube.job.loop;

import static dev.raykube.job.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.kernel.ActionOutcome.Result;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardAccessException;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.CleanedUp;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the loop makes of the outcomes, against the CRUD mock and FakeRayDashboard, driven by real decisions of the
 * state machine: a failed submission decided again, a conflict decided again, a failed action retried soon, the
 * dashboard problem Event, the cleanup of a deleted RayJob, and a whole HTTPMode lifecycle.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobLoopTest {
  private static final String STATUS_PATH = "/apis/ray.io/v1/namespaces/ml/rayjobs/demo/status";

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private LoopBed bed;

  @BeforeEach
  void setUp() {
    bed = new LoopBed(client, server);
  }

  @AfterEach
  void tearDown() {
    bed.close();
  }

  @Test
  @DisplayName("a submission the dashboard rejects is decided again: the RayJob fails (SubmissionFailed)")
  void rejectedSubmission() {
    bed.runningHttpJob();
    bed.fake.injectFault("POST", "/api/jobs/", 1, Fault.status(400, "TypeError: entrypoint must be a string"));
    var result = bed.reconcile();
    assertThat(result.outcomes()).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.REJECTED);
    assertThat(result.decision().status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    RayJob stored = bed.stored();
    assertThat(stored.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(stored.getStatus().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(stored.getStatus().getMessage()).contains("entrypoint must be a string");
    assertThat(bed.reasons()).contains("FailedToSubmitRayJob", "SubmissionFailed");
    assertThat(bed.fake.submissionIds()).isEmpty();
  }

  @Test
  @DisplayName("a dashboard that is down at submission starts the status-check timer and polls again")
  void unavailableAtSubmission() {
    bed.runningHttpJob();
    bed.fake.injectFault("POST", "/api/jobs/", 1, Fault.status(503, "unavailable"));
    var result = bed.reconcile();
    assertThat(result.outcomes()).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.FAILED);
    assertThat(bed.stored().getStatus().getJobStatusCheckFailureStartTime()).isNotNull();
    assertThat(bed.stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(result.requeueAfter()).contains(bed.machine.settings().poll().min());
  }

  @Test
  @DisplayName("a failed Kubernetes action: Warning Event, and the next reconcile within the action retry delay")
  void failedActionShortensTheRequeue() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    bed.reconcile();
    server.expect().post().withPath("/apis/ray.io/v1/namespaces/ml/rayclusters").andReturn(403,
        new StatusBuilder().withCode(403).withMessage("forbidden by quota").build()).once();
    var result = bed.reconcile();
    assertThat(result.outcomes()).anyMatch(ActionOutcome::failed);
    assertThat(result.requeueAfter()).isPresent();
    assertThat(result.requeueAfter().get()).isLessThanOrEqualTo(RayJobLoop.DEFAULT_ACTION_RETRY_DELAY);
    assertThat(bed.reasons()).contains("FailedToCreateRayCluster");
    assertThat(bed.clusters()).isEmpty();
    bed.reconcile();
    assertThat(bed.clusters()).as("the next reconcile creates it").hasSize(1);
  }

  @Test
  @DisplayName("a status conflict with a changed spec performs no action: the loop decides again from the latest")
  void conflictDecidesAgain() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    bed.reconcile();
    RayJob before = bed.stored();
    client.resource(bed.stored()).edit(j -> {
      j.getSpec().setSuspend(true);
      return j;
    });
    server.expect().put().withPath(STATUS_PATH).andReturn(409, new StatusBuilder().withCode(409).build()).once();
    var result = bed.loop.reconcile(before);
    assertThat(result.resource().getSpec().getSuspend()).as("decided again from the latest RayJob").isTrue();
    assertThat(result.decision().actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
    assertThat(bed.clusters()).as("nothing created from the outdated decision").isEmpty();

    assertThat(bed.clusters()).isEmpty();
  }

  @Test
  @DisplayName("a dashboard that cannot be addressed is a Warning Event")
  void dashboardProblemEvent() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    bed.reconcile();
    bed.reconcile(); // creates the cluster
    KubeFixtures.markReady(client, "demo-ccccc");
    String problem = "RayCluster demo-ccccc uses token authentication, but its Secret ml/demo-ccccc does not exist";
    DashboardAccess unresolvable = cluster -> {
      throw new DashboardAccessException(problem);
    };
    RayJobLoop.builder(client).dashboardAccess(unresolvable).dashboards(bed.clients).events(bed.events).build()
        .reconcile(bed.stored());
    assertThat(bed.kubeEvents()).anySatisfy(e -> {
      assertThat(e.getReason()).isEqualTo("DashboardUnresolvable");
      assertThat(e.getType()).isEqualTo("Warning");
      assertThat(e.getMessage()).contains("does not exist");
    });
  }

  @Test
  @DisplayName("cleanup of a RayJob deleted while its Ray job runs: stop, an Event per step, then remove the finalizer")
  void cleanupStopsTheJobAndSaysRemove() {
    bed.fake.scriptEntrypoints(java.util.regex.Pattern.compile("echo hello"), JobScript.runsUntilStopped());
    bed.runningHttpJob();
    bed.reconcile(); // submits
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (bed.stored().getStatus().getJobStatus() != JobStatus.RUNNING && System.nanoTime() < deadline) {
      bed.reconcile();
    }
    assertThat(bed.stored().getStatus().getJobStatus()).isEqualTo(JobStatus.RUNNING);
    client.resource(bed.stored()).edit(j -> {
      j.getMetadata().setFinalizers(List.of(FinalizerNames.RAYJOB));
      return j;
    });
    client.resource(bed.stored()).delete();

    CleanedUp cleaned = bed.loop.cleanup(bed.stored());
    assertThat(cleaned.removeFinalizer()).isTrue();
    assertThat(cleaned.retryAfter()).isEmpty();
    assertThat(bed.fake.stopRequested("demo-bbbbb")).isTrue();
    assertThat(bed.reasons()).as("the stop is the one step a user cannot see otherwise")
        .containsOnlyOnce(RayJobEventReason.STOP_REQUESTED.value())
        .doesNotContain(RayJobEventReason.DELETING.value(), RayJobEventReason.STOPPING_RAY_JOB.value(),
            RayJobEventReason.CLEANUP_DONE.value());
  }

  @Test
  @DisplayName("cleanup of a RayJob whose Ray job has ended: no stop call and no Event (nothing was done)")
  void cleanupAfterTheEndMakesNoStopCall() {
    RayJob job = KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE);
    job.getMetadata().setFinalizers(List.of(FinalizerNames.RAYJOB));
    client.resource(job).create();
    RayJob stored = bed.stored();
    RayJobStatus status = new RayJobStatus();
    status.setJobId("demo-bbbbb");
    status.setJobStatus(JobStatus.SUCCEEDED);
    status.setJobDeploymentStatus(JobDeploymentStatus.COMPLETE);
    stored.setStatus(status);
    client.resource(stored).updateStatus();
    client.resource(bed.stored()).delete();

    CleanedUp cleaned = bed.loop.cleanup(bed.stored());
    assertThat(cleaned.removeFinalizer()).isTrue();
    assertThat(bed.fake.requests()).noneMatch(r -> r.path().endsWith("/stop"));
    assertThat(bed.reasons()).isEmpty();
  }

  @Test
  @DisplayName("observe, decide, act: an HTTPMode RayJob runs to Complete with one submission")
  void fullHttpModeLifecycle() throws InterruptedException {
    bed.fake.scriptEntrypoints(java.util.regex.Pattern.compile("echo hello"),
        JobScript.runsFor(Duration.ofMillis(300), "hello\n"));
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    boolean markedReady = false;
    while (System.nanoTime() < deadline) {
      bed.reconcile();
      RayJob now = bed.stored();
      if (!markedReady && client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").get() != null) {
        KubeFixtures.markReady(client, "demo-ccccc");
        markedReady = true;
      }
      if (now.getStatus() != null && now.getStatus().getJobDeploymentStatus() == JobDeploymentStatus.COMPLETE) {
        break;
      }
      Thread.sleep(50);
    }
    RayJob done = bed.stored();
    assertThat(done.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(done.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(done.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(done.getStatus().getDashboardURL()).isEqualTo("127.0.0.1:" + bed.fake.port());
    assertThat(bed.fake.submissionIds()).containsExactly("demo-bbbbb");
    assertThat(bed.reasons()).as("Events for the actions on other objects only").containsExactly(
        "CreatedRayCluster");
  }
}
