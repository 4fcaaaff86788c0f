package dev.raykube.dashboard.contract;

import java.time.Duration;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The contract against a real Ray head: runs only with {@code -Draykube.dashboard.url=http://127.0.0.1:8265} (and
 * {@code -Draykube.dashboard.token=…} when the head has token auth).
 */
@EnabledIfSystemProperty(named = "raykube.dashboard.url", matches = ".+")
class RealRayDashboardContractTest extends DashboardContractTest {

  @Override
  protected String baseUrl() {
    return System.getProperty("raykube.dashboard.url");
  }

  @Override
  protected String token() {
    String token = System.getProperty("raykube.dashboard.token");
    return token == null || token.isBlank() ? null : token;
  }

  @Override
  protected Duration patience() {
    return Duration.ofSeconds(120);
  }
}
