package dev.raykube.dashboard;

import static dev.raykube.dashboard.MockDashboard.body;
import static dev.raykube.dashboard.MockDashboard.clientFor;
import static dev.raykube.dashboard.MockDashboard.path;
import static dev.raykube.dashboard.MockDashboard.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class StopDeleteLogsTest {
  @StartStop
  final MockWebServer server = new MockWebServer();

  @Test
  void stopReportsExactlyWhatRaySaid() throws Exception {
    server.enqueue(Replies.json("{\"stopped\": true}"));
    server.enqueue(Replies.json("{\"stopped\": false}"));
    server.enqueue(Replies.text(404, "Job x does not exist"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.stopJob("x")).isEqualTo(StopResult.STOP_REQUESTED);
      assertThat(client.stopJob("x")).isEqualTo(StopResult.NOT_RUNNING);
      assertThat(client.stopJob("x")).isEqualTo(StopResult.NOT_FOUND);
    }
    RecordedRequest stop = take(server);
    assertThat(stop.getMethod()).isEqualTo("POST");
    assertThat(path(stop)).isEqualTo("/api/jobs/x/stop");
    assertThat(body(stop)).isEmpty();
  }

  @Test
  void stopOfADriverJobIsInvalidAndNotRetried() {
    server.enqueue(Replies.text(400, "Can only stop submission type jobs"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.stopJob("01000000")).isInstanceOfSatisfying(InvalidRequestException.class,
          e -> assertThat(e.serverMessage()).isEqualTo("Can only stop submission type jobs"));
    }
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void stopIsRetriedWhenUnavailableAndOtherwiseUnexpected() {
    server.enqueue(Replies.text(503, "503: Service Unavailable"));
    server.enqueue(Replies.json("{\"stopped\": true}"));
    server.enqueue(Replies.text(500, "Traceback (most recent call last):\nRuntimeError: boom\n"));
    server.enqueue(Replies.json("{\"stopped\": \"maybe\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.stopJob("x")).isEqualTo(StopResult.STOP_REQUESTED);
      assertThatThrownBy(() -> client.stopJob("x")).isInstanceOfSatisfying(UnexpectedResponseException.class,
          e -> assertThat(e.getMessage()).contains("RuntimeError: boom"));
      assertThatThrownBy(() -> client.stopJob("x")).isInstanceOf(UnexpectedResponseException.class);
    }
    assertThat(server.getRequestCount()).isEqualTo(4);
  }

  @Test
  void deleteReportsEachOutcome() throws Exception {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.json("{\"deleted\": true}"));
    server.enqueue(Replies.json("{\"deleted\": false}"));
    server.enqueue(Replies.text(404, "Job x does not exist"));
    server.enqueue(Replies.text(500, Replies.NON_TERMINAL_DELETE));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.deleteJob("x")).isEqualTo(DeleteResult.DELETED);
      assertThat(client.deleteJob("x")).isEqualTo(DeleteResult.NOT_DELETED);
      assertThat(client.deleteJob("x")).isEqualTo(DeleteResult.NOT_FOUND);
      assertThat(client.deleteJob("t5")).isEqualTo(DeleteResult.NOT_TERMINAL);
    }
    take(server);
    RecordedRequest delete = take(server);
    assertThat(delete.getMethod()).isEqualTo("DELETE");
    assertThat(path(delete)).isEqualTo("/api/jobs/x");
  }

  @Test
  void deleteNeedsRay22() {
    server.enqueue(Replies.version("2.1.0"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.deleteJob("x")).isInstanceOfSatisfying(UnsupportedRayVersionException.class,
          e -> assertThat(e.rayVersion()).isEqualTo("2.1.0"));
    }
    assertThat(server.getRequestCount()).isEqualTo(1);
  }

  @Test
  void deleteOfADriverJobIsInvalid() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.text(400, "Can only delete submission type jobs"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.deleteJob("01000000")).isInstanceOf(InvalidRequestException.class);
    }
  }

  @Test
  void logsAreReadWholeAndEmptyWhilePending() throws Exception {
    server.enqueue(Replies.json("{\"logs\": \"\"}"));
    server.enqueue(Replies.json("{\"logs\": \"Running entrypoint for job t1: echo hi\\nhi\\n\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.getJobLogs("t1")).isEmpty();
      assertThat(client.getJobLogs("t1")).isEqualTo("Running entrypoint for job t1: echo hi\nhi\n");
    }
    assertThat(path(take(server))).isEqualTo("/api/jobs/t1/logs");
  }

  @Test
  void logsErrors() {
    server.enqueue(Replies.text(404, "Job x does not exist"));
    server.enqueue(Replies.text(400, "Can only get logs of submission type jobs"));
    server.enqueue(Replies.text(503, "{\"error\": \"logs unavailable\"}"));
    server.enqueue(Replies.json("{\"logs\": \"late\\n\"}"));
    server.enqueue(Replies.json("{}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJobLogs("x")).isInstanceOf(JobNotFoundException.class);
      assertThatThrownBy(() -> client.getJobLogs("x")).isInstanceOf(InvalidRequestException.class);
      assertThat(client.getJobLogs("x")).isEqualTo("late\n");
      assertThatThrownBy(() -> client.getJobLogs("x")).isInstanceOf(UnexpectedResponseException.class);
    }
  }

  @Test
  void blankIdsAreRejectedBeforeAnyRequest() {
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThatThrownBy(() -> client.getJob(" ")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> client.stopJob(null)).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> client.deleteJob("")).isInstanceOf(IllegalArgumentException.class);
    }
    assertThat(server.getRequestCount()).isZero();
  }
}
