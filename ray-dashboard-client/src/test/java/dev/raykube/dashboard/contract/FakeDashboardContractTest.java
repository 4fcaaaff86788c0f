package dev.raykube.dashboard.contract;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import java.time.Duration;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The contract against {@link FakeRayDashboard} without auth (Ray's default), at a tenth of real time. */
class FakeDashboardContractTest extends DashboardContractTest {
  private static FakeRayDashboard fake;

  @BeforeAll
  static void startFake() {
    fake = FakeRayDashboard.builder().timeScale(0.1).startDelay(Duration.ofSeconds(2))
        .stopDelay(Duration.ofSeconds(1))
        // Ray 2.60's own Serve times, scaled like the jobs' (see FakeRayDashboardBuilder#serveDeployDelay).
        .serveDeployDelay(Duration.ofSeconds(8)).serveUpdateDelay(Duration.ofSeconds(1))
        .serveDeployFailedDelay(Duration.ofSeconds(15)).serveProxy(true).build().start();
    fake.failServeImports(Pattern.compile(MISSING_MODULE + "[:.].*"));
    // What e2e/testdata/serve/raykube_serve_app.py answers.
    fake.serveAnswers((importPath, userConfig) -> userConfig.getOrDefault("greeting", "hello") + " from raykube "
        + (importPath.endsWith(":app_v2") ? "v2" : "v1"));
  }

  @AfterAll
  static void stopFake() {
    fake.close();
  }

  @Override
  protected boolean servesHttp() {
    return true;
  }

  @Override
  protected String serveProxyUrl() {
    return fake.serveProxyUrl();
  }

  @Override
  protected String baseUrl() {
    return fake.url();
  }

  @Override
  protected String token() {
    return null;
  }

  @Override
  protected Duration jobMonitorLag() {
    return Duration.ofMillis(500);
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(10);
  }

  @Override
  protected double timeScale() {
    return 0.1;
  }
}
