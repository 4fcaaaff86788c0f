package dev.raykube.dashboard.contract;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The contract against a real Ray head: runs only with {@code -Draykube.dashboard.url=http://127.0.0.1:8265} (and
 * {@code -Draykube.dashboard.token=…} when the head has token auth). A property given but empty fails every test
 * rather than skipping the class. e2e/contract runs it against a head without and a head with token auth (the Serve
 * scenarios, which need the head to have {@code ray[serve]} and {@code e2e/testdata/serve} on its PYTHONPATH, only
 * against the first).
 */
@EnabledIfSystemProperty(named = "raykube.dashboard.url", matches = ".*")
class RealRayDashboardContractTest extends DashboardContractTest {

  @Override
  protected String baseUrl() {
    String url = System.getProperty("raykube.dashboard.url");
    assertThat(url).as("-Draykube.dashboard.url").isNotBlank();
    return url;
  }

  @Override
  protected String token() {
    String token = System.getProperty("raykube.dashboard.token");
    return token == null || token.isBlank() ? null : token;
  }

  /** Ray's job monitor polls every second; deletes 1.2 s after the end still raced it, 2.5 s never did. */
  @Override
  protected Duration jobMonitorLag() {
    return Duration.ofSeconds(3);
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(120);
  }

  /** {@code -Draykube.dashboard.serveScenarios=false} leaves the Serve scenarios out (they need ray[serve]). */
  @Override
  protected boolean serveScenarios() {
    return !"false".equals(System.getProperty("raykube.dashboard.serveScenarios"));
  }

  /** e2e/contract starts its heads with ray[serve] and the Serve proxy answers on 127.0.0.1. */
  @Override
  protected boolean servesHttp() {
    return true;
  }

  @Override
  protected double timeScale() {
    return 1;
  }
}
