package dev.raykube.job.stop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.stop.StopOutcome.Kind;
import dev.raykube.job.testing.FakeDashboards;
import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupReport;
import dev.raykube.kernel.finalizer.DeletionCleanup;
import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The RayJob finalizer's cleanup step: when it calls the dashboard and what it concludes. */
class RayJobStopStepTest {
  private FakeRayDashboard fake;
  private RayDashboardClient client;
  private final List<String> urlsAsked = new ArrayList<>();
  private RayJobStopStep step;

  @BeforeEach
  void start() {
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).stopDelay(Duration.ofMillis(50)).build()
        .start();
    client = FakeDashboards.client(fake);
    Function<String, RayDashboardClient> clients = url -> {
      urlsAsked.add(url);
      return client;
    };
    step = new RayJobStopStep(new RayJobStopper(), StopTargetResolver.fromStatus(clients));
  }

  @AfterEach
  void stop() {
    client.close();
    fake.close();
  }

  @ParameterizedTest(name = "status.jobStatus {0}: no dashboard call, done")
  @EnumSource(value = JobStatus.class, names = {"SUCCEEDED", "FAILED", "STOPPED"})
  void aTerminalJobStatusMakesNoCall(JobStatus terminal) {
    RayJob job = rayJob("raysubmit_x", terminal, "127.0.0.1:" + fake.port());

    StopOutcome outcome = step.stop(job);

    assertThat(outcome.kind()).isEqualTo(Kind.ALREADY_TERMINAL);
    assertThat(step.attempt(job).done()).isTrue();
    assertThat(fake.requests()).isEmpty();
    assertThat(urlsAsked).isEmpty();
  }

  @Test
  void aRunningJobIsStoppedThroughTheDashboardUrlInTheStatus() {
    fake.script("rj-1", JobScript.runsUntilStopped());
    client.submitJob(JobSubmitRequest.builder("python train.py").submissionId("rj-1").build());
    FakeDashboards.awaitStatus(fake, "rj-1", "RUNNING");
    fake.clearRequests();

    // KubeRay writes dashboardURL without a scheme.
    CleanupOutcome outcome = step.attempt(rayJob("rj-1", JobStatus.RUNNING, "127.0.0.1:" + fake.port()));

    assertThat(outcome.done()).isTrue();
    assertThat(outcome.reason()).isEqualTo(StopOutcome.Kind.STOP_REQUESTED);
    assertThat(urlsAsked).containsExactly("http://127.0.0.1:" + fake.port());
    assertThat(fake.stopRequested("rj-1")).isTrue();
    assertThat(fake.requests()).hasSize(1);
    FakeDashboards.awaitStatus(fake, "rj-1", "STOPPED");
  }

  @Test
  void anUnknownStatusFromANewerRayIsNotTakenAsEnded() {
    RayJob job = rayJob("rj-unknown", null, fake.url());
    job.getStatus().setJobStatusValue("SOMETHING_NEWER");

    StopOutcome outcome = step.stop(job);

    assertThat(outcome.kind()).isEqualTo(Kind.NOT_FOUND); // it asked: the fake has no such job
    assertThat(fake.stopRequested("rj-unknown")).isTrue();
  }

  @Test
  void nothingSubmittedYetMeansNothingToStop() {
    RayJob noStatus = rayJob(null, null, null);
    noStatus.setStatus(null);
    RayJob noId = rayJob(null, JobStatus.NEW, "127.0.0.1:" + fake.port());
    RayJob noUrl = rayJob("rj-2", JobStatus.PENDING, " ");

    for (RayJob job : List.of(noStatus, noId, noUrl)) {
      StopOutcome outcome = step.stop(job);
      assertThat(outcome.kind()).isEqualTo(Kind.NOT_SUBMITTED);
      assertThat(outcome.done()).isTrue();
    }
    assertThat(fake.requests()).isEmpty();
    assertThat(urlsAsked).isEmpty();
  }

  @Test
  void aResolverThatCannotBuildAClientFailsTheAttempt() {
    RayJobStopStep broken = new RayJobStopStep(new RayJobStopper(), StopTargetResolver.fromStatus(url -> null));

    assertThatThrownBy(() -> broken.attempt(rayJob("rj-3", JobStatus.RUNNING, fake.url())))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining(fake.url());
  }

  @Test
  void underUntilConfirmedADashboardOutageIsRetriedUntilTheStopGoesThrough() {
    fake.script("rj-4", JobScript.runsUntilStopped());
    client.submitJob(JobSubmitRequest.builder("python train.py").submissionId("rj-4").build());
    FakeDashboards.awaitStatus(fake, "rj-4", "RUNNING");
    fake.injectFault("POST", "/api/jobs/rj-4/stop", 2, Fault.status(503));
    MovableClock clock = new MovableClock(Instant.parse("2025-03-01T12:00:00Z"));
    RayJob job = rayJob("rj-4", JobStatus.RUNNING, "127.0.0.1:" + fake.port());
    job.getMetadata().setDeletionTimestamp("2025-03-01T11:59:00Z");
    job.getMetadata().setAnnotations(Map.of(FinalizerPolicy.ANNOTATION, "until-confirmed"));
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), clock);

    CleanupReport first = cleanup.run(job);
    clock.advance(Duration.ofSeconds(1));
    CleanupReport second = cleanup.run(job);
    clock.advance(Duration.ofSeconds(2));
    CleanupReport third = cleanup.run(job);

    assertThat(first.decision()).isInstanceOf(FinalizerDecision.RetryAfter.class);
    assertThat(first.outcome().reason()).isEqualTo(StopOutcome.Kind.DASHBOARD_UNAVAILABLE);
    assertThat(second.decision()).isInstanceOf(FinalizerDecision.RetryAfter.class);
    assertThat(third.outcome().reason()).isEqualTo(StopOutcome.Kind.STOP_REQUESTED);
    assertThat(third.removeFinalizer()).isTrue();
    assertThat(fake.requests("POST", "/api/jobs/rj-4/stop")).hasSize(3);
    FakeDashboards.awaitStatus(fake, "rj-4", "STOPPED");
  }

  @Test
  void underBestEffortADashboardOutageStillReleasesTheRayJob() {
    fake.injectFault("POST", "/api/jobs/rj-5/stop", 1, Fault.status(503));
    RayJob job = rayJob("rj-5", JobStatus.RUNNING, "127.0.0.1:" + fake.port());
    job.getMetadata().setDeletionTimestamp("2025-03-01T11:59:00Z");
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB, step,
        FinalizerSettings.defaults(), new MovableClock(Instant.parse("2025-03-01T12:00:00Z")));

    CleanupReport report = cleanup.run(job);

    assertThat(report.outcome().reason()).isEqualTo(StopOutcome.Kind.DASHBOARD_UNAVAILABLE);
    assertThat(report.removeFinalizer()).isTrue();
    assertThat(((FinalizerDecision.RemoveFinalizer) report.decision()).warning()).isTrue();
    assertThat(fake.requests("POST", "/api/jobs/rj-5/stop")).hasSize(1);
  }

  private static RayJob rayJob(String jobId, JobStatus jobStatus, String dashboardUrl) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName("rayjob").withNamespace("ns").withUid("uid-" + jobId)
        .withFinalizers(FinalizerNames.RAYJOB).build());
    RayJobStatus status = new RayJobStatus();
    status.setJobId(jobId);
    status.setJobStatus(jobStatus);
    status.setDashboardURL(dashboardUrl);
    job.setStatus(status);
    return job;
  }
}
