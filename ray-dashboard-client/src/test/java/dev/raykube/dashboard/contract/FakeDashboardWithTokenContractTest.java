package dev.raykube.dashboard.contract;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import java.time.Duration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The contract against {@link FakeRayDashboard} with token auth on and without Serve (like a head from
 * {@code ray[default]}), at a tenth of real time.
 */
class FakeDashboardWithTokenContractTest extends DashboardContractTest {
  private static final String TOKEN = "contract-token";
  private static FakeRayDashboard fake;

  @BeforeAll
  static void startFake() {
    fake = FakeRayDashboard.builder().authToken(TOKEN).serveInstalled(false).timeScale(0.1)
        .startDelay(Duration.ofSeconds(2)).stopDelay(Duration.ofSeconds(1)).build().start();
  }

  @AfterAll
  static void stopFake() {
    fake.close();
  }

  /** Like a head with ray[default] only: the Serve scenarios are skipped here, the 501 answers are checked. */
  @Override
  protected boolean serveScenarios() {
    return false;
  }

  @Override
  protected String baseUrl() {
    return fake.url();
  }

  @Override
  protected String token() {
    return TOKEN;
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
