package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FakeAuthAndFaultsTest {

  @Test
  void tokenAuthAnswers401And403AndExemptsHealthChecks() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().authToken("s3cret").build().start()) {
      TestHttp anonymous = new TestHttp(fake.url());
      TestHttp.Reply missing = anonymous.get("/api/jobs/");
      assertThat(missing.code()).isEqualTo(401);
      assertThat(missing.body()).isEqualTo("Unauthorized: Missing authentication token");
      TestHttp.Reply wrong = new TestHttp(fake.url(), Map.of("Authorization", "Bearer nope")).get("/api/jobs/");
      assertThat(wrong.code()).isEqualTo(403);
      assertThat(wrong.body()).isEqualTo("Forbidden: Invalid authentication token");
      assertThat(new TestHttp(fake.url(), Map.of("Authorization", "s3cret")).get("/api/jobs/").code()).isEqualTo(403);

      assertThat(new TestHttp(fake.url(), Map.of("Authorization", "Bearer s3cret")).get("/api/jobs/").code())
          .isEqualTo(200);
      assertThat(new TestHttp(fake.url(), Map.of("X-Ray-Authorization", "Bearer s3cret")).get("/api/jobs/").code())
          .isEqualTo(200);
      assertThat(new TestHttp(fake.url(), Map.of("Cookie", "ray-authentication-token=s3cret")).get("/api/jobs/")
          .code()).isEqualTo(200);

      assertThat(anonymous.get("/api/gcs_healthz").body()).isEqualTo("success");
      assertThat(anonymous.get("/api/authentication_mode").json()).containsEntry("authentication_mode", "token");
      assertThat(anonymous.get("/api/version").code()).isEqualTo(401);
    }
  }

  @Test
  void statusAndGarbageFaultsReplaceHandlingForMatchingRequestsOnly() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url());
      fake.injectFault("POST", "/api/jobs/", 2, Fault.status(503));
      fake.injectFault("GET", "/api/version", 1, Fault.garbageBody());
      assertThat(http.get("/api/jobs/").code()).isEqualTo(200);
      TestHttp.Reply first = http.post("/api/jobs/", "{\"entrypoint\":\"echo\"}");
      assertThat(first.code()).isEqualTo(503);
      assertThat(first.body()).isEqualTo("503: Service Unavailable");
      assertThat(http.post("/api/jobs/", "{\"entrypoint\":\"echo\"}").code()).isEqualTo(503);
      assertThat(fake.submissionIds()).isEmpty();
      assertThat(http.post("/api/jobs/", "{\"entrypoint\":\"echo\"}").code()).isEqualTo(200);
      TestHttp.Reply garbage = http.get("/api/version");
      assertThat(garbage.code()).isEqualTo(200);
      assertThat(garbage.contentType()).isEqualTo("text/html");
      assertThat(http.get("/api/version").json()).containsKey("ray_version");
    }
  }

  @Test
  void droppedConnectionsFailTheCallAndMayOrMayNotApplyTheRequest() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url());
      fake.injectFault(1, Fault.dropConnection());
      assertThatThrownBy(() -> http.callOrThrow("POST", "/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"a\"}"))
          .isInstanceOf(IOException.class);
      assertThat(fake.submissionIds()).isEmpty();
      fake.injectFault(1, Fault.dropConnectionAfterHandling());
      assertThatThrownBy(() -> http.callOrThrow("POST", "/api/jobs/", "{\"entrypoint\":\"echo\",\"submission_id\":\"b\"}"))
          .isInstanceOf(IOException.class);
      assertThat(fake.submissionIds()).containsExactly("b");
    }
  }

  @Test
  void latencyDelaysResponses() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url());
      fake.injectFault(1, Fault.latency(Duration.ofMillis(300)));
      long t0 = System.nanoTime();
      assertThat(http.get("/api/version").code()).isEqualTo(200);
      assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
      fake.setLatency(Duration.ofMillis(200));
      t0 = System.nanoTime();
      http.get("/api/version");
      assertThat(Duration.ofNanos(System.nanoTime() - t0)).isGreaterThanOrEqualTo(Duration.ofMillis(200));
    }
  }

  @Test
  void refusesConnectionsForAWhileThenServesTheSameState() throws Exception {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url());
      String id = (String) http.post("/api/jobs/", "{\"entrypoint\":\"sleep 100\"}").json().get("submission_id");
      fake.refuseConnectionsFor(Duration.ofMillis(500));
      TestHttp.CLIENT.connectionPool().evictAll();
      assertThatThrownBy(() -> http.callOrThrow("GET", "/api/jobs/" + id, null)).isInstanceOf(ConnectException.class);
      Await.until("fake listening again", Duration.ofSeconds(5), () -> {
        try {
          return http.callOrThrow("GET", "/api/jobs/" + id, null).code() == 200;
        } catch (IOException e) {
          return false;
        }
      });
      assertThat(fake.jobStatus(id)).isPresent();
    }
  }

  @Test
  void recordsEveryRequestWithHeadersAndBody() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url(), Map.of("X-Test", "1"));
      http.post("/api/jobs/", "{\"entrypoint\":\"sleep 100\",\"submission_id\":\"rec\"}");
      http.post("/api/jobs/rec/stop", "");
      http.get("/api/jobs/?x=1");
      assertThat(fake.requests()).extracting(RecordedDashboardRequest::toString)
          .containsExactly("POST /api/jobs/", "POST /api/jobs/rec/stop", "GET /api/jobs/?x=1");
      RecordedDashboardRequest submit = fake.requests("POST", "/api/jobs/").get(0);
      assertThat(submit.body()).contains("\"submission_id\":\"rec\"");
      assertThat(submit.header("x-test")).isEqualTo("1");
      assertThat(fake.stopRequested("rec")).isTrue();
      assertThat(fake.stopRequested("other")).isFalse();
      fake.clearRequests();
      assertThat(fake.requests()).isEmpty();
    }
  }

  @Test
  void gcsHealthCanBeTurnedOff() {
    try (FakeRayDashboard fake = FakeRayDashboard.create().start()) {
      TestHttp http = new TestHttp(fake.url());
      TestHttp.Reply ok = http.get("/api/gcs_healthz");
      assertThat(ok.body()).isEqualTo("success");
      assertThat(ok.contentType()).startsWith("application/text");
      fake.setGcsHealthy(false);
      assertThat(http.get("/api/gcs_healthz").code()).isEqualTo(503);
    }
  }
}
