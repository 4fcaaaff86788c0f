package dev.raykube.dashboard;

import static dev.raykube.dashboard.MockDashboard.body;
import static dev.raykube.dashboard.MockDashboard.clientFor;
import static dev.raykube.dashboard.MockDashboard.path;
import static dev.raykube.dashboard.MockDashboard.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class SubmitJobTest {
  @StartStop
  final MockWebServer server = new MockWebServer();

  private static JobSubmitRequest fullRequest() {
    return JobSubmitRequest.builder("python train.py").submissionId("sub-1")
        .runtimeEnv(Map.of("env_vars", Map.of("A", "1")))
        .metadata("owner", "me")
        .entrypointNumCpus(1).entrypointNumGpus(0.5).entrypointMemory(1024)
        .entrypointResource("custom", 2)
        .entrypointLabelSelector(Map.of("zone", "a"))
        .build();
  }

  @Test
  void sendsAllFieldsToACurrentRayAndReadsTheSubmissionId() throws Exception {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.json("{\"job_id\": \"sub-1\", \"submission_id\": \"sub-1\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.submitJob(fullRequest())).isEqualTo("sub-1");
    }
    assertThat(path(take(server))).isEqualTo("/api/version");
    RecordedRequest submit = take(server);
    assertThat(submit.getMethod()).isEqualTo("POST");
    assertThat(path(submit)).isEqualTo("/api/jobs/");
    assertThat(submit.getHeaders().get("Content-Type")).startsWith("application/json");
    assertThat(body(submit)).isEqualTo("{\"entrypoint\":\"python train.py\",\"submission_id\":\"sub-1\","
        + "\"runtime_env\":{\"env_vars\":{\"A\":\"1\"}},\"metadata\":{\"owner\":\"me\"},\"entrypoint_num_cpus\":1.0,"
        + "\"entrypoint_num_gpus\":0.5,\"entrypoint_resources\":{\"custom\":2.0},\"entrypoint_memory\":1024,"
        + "\"entrypoint_label_selector\":{\"zone\":\"a\"}}");
  }

  @Test
  void omitsFieldsTheServerVersionDoesNotKnowAndNulls() throws Exception {
    for (String[] c : new String[][] {
        {"2.53.0", "entrypoint_memory", "entrypoint_label_selector"},
        {"2.7.2", "entrypoint_num_cpus", "entrypoint_memory"},
        {"2.1.0", "submission_id", "entrypoint_num_cpus"}}) {
      server.enqueue(Replies.version(c[0]));
      server.enqueue(Replies.json("{\"job_id\": \"sub-1\", \"submission_id\": \"sub-1\"}"));
      try (RayDashboardClient client = clientFor(server).build()) {
        client.submitJob(fullRequest());
      }
      take(server);
      String sent = body(take(server));
      assertThat(sent).as(c[0]).contains("\"" + c[1] + "\"");
      assertThat(sent).as(c[0]).doesNotContain(c[2]).doesNotContain("null");
    }
  }

  @Test
  void ray1GetsJobIdAndReplyWithOnlyJobIdIsRead() throws Exception {
    server.enqueue(Replies.version("1.13.1"));
    server.enqueue(Replies.json("{\"job_id\": \"old-1\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.submitJob(JobSubmitRequest.builder("echo").submissionId("old-1").build())).isEqualTo("old-1");
    }
    take(server);
    assertThat(body(take(server))).isEqualTo("{\"entrypoint\":\"echo\",\"job_id\":\"old-1\"}");
  }

  @Test
  void versionIsReadOncePerClient() throws Exception {
    server.enqueue(Replies.version("2.9.3"));
    server.enqueue(Replies.json("{\"submission_id\": \"a\"}"));
    server.enqueue(Replies.json("{\"submission_id\": \"b\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      client.submitJob(JobSubmitRequest.builder("echo").build());
      client.submitJob(JobSubmitRequest.builder("echo").build());
      assertThat(client.serverVersion().text()).isEqualTo("2.9.3");
    }
    assertThat(server.getRequestCount()).isEqualTo(3);
  }

  @Test
  void badRequestCarriesTheServersExplanation() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.text(400, Replies.BAD_REQUEST_TRACEBACK));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(400);
            assertThat(e.serverMessage())
                .isEqualTo("TypeError: JobSubmitRequest.__init__() got an unexpected keyword argument 'bogus'");
            assertThat(e.responseBody()).isEqualTo(Replies.BAD_REQUEST_TRACEBACK);
            assertThat(e.isRetryable()).isFalse();
          });
    }
  }

  @Test
  void agentRejectionWrappedIn500IsAnInvalidRequest() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.text(500, Replies.AGENT_BAD_LABEL));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(500);
            assertThat(e.serverMessage()).startsWith("ValueError: Invalid label selector value `!!bad`.");
          });
    }
  }

  @Test
  void duplicateOnFirstAttemptIsReportedInEveryKnownWording() {
    for (MockResponse dup : new MockResponse[] {Replies.text(500, Replies.duplicateNew("d")),
        Replies.text(500, Replies.duplicateOld("d")), Replies.text(400, "Job d already exists")}) {
      server.enqueue(Replies.version("2.60.0"));
      server.enqueue(dup);
      try (RayDashboardClient client = clientFor(server).build()) {
        assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").submissionId("d").build()))
            .isInstanceOfSatisfying(DuplicateSubmissionException.class,
                e -> assertThat(e.submissionId()).isEqualTo("d"));
      }
    }
  }

  @Test
  void withASubmissionIdUnavailableIsRetriedAndADuplicateOnRetryIsSuccess() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.text(503, "503: Service Unavailable"));
    server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
    server.enqueue(Replies.text(500, Replies.duplicateNew("fixed")));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.submitJob(JobSubmitRequest.builder("echo").submissionId("fixed").build())).isEqualTo("fixed");
    }
    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  @Test
  void withoutASubmissionIdNothingIsRetried() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.text(503, "503: Service Unavailable"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(DashboardUnavailableException.class, e -> {
            assertThat(e.isRetryable()).isTrue();
            assertThat(e.statusCode()).isEqualTo(503);
          });
    }
    assertThat(server.getRequestCount()).isEqualTo(2);
  }

  @Test
  void noAvailableAgentIsUnavailable() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.text(500, "No available agent to submit job, please try again later."));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOf(DashboardUnavailableException.class);
    }
  }

  @Test
  void otherFailuresKeepStatusAndRawBody() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.json(Replies.JSON_ENVELOPE).newBuilder().code(500).build());
    server.enqueue(Replies.text(500, "500 Internal Server Error\n\nServer got itself in trouble"));
    server.enqueue(new MockResponse.Builder().code(200).setHeader("Content-Type", "text/html")
        .body("<html>proxy</html>").build());
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(UnexpectedResponseException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(500);
            assertThat(e.responseBody()).isEqualTo(Replies.JSON_ENVELOPE);
            assertThat(e.getMessage()).contains("json.decoder.JSONDecodeError: Expecting value");
          });
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(UnexpectedResponseException.class,
              e -> assertThat(e.getMessage()).contains("Server got itself in trouble"));
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(UnexpectedResponseException.class, e -> {
            assertThat(e.statusCode()).isEqualTo(200);
            assertThat(e.responseBody()).isEqualTo("<html>proxy</html>");
          });
    }
  }

  @Test
  void serversWithoutJobsApiAreUnsupported() {
    server.enqueue(Replies.text(404, "404: Not Found"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(UnsupportedRayVersionException.class, e -> {
            assertThat(e.rayVersion()).isNull();
            assertThat(e.getMessage()).contains("no Ray Jobs API");
          });
    }
    server.enqueue(Replies.version("1.8.0"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.submitJob(JobSubmitRequest.builder("echo").build()))
          .isInstanceOfSatisfying(UnsupportedRayVersionException.class,
              e -> assertThat(e.rayVersion()).isEqualTo("1.8.0"));
    }
    server.enqueue(Replies.json("{\"version\": \"4\", \"ray_version\": \"banana\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(client::getVersion).isInstanceOf(UnsupportedRayVersionException.class);
    }
  }
}
