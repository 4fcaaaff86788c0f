package dev.raykube.dashboard;

import static dev.raykube.dashboard.MockDashboard.clientFor;
import static dev.raykube.dashboard.MockDashboard.path;
import static dev.raykube.dashboard.MockDashboard.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockWebServer;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class GetAndListJobsTest {
  @StartStop
  final MockWebServer server = new MockWebServer();

  @Test
  void readsAFullRay2Job() throws Exception {
    server.enqueue(Replies.json(Replies.SUCCEEDED_JOB));
    JobDetails job;
    try (RayDashboardClient client = clientFor(server).build()) {
      job = client.getJob("raysubmit_tndCXjZtTT13X7jD");
    }
    assertThat(path(take(server))).isEqualTo("/api/jobs/raysubmit_tndCXjZtTT13X7jD");
    assertThat(job.type()).isEqualTo(JobType.SUBMISSION);
    assertThat(job.jobId()).isEqualTo("02000000");
    assertThat(job.submissionId()).isEqualTo("raysubmit_tndCXjZtTT13X7jD");
    assertThat(job.id()).isEqualTo("raysubmit_tndCXjZtTT13X7jD");
    assertThat(job.driverInfo()).isEqualTo(new DriverInfo("02000000", "10.0.0.5", "94633"));
    assertThat(job.status()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(job.rawStatus()).isEqualTo("SUCCEEDED");
    assertThat(job.entrypoint()).isEqualTo("python script.py");
    assertThat(job.message()).isEqualTo("Job finished successfully.");
    assertThat(job.errorType()).isNull();
    assertThat(job.startTime()).isEqualTo(Instant.ofEpochMilli(1671433867107L));
    assertThat(job.endTime()).isEqualTo(Instant.ofEpochMilli(1671434381364L));
    assertThat(job.metadata()).isEmpty();
    assertThat(job.runtimeEnv()).containsEntry("working_dir", "gcs://_ray_pkg_1c2d7859d752eb23.zip");
    assertThat(job.driverAgentHttpAddress()).isEqualTo("http://10.0.0.5:52365");
    assertThat(job.driverNodeId()).hasSize(56);
    assertThat(job.driverExitCode()).isZero();
  }

  @Test
  void readsAPendingJobWithNulls() {
    server.enqueue(Replies.json(Replies.PENDING_JOB));
    try (RayDashboardClient client = clientFor(server).build()) {
      JobDetails job = client.getJob("t1");
      assertThat(job.status()).isEqualTo(JobStatus.PENDING);
      assertThat(job.jobId()).isNull();
      assertThat(job.driverInfo()).isNull();
      assertThat(job.endTime()).isNull();
      assertThat(job.driverExitCode()).isNull();
      assertThat(job.metadata()).containsExactly(Map.entry("a", "b"));
    }
  }

  @Test
  void toleratesOldAndOddShapes() {
    // Ray 1.x: no type, no ids; floats for times; end_time 0; unknown status; extra fields; pid as a number.
    server.enqueue(Replies.json("{\"status\": \"SOMETHING_NEW\", \"entrypoint\": \"echo\", \"message\": null, "
        + "\"start_time\": 1.6714338671E12, \"end_time\": 0, \"metadata\": {\"n\": 1}, \"future_field\": [1, 2]}"));
    server.enqueue(Replies.json("{\"type\": \"driver\", \"job_id\": \"01000000\", \"submission_id\": null, "
        + "\"driver_info\": {\"id\": \"01000000\", \"node_ip_address\": \"10.0.0.1\", \"pid\": 4242}, "
        + "\"status\": \"RUNNING\", \"entrypoint\": \"\", \"start_time\": 1000, \"end_time\": 0, "
        + "\"driver_exit_code\": 3.0}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      JobDetails old = client.getJob("old-1");
      assertThat(old.type()).isEqualTo(JobType.UNKNOWN);
      assertThat(old.submissionId()).isEqualTo("old-1");
      assertThat(old.status()).isEqualTo(JobStatus.UNKNOWN);
      assertThat(old.rawStatus()).isEqualTo("SOMETHING_NEW");
      assertThat(old.startTime()).isEqualTo(Instant.ofEpochMilli(1671433867100L));
      assertThat(old.endTime()).isNull();
      assertThat(old.metadata()).containsEntry("n", "1");

      JobDetails driver = client.getJob("01000000");
      assertThat(driver.type()).isEqualTo(JobType.DRIVER);
      assertThat(driver.submissionId()).isNull();
      assertThat(driver.id()).isEqualTo("01000000");
      assertThat(driver.driverInfo().pid()).isEqualTo("4242");
      assertThat(driver.endTime()).isNull();
      assertThat(driver.driverExitCode()).isEqualTo(3);
    }
  }

  @Test
  void notFoundIsTyped() {
    server.enqueue(Replies.text(404, "Job nope does not exist"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJob("nope")).isInstanceOfSatisfying(JobNotFoundException.class, e -> {
        assertThat(e.jobId()).isEqualTo("nope");
        assertThat(e.statusCode()).isEqualTo(404);
        assertThat(e.responseBody()).isEqualTo("Job nope does not exist");
      });
    }
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void idsAreOnePathSegment() throws Exception {
    server.enqueue(Replies.text(404, "Job a/b does not exist"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJob("a/b c")).isInstanceOf(JobNotFoundException.class);
    }
    assertThat(path(take(server))).isEqualTo("/api/jobs/a%2Fb%20c");
  }

  @Test
  void retriesUnavailableUpToTheLimitThenThrows() {
    for (int i = 0; i < 3; i++) {
      server.enqueue(Replies.text(502, "Bad Gateway"));
    }
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOfSatisfying(DashboardUnavailableException.class,
          e -> assertThat(e.statusCode()).isEqualTo(502));
    }
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void retriesThenSucceeds() {
    server.enqueue(Replies.text(504, "Gateway Timeout"));
    server.enqueue(Replies.json(Replies.PENDING_JOB));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.getJob("t1").status()).isEqualTo(JobStatus.PENDING);
    }
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void doesNotRetryClientErrors() {
    server.enqueue(Replies.text(401, "Unauthorized: Missing authentication token"));
    server.enqueue(Replies.text(403, "Forbidden: Invalid authentication token"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOfSatisfying(AuthenticationException.class,
          e -> assertThat(e.statusCode()).isEqualTo(401));
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOfSatisfying(AuthenticationException.class,
          e -> assertThat(e.getMessage()).contains("Forbidden: Invalid authentication token"));
    }
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void garbageBodyIsUnexpected() {
    server.enqueue(Replies.json("[1, 2"));
    server.enqueue(Replies.json("[1, 2]"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOf(UnexpectedResponseException.class);
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOf(UnexpectedResponseException.class);
    }
  }

  @Test
  void listsAnArray() throws Exception {
    server.enqueue(Replies.json("[" + Replies.PENDING_JOB + ", " + Replies.SUCCEEDED_JOB + "]"));
    try (RayDashboardClient client = clientFor(server).build()) {
      List<JobDetails> jobs = client.listJobs();
      assertThat(jobs).extracting(JobDetails::submissionId).containsExactly("t1", "raysubmit_tndCXjZtTT13X7jD");
    }
    assertThat(path(take(server))).isEqualTo("/api/jobs/");
  }

  @Test
  void listsRay1ObjectKeyedById() {
    server.enqueue(Replies.json("{\"a\": {\"status\": \"RUNNING\", \"entrypoint\": \"x\"}, "
        + "\"b\": {\"status\": \"FAILED\", \"entrypoint\": \"y\"}}"));
    server.enqueue(Replies.json("\"nonsense\""));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.listJobs()).extracting(JobDetails::submissionId, JobDetails::status)
          .containsExactly(org.assertj.core.groups.Tuple.tuple("a", JobStatus.RUNNING),
              org.assertj.core.groups.Tuple.tuple("b", JobStatus.FAILED));
      assertThatThrownBy(client::listJobs).isInstanceOf(UnexpectedResponseException.class);
    }
  }

  @Test
  void listIsEmpty() {
    server.enqueue(Replies.json("[]"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.listJobs()).isEmpty();
    }
  }
}
