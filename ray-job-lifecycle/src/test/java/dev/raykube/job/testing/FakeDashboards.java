package dev.raykube.job.testing;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import java.time.Duration;

/** Dashboard-side helpers of the tests that run against {@link FakeRayDashboard}. */
public final class FakeDashboards {

  private FakeDashboards() {}

  /** A client of the fake with no retries and short timeouts, so that a test sees every reply as it is. */
  public static RayDashboardClient client(FakeRayDashboard dashboard) {
    return RayDashboardClient.builder().baseUrl(dashboard.url()).retryPolicy(RetryPolicy.none())
        .connectTimeout(Duration.ofSeconds(2)).callTimeout(Duration.ofSeconds(5)).build();
  }

  /** Polls the fake (not the dashboard API) every 10 ms for at most 3 s until job {@code id} has {@code status}. */
  public static void awaitStatus(FakeRayDashboard dashboard, String id, String status) {
    long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    while (!dashboard.jobStatus(id).map(status::equals).orElse(false)) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("job " + id + " did not become " + status + " within 3 s; it is "
            + dashboard.jobStatus(id).orElse("unknown"));
      }
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }
}
