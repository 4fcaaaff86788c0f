package dev.raykube.dashboard;

import static dev.raykube.dashboard.MockDashboard.clientFor;
import static dev.raykube.dashboard.MockDashboard.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import okhttp3.Headers;
import org.junit.jupiter.api.Test;

class HeadersAndAuthTest {
  private static final String TOKEN = "tok-3f9a1c7e5b";

  @StartStop
  final MockWebServer server = new MockWebServer();

  @Test
  void sendsBothAuthHeadersOurUserAgentAndNoBrowserHeaders() throws Exception {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.json("{\"submission_id\": \"a\"}"));
    try (RayDashboardClient client = clientFor(server).bearerToken("  " + TOKEN + "\n").header("X-Team", "ml")
        .build()) {
      client.submitJob(JobSubmitRequest.builder("echo").build());
    }
    for (int i = 0; i < 2; i++) {
      RecordedRequest r = take(server);
      Headers h = r.getHeaders();
      assertThat(h.get("Authorization")).isEqualTo("Bearer " + TOKEN);
      assertThat(h.get("X-Ray-Authorization")).isEqualTo("Bearer " + TOKEN);
      assertThat(h.get("User-Agent")).matches("raykube-dashboard-client/\\d+\\.\\d+\\.\\d+.*");
      assertThat(h.get("X-Team")).isEqualTo("ml");
      for (String name : h.names()) {
        assertThat(name.toLowerCase()).doesNotStartWith("sec-fetch-").isNotIn("origin", "referer")
            .doesNotStartWith("access-control-request-");
      }
    }
  }

  @Test
  void withoutATokenNoAuthHeaderIsSent() throws Exception {
    server.enqueue(Replies.json(Replies.PENDING_JOB));
    try (RayDashboardClient client = clientFor(server).build()) {
      client.getJob("t1");
    }
    Headers h = take(server).getHeaders();
    assertThat(h.get("Authorization")).isNull();
    assertThat(h.get("X-Ray-Authorization")).isNull();
  }

  @Test
  void builderRefusesBrowserHeadersAndConflictingAuth() {
    RayDashboardClientBuilder b = RayDashboardClient.builder().baseUrl("http://127.0.0.1:8265");
    assertThatThrownBy(() -> b.header("Origin", "http://x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.header("Referer", "http://x")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.header("Sec-Fetch-Mode", "cors")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.header("Access-Control-Request-Method", "POST"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.header("User-Agent", "Mozilla/5.0")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> RayDashboardClient.builder().baseUrl("http://h").bearerToken("t")
        .header("Authorization", "Bearer u").build()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> b.bearerToken(" ")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.bearerToken("a b")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageNotContaining("a b");
    assertThatThrownBy(() -> RayDashboardClient.builder().build()).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> b.baseUrl("localhost:8265")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> b.baseUrl("http://h:8265/?x=1")).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aCustomUserAgentIsAllowedIfNotBrowserLike() throws Exception {
    server.enqueue(Replies.json(Replies.PENDING_JOB));
    try (RayDashboardClient client = clientFor(server).header("User-Agent", "my-operator/1.0").build()) {
      client.getJob("t1");
    }
    assertThat(take(server).getHeaders().values("User-Agent")).containsExactly("my-operator/1.0");
  }

  @Test
  void theTokenNeverAppearsInExceptionsToStringOrLogs() {
    server.enqueue(Replies.text(403, "Forbidden: token " + TOKEN + " is not valid"));
    server.enqueue(Replies.text(500, "echo: Bearer " + TOKEN));
    PrintStream originalErr = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try (RayDashboardClient client = clientFor(server).bearerToken(TOKEN).build()) {
      assertThat(client.toString()).doesNotContain(TOKEN).contains("bearer token");
      assertThatThrownBy(() -> client.getJob("x")).isInstanceOfSatisfying(AuthenticationException.class, e -> {
        assertThat(e.getMessage()).doesNotContain(TOKEN).contains("***");
        assertThat(e.responseBody()).doesNotContain(TOKEN);
      });
      assertThatThrownBy(() -> client.stopJob("x")).isInstanceOfSatisfying(RayDashboardException.class, e -> {
        assertThat(e.getMessage()).doesNotContain(TOKEN);
        assertThat(e.responseBody()).isEqualTo("echo: Bearer ***");
      });
      assertThat(RayDashboardClient.builder().baseUrl("http://h").bearerToken(TOKEN).toString())
          .doesNotContain(TOKEN);
    } finally {
      System.setErr(originalErr);
    }
    String logs = captured.toString(StandardCharsets.UTF_8);
    assertThat(logs).contains("GET /api/jobs/x -> 403");
    assertThat(logs).doesNotContain(TOKEN);
  }

  @Test
  void aBasePathPrefixIsKept() throws Exception {
    server.enqueue(Replies.json(Replies.PENDING_JOB));
    try (RayDashboardClient client = RayDashboardClient.builder().baseUrl(server.url("/ray/").toString())
        .retryPolicy(RetryPolicy.none()).build()) {
      client.getJob("t1");
    }
    assertThat(take(server).getUrl().encodedPath()).isEqualTo("/ray/api/jobs/t1");
  }
}
