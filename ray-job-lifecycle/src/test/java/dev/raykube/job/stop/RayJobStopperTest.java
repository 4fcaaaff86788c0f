package dev.raykube.job.stop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.dashboard.fake.RecordedDashboardRequest;
import dev.raykube.job.stop.StopOutcome.Kind;
import dev.raykube.job.testing.FakeDashboards;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link RayJobStopper} against {@link FakeRayDashboard}: which outcome for which job state, and which calls. */
class RayJobStopperTest {
  private ScheduledExecutorService scheduler;
  private FakeRayDashboard fake;
  private RayDashboardClient client;
  private final RayJobStopper stopper = new RayJobStopper();

  @BeforeEach
  void start() {
    scheduler = Executors.newSingleThreadScheduledExecutor();
    // Ray's supervisor outlives the final status briefly (a stop then still answers stopped:true); here it exits at
    // once, in order on the fake's own scheduler, so that drainScheduler() makes "the job has ended" observable.
    fake = FakeRayDashboard.builder().scheduler(scheduler).startDelay(Duration.ofMillis(50))
        .stopDelay(Duration.ofMillis(100)).supervisorExitDelay(Duration.ZERO).build().start();
    client = FakeDashboards.client(fake);
  }

  @AfterEach
  void stop() {
    client.close();
    fake.close();
    scheduler.shutdownNow();
  }

  @Test
  void stopWhilePendingIsRequestedAndTheJobEndsStoppedOnceItHasStarted() {
    // Ray does not cancel a PENDING job: it starts it when it can and stops it then (PENDING -> RUNNING -> STOPPED).
    fake.script("pending-1", JobScript.builder().pendingFor(Duration.ofMillis(800)).output("never").build());
    submit("pending-1");
    assertThat(fake.jobStatus("pending-1")).contains("PENDING");
    fake.clearRequests();

    StopOutcome outcome = stopper.stop(client, "pending-1");

    assertThat(outcome.kind()).isEqualTo(Kind.STOP_REQUESTED);
    assertThat(outcome.done()).isTrue();
    assertThat(outcome.submissionId()).isEqualTo("pending-1");
    assertThat(paths()).containsExactly("POST /api/jobs/pending-1/stop");
    assertThat(fake.jobStatus("pending-1")).as("still waiting to start").contains("PENDING");
    awaitStatus("pending-1", "STOPPED");
  }

  @Test
  void aJobPendingForResourcesStaysPendingAfterTheStopRequest() {
    fake.script("pending-2", JobScript.builder().pendingFor(Duration.ofSeconds(60)).output("never").build());
    submit("pending-2");
    fake.clearRequests();

    StopOutcome outcome = stopper.stop(client, "pending-2");

    assertThat(outcome.kind()).isEqualTo(Kind.STOP_REQUESTED);
    assertThat(paths()).containsExactly("POST /api/jobs/pending-2/stop");
    assertThat(fake.jobStatus("pending-2")).contains("PENDING");
  }

  @Test
  void stopWhileRunningIsRequestedAndTheJobEndsStopped() {
    fake.script("running-1", JobScript.runsUntilStopped());
    submit("running-1");
    awaitStatus("running-1", "RUNNING");
    fake.clearRequests();

    StopOutcome outcome = stopper.stop(client, "running-1");

    assertThat(outcome.kind()).isEqualTo(Kind.STOP_REQUESTED);
    assertThat(paths()).containsExactly("POST /api/jobs/running-1/stop");
    awaitStatus("running-1", "STOPPED");
    drainScheduler();

    // Stopping again (an attempt repeated after a restart) confirms the end instead.
    fake.clearRequests();
    StopOutcome again = stopper.stop(client, "running-1");
    assertThat(again.kind()).isEqualTo(Kind.ALREADY_TERMINAL);
    assertThat(again.message()).contains("STOPPED");
    assertThat(paths()).containsExactly("POST /api/jobs/running-1/stop", "GET /api/jobs/running-1");
  }

