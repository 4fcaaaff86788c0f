package dev.raykube.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client's retry and error rules against the fake's injected faults. */
class ClientAgainstFakeFaultsTest {
  private static final RetryPolicy RETRIES = new RetryPolicy(6, Duration.ofMillis(20), Duration.ofMillis(200), 2, 0.2);

  private FakeRayDashboard fake;
  private RayDashboardClient client;

  @BeforeEach
  void start() {
    fake = FakeRayDashboard.builder().startDelay(Duration.ofSeconds(30)).build().start();
    client = RayDashboardClient.builder().baseUrl(fake.url()).retryPolicy(RETRIES)
        .readTimeout(Duration.ofMillis(300)).build();
  }

  @AfterEach
  void stop() {
    client.close();
    fake.close();
  }

  @Test
  void aSubmitWhoseReplyIsLostIsRetriedAndTheDuplicateCountsAsSuccess() {
    fake.injectFault("POST", "/api/jobs/", 1, Fault.dropConnectionAfterHandling());
    assertThat(client.submitJob(JobSubmitRequest.builder("echo hi").submissionId("lost-reply").build()))
        .isEqualTo("lost-reply");
    assertThat(fake.requests("POST", "/api/jobs/")).hasSize(2);
    assertThat(fake.submissionIds()).containsExactly("lost-reply");
  }

  @Test
  void aSubmitWithoutIdIsNotRetriedSoTheOutcomeStaysUnknownToTheCaller() {
    fake.injectFault("POST", "/api/jobs/", 1, Fault.dropConnectionAfterHandling());
    assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo hi").build()))
        .isInstanceOf(DashboardUnavailableException.class);
    assertThat(fake.requests("POST", "/api/jobs/")).hasSize(1);
    assertThat(fake.submissionIds()).hasSize(1);
  }

  @Test
  void readsRideOutUnavailabilityAndSlowReplies() {
    fake.script("slowjob", JobScript.runsUntilStopped());
    client.submitJob(JobSubmitRequest.builder("x").submissionId("slowjob").build());
    fake.clearRequests();
    fake.injectFault("GET", "/api/jobs/slowjob", 2, Fault.status(503));
    fake.injectFault("GET", "/api/jobs/slowjob", 1, Fault.latency(Duration.ofSeconds(1)));
    fake.injectFault("GET", "/api/jobs/slowjob", 1, Fault.dropConnection());
    assertThat(client.getJob("slowjob").status()).isEqualTo(JobStatus.PENDING);
    assertThat(fake.requests("GET", "/api/jobs/slowjob")).hasSize(5);
  }

  @Test
  void refusedConnectionsAreRetriedUntilTheHeadIsBack() {
    client.getVersion();
    fake.refuseConnectionsFor(Duration.ofMillis(300));
    assertThat(client.getVersion().rayVersion().text()).isEqualTo("2.60.0");
  }

  @Test
  void aHeadThatStaysDownIsUnavailableAndRetryable() {
    fake.refuseConnectionsFor(Duration.ofMinutes(1));
    assertThatThrownBy(client::listJobs).isInstanceOfSatisfying(DashboardUnavailableException.class, e -> {
      assertThat(e.isRetryable()).isTrue();
      assertThat(e.statusCode()).isZero();
      assertThat(e.getCause()).isNotNull();
    });
    assertThat(client.gcsHealthy()).isFalse();
  }

  @Test
  void garbageIsNotRetried() {
    fake.injectFault("GET", "/api/jobs/", 1, Fault.garbageBody());
    assertThatThrownBy(client::listJobs).isInstanceOfSatisfying(UnexpectedResponseException.class,
        e -> assertThat(e.statusCode()).isEqualTo(200));
    assertThat(fake.requests("GET", "/api/jobs/")).hasSize(1);
  }

  @Test
  void theFakeRecordsWhatTheClientAskedFor() {
    fake.script("to-stop", JobScript.runsUntilStopped());
    client.submitJob(JobSubmitRequest.builder("x").submissionId("to-stop").build());
    assertThat(client.stopJob("to-stop")).isEqualTo(StopResult.STOP_REQUESTED);
    assertThat(fake.stopRequested("to-stop")).isTrue();
    assertThat(fake.requests("POST", "/api/jobs/to-stop/stop").get(0).header("User-Agent"))
        .startsWith("raykube-dashboard-client/");
  }

  @Test
  void ray1ShapesFromTheFakeAreRead() {
    try (FakeRayDashboard old = FakeRayDashboard.builder().rayVersion("1.13.0").build().start();
        RayDashboardClient oldClient = RayDashboardClient.builder().baseUrl(old.url()).build()) {
      String id = oldClient.submitJob(JobSubmitRequest.builder("echo hi").submissionId("v1-job")
          .entrypointNumCpus(1).build());
      assertThat(id).isEqualTo("v1-job");
      assertThat(oldClient.getJob(id).submissionId()).isEqualTo("v1-job");
      assertThat(oldClient.getJob(id).type()).isEqualTo(JobType.UNKNOWN);
      assertThat(oldClient.listJobs()).extracting(JobDetails::submissionId).containsExactly("v1-job");
      assertThatThrownBy(() -> oldClient.deleteJob(id)).isInstanceOf(UnsupportedRayVersionException.class);
    }
  }
}
