package dev.raykube.dashboard;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;

/** Helpers for tests that script a MockWebServer as the dashboard. */
final class MockDashboard {
  private MockDashboard() {}

  /** Tiny waits so retry tests stay fast. */
  static final RetryPolicy FAST_RETRIES = new RetryPolicy(3, Duration.ofMillis(1), Duration.ofMillis(5), 2.0, 0.5);

  static RayDashboardClientBuilder clientFor(MockWebServer server) {
    return RayDashboardClient.builder().baseUrl(server.url("/").toString()).retryPolicy(FAST_RETRIES)
        .callTimeout(Duration.ofSeconds(5));
  }

  static RecordedRequest take(MockWebServer server) throws InterruptedException {
    RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
    if (r == null) {
      throw new AssertionError("no request arrived");
    }
    return r;
  }

  static String path(RecordedRequest r) {
    return r.getUrl().encodedPath();
  }

  static String body(RecordedRequest r) {
    return r.getBody() == null ? "" : r.getBody().utf8();
  }
}