  @Test
  void stopAfterSucceededConfirmsTheJobHadEnded() {
    fake.script("done-1", JobScript.builder().pendingFor(Duration.ZERO).output("ok\n").exit(0).build());
    submit("done-1");
    awaitStatus("done-1", "SUCCEEDED");
    drainScheduler();
    fake.clearRequests();

    StopOutcome outcome = stopper.stop(client, "done-1");

    assertThat(outcome.kind()).isEqualTo(Kind.ALREADY_TERMINAL);
    assertThat(outcome.done()).isTrue();
    assertThat(outcome.message()).contains("SUCCEEDED");
    assertThat(paths()).containsExactly("POST /api/jobs/done-1/stop", "GET /api/jobs/done-1");
    assertThat(fake.jobStatus("done-1")).contains("SUCCEEDED");
  }

  @Test
  void stopJustAfterTheJobEndedIsAcceptedAndChangesNothing() {
    // As on Ray 2.60: the supervisor writes SUCCEEDED and exits a moment later; a stop in between answers true.
    try (FakeRayDashboard lingering = FakeRayDashboard.builder().startDelay(Duration.ZERO)
        .supervisorExitDelay(Duration.ofMinutes(5)).build().start();
        RayDashboardClient c = FakeDashboards.client(lingering)) {
      lingering.script("done-3", JobScript.builder().pendingFor(Duration.ZERO).exit(0).build());
      c.submitJob(JobSubmitRequest.builder("python train.py").submissionId("done-3").build());
      FakeDashboards.awaitStatus(lingering, "done-3", "SUCCEEDED");

      StopOutcome outcome = stopper.stop(c, "done-3");

      assertThat(outcome.kind()).isEqualTo(Kind.STOP_REQUESTED);
      assertThat(outcome.done()).isTrue();
      assertThat(lingering.requests("GET", "/api/jobs/done-3")).isEmpty();
      assertThat(lingering.jobStatus("done-3")).contains("SUCCEEDED");
    }
  }

  @Test
  void stopOfAnUnknownIdIsDoneAsNotFound() {
    StopOutcome outcome = stopper.stop(client, "raysubmit_nobody");

    assertThat(outcome.kind()).isEqualTo(Kind.NOT_FOUND);
    assertThat(outcome.done()).isTrue();
    assertThat(paths()).containsExactly("POST /api/jobs/raysubmit_nobody/stop");
  }

  @Test
  void dashboardAnswering503IsAFailedRetryableAttemptAndALaterAttemptStops() {
    fake.script("busy-1", JobScript.runsUntilStopped());
    submit("busy-1");
    awaitStatus("busy-1", "RUNNING");
    fake.clearRequests();
    fake.injectFault("POST", "/api/jobs/busy-1/stop", 1, Fault.status(503));

    StopOutcome failed = stopper.stop(client, "busy-1");

    assertThat(failed.kind()).isEqualTo(Kind.DASHBOARD_UNAVAILABLE);
    assertThat(failed.done()).isFalse();
    assertThat(failed.retryable()).isTrue();
    assertThat(paths()).containsExactly("POST /api/jobs/busy-1/stop");
    assertThat(fake.jobStatus("busy-1")).contains("RUNNING");

    StopOutcome retried = stopper.stop(client, "busy-1");
    assertThat(retried.kind()).isEqualTo(Kind.STOP_REQUESTED);
    assertThat(fake.requests("POST", "/api/jobs/busy-1/stop")).hasSize(2);
    awaitStatus("busy-1", "STOPPED");
  }

  @Test
  void dashboardRefusingConnectionsIsAFailedRetryableAttemptAndNothingIsStopped() {
    fake.script("down-1", JobScript.runsUntilStopped());
    submit("down-1");
    awaitStatus("down-1", "RUNNING");
    fake.clearRequests();
    fake.refuseConnectionsFor(Duration.ofMinutes(5)); // closed with the fake at the end of the test

    StopOutcome outcome = stopper.stop(client, "down-1");

    assertThat(outcome.kind()).isEqualTo(Kind.DASHBOARD_UNAVAILABLE);
    assertThat(outcome.retryable()).isTrue();
    assertThat(outcome.toCleanupOutcome().done()).isFalse();
    assertThat(outcome.toCleanupOutcome().reason()).isEqualTo(StopOutcome.Kind.DASHBOARD_UNAVAILABLE);
    assertThat(fake.requests()).isEmpty();
    assertThat(fake.jobStatus("down-1")).contains("RUNNING");
  }

  @Test
  void refusedCredentialsAreNotRetryableUnlessConfigured() {
    try (FakeRayDashboard secured = FakeRayDashboard.builder().authToken("s3cret").build().start();
        RayDashboardClient noToken = FakeDashboards.client(secured)) {
      StopOutcome outcome = stopper.stop(noToken, "any-1");
      StopOutcome configured = new RayJobStopper(true).stop(noToken, "any-1");

      assertThat(outcome.kind()).isEqualTo(Kind.AUTHENTICATION_FAILED);
      assertThat(outcome.retryable()).isFalse();
      assertThat(configured.kind()).isEqualTo(Kind.AUTHENTICATION_FAILED);
      assertThat(configured.retryable()).isTrue();
      assertThat(outcome.message()).doesNotContain("s3cret");
    }
  }

  @Test
  void nothingToStopButNotEndedIsUnconfirmedAndRetryable() {
    // Ray answers stopped:false while the job still reads RUNNING: its supervisor is gone, its end not yet recorded.
    fake.script("ending-1", JobScript.runsUntilStopped());
    submit("ending-1");
    awaitStatus("ending-1", "RUNNING");
    fake.clearRequests();
    fake.injectFault("POST", "/api/jobs/ending-1/stop", 1, Fault.status(200, "{\"stopped\": false}"));

    StopOutcome outcome = stopper.stop(client, "ending-1");

    assertThat(outcome.kind()).isEqualTo(Kind.STOP_UNCONFIRMED);
    assertThat(outcome.done()).isFalse();
    assertThat(outcome.retryable()).isTrue();
    assertThat(outcome.message()).contains("RUNNING");
    assertThat(paths()).containsExactly("POST /api/jobs/ending-1/stop", "GET /api/jobs/ending-1");
  }

  @Test
  void theStatusReadAfterNothingToStopCanFailToo() {
    fake.script("done-2", JobScript.builder().pendingFor(Duration.ZERO).exit(0).build());
    submit("done-2");
    awaitStatus("done-2", "SUCCEEDED");
    drainScheduler();
    fake.injectFault("GET", "/api/jobs/done-2", 1, Fault.status(503));

    StopOutcome outcome = stopper.stop(client, "done-2");

    assertThat(outcome.kind()).isEqualTo(Kind.DASHBOARD_UNAVAILABLE);
    assertThat(outcome.message()).contains("status read");
    assertThat(outcome.retryable()).isTrue();
  }

  @Test
  void aDriverJobCannotBeStoppedAndThatIsNotRetryable() {
    String rayJobId = fake.addDriverJob("python my_driver.py");

    StopOutcome outcome = stopper.stop(client, rayJobId);

    assertThat(outcome.kind()).isEqualTo(Kind.STOP_FAILED);
    assertThat(outcome.retryable()).isFalse();
    assertThat(outcome.message()).contains("submission type");
  }

  @Test
  void aBlankIdIsACallerError() {
    assertThatThrownBy(() -> stopper.stop(client, " ")).isInstanceOf(IllegalArgumentException.class);
    assertThat(fake.requests()).isEmpty();
  }

  /** Runs everything the fake's scheduler has due now (e.g. the supervisor's exit right after the end). */
  private void drainScheduler() {
    try {
      scheduler.schedule(() -> { }, 0, TimeUnit.MILLISECONDS).get(3, TimeUnit.SECONDS);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private void submit(String submissionId) {
    client.submitJob(JobSubmitRequest.builder("python train.py").submissionId(submissionId).build());
  }

  private List<String> paths() {
    return fake.requests().stream().map(RayJobStopperTest::line).toList();
  }

  private static String line(RecordedDashboardRequest r) {
    return r.method() + " " + r.path();
  }

  private void awaitStatus(String id, String status) {
    FakeDashboards.awaitStatus(fake, id, status);
  }
}
