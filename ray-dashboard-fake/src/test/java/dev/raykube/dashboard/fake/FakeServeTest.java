package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The Serve knobs and the transitions the contract suite cannot force on a real head. */
class FakeServeTest {
  private static final String PATH = "/api/serve/applications/";
  private static final String ONE_APP = "{\"applications\":[{\"name\":\"app1\",\"route_prefix\":\"/a\","
      + "\"import_path\":\"m:app\",\"deployments\":[{\"name\":\"D\",\"user_config\":{\"k\":1}}]}]}";

  private static FakeRayDashboard fake() {
    return FakeRayDashboard.builder().serveDeployDelay(Duration.ofMillis(200)).serveUpdateDelay(Duration.ofMillis(100))
        .serveDeployFailedDelay(Duration.ofMillis(200)).build().start();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> app(TestHttp http, String name) {
    return (Map<String, Object>) ((Map<String, Object>) http.get(PATH).json().get("applications")).get(name);
  }

  @SuppressWarnings("unchecked")
  private static String deploymentStatus(TestHttp http, String app, String deployment) {
    Map<String, Object> d = (Map<String, Object>) ((Map<String, Object>) app(http, app).get("deployments"))
        .get(deployment);
    return d == null ? null : (String) d.get("status");
  }

  @Test
  void aBuildShowsNoDeploymentsFirstAndAnInPlaceUpdateOnlyTheChangedOnes() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().serveDeployDelay(Duration.ofSeconds(2))
        .serveUpdateDelay(Duration.ofMillis(300)).build().start()) {
      TestHttp http = new TestHttp(fake.url());
      assertThat(http.put(PATH, ONE_APP).code()).isEqualTo(200);
      Map<String, Object> building = app(http, "app1");
      assertThat(building).containsEntry("status", "DEPLOYING").containsEntry("deployments", Map.of())
          .containsEntry("route_prefix", null);
      Await.until("deployments UPDATING", Duration.ofSeconds(5), () -> "UPDATING".equals(deploymentStatus(http, "app1", "D")));
      assertThat(app(http, "app1")).containsEntry("status", "DEPLOYING").containsEntry("route_prefix", "/a");
      Await.until("RUNNING", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      assertThat(deploymentStatus(http, "app1", "D")).isEqualTo("HEALTHY");

      http.put(PATH, ONE_APP);
      assertThat(app(http, "app1")).as("for one controller loop").containsEntry("status", "DEPLOYING");
      assertThat(deploymentStatus(http, "app1", "D")).isEqualTo("HEALTHY");
      Await.until("RUNNING after the loop", Duration.ofSeconds(5),
          () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      http.put(PATH, ONE_APP.replace("{\"k\":1}", "{\"k\":2}"));
      assertThat(app(http, "app1")).containsEntry("status", "DEPLOYING");
      assertThat(deploymentStatus(http, "app1", "D")).isEqualTo("UPDATING");
      Await.until("RUNNING again", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));

      // The same config again while its update is still in flight: the update goes on and completes.
      http.put(PATH, ONE_APP.replace("{\"k\":1}", "{\"k\":3}"));
      http.put(PATH, ONE_APP.replace("{\"k\":1}", "{\"k\":3}"));
      assertThat(deploymentStatus(http, "app1", "D")).isEqualTo("UPDATING");
      Await.until("RUNNING after an update interrupted by the same config", Duration.ofSeconds(5),
          () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      assertThat(deploymentStatus(http, "app1", "D")).isEqualTo("HEALTHY");
    }
  }

  @Test
  void aFailingImportEndsDeployFailedAndARetryBuildsAgain() {
    try (FakeRayDashboard fake = fake()) {
      fake.failServeImports(Pattern.compile("m:.*"), "AttributeError: module 'm' has no attribute 'app'");
      TestHttp http = new TestHttp(fake.url());
      http.put(PATH, ONE_APP);
      Await.until("DEPLOY_FAILED", Duration.ofSeconds(5),
          () -> fake.serveApplicationStatus("app1").equals(Optional.of("DEPLOY_FAILED")));
      assertThat((String) app(http, "app1").get("message")).startsWith("Deploying app 'app1' failed with exception:\n")
          .endsWith("\nAttributeError: module 'm' has no attribute 'app'\n");
      http.put(PATH, ONE_APP);
      assertThat(fake.serveApplicationStatus("app1")).contains("DEPLOYING");
    }
  }

  @Test
  void lostApplicationsLookLikeNoServeUntilTheNextDeploy() {
    try (FakeRayDashboard fake = fake()) {
      TestHttp http = new TestHttp(fake.url());
      http.put(PATH, ONE_APP);
      Await.until("RUNNING", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      fake.loseServeApplications();
      assertThat(http.get(PATH).json()).containsEntry("controller_info", Map.of()).containsEntry("applications", Map.of());
      assertThat(fake.serveApplicationStatus("app1")).isEmpty();
      http.put(PATH, ONE_APP);
      assertThat(fake.serveApplicationStatus("app1")).contains("DEPLOYING");
      Await.until("RUNNING again", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
    }
  }

  @Test
  void anUnhealthyDeploymentMakesItsApplicationUnhealthy() {
    try (FakeRayDashboard fake = fake()) {
      TestHttp http = new TestHttp(fake.url());
      http.put(PATH, ONE_APP);
      Await.until("RUNNING", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      fake.setServeDeploymentUnhealthy("app1", "D", "The replica failed its health check.");
      assertThat(app(http, "app1")).containsEntry("status", "UNHEALTHY")
          .containsEntry("message", "The deployments ['D'] are UNHEALTHY.");
      assertThat(deploymentStatus(http, "app1", "D")).isEqualTo("UNHEALTHY");
      fake.setServeDeploymentHealthy("app1", "D");
      assertThat(app(http, "app1")).containsEntry("status", "RUNNING").containsEntry("message", "");
      assertThatThrownBy(() -> fake.setServeDeploymentUnhealthy("app1", "nope", "x"))
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  @Test
  void anApplicationLeftOutIsDeletingThenGone() {
    try (FakeRayDashboard fake = fake()) {
      TestHttp http = new TestHttp(fake.url());
      http.put(PATH, ONE_APP);
      http.put(PATH, "{\"applications\":[]}");
      assertThat(fake.serveApplicationStatus("app1")).contains("DELETING");
      Await.until("gone", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").isEmpty());
      assertThat(http.get(PATH).json().get("controller_info")).isNotEqualTo(Map.of());
    }
  }

  @Test
  void theProxyListensWhileServeRunsAndServesTheLastRunningVersion() {
    try (FakeRayDashboard fake = FakeRayDashboard.builder().serveDeployDelay(Duration.ofMillis(600))
        .serveUpdateDelay(Duration.ofMillis(100)).serveProxy(true).build().start()) {
      fake.serveAnswers((importPath, userConfig) -> importPath + " " + userConfig.get("k"));
      TestHttp http = new TestHttp(fake.url());
      TestHttp proxy = new TestHttp(fake.serveProxyUrl());
      assertThatThrownBy(() -> proxy.callOrThrow("GET", "/-/healthz", null)).as("no Serve, no proxy")
          .isInstanceOf(java.io.IOException.class);
      http.put(PATH, ONE_APP);
      assertThat(proxy.get("/-/healthz").body()).isEqualTo("success");
      assertThat(proxy.get("/a").code()).as("not RUNNING yet").isEqualTo(404);
      Await.until("RUNNING", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      assertThat(proxy.get("/-/routes").body()).isEqualTo("{\"/a\":\"app1\"}");
      assertThat(proxy.get("/a/x").body()).isEqualTo("m:app 1");
      TestHttp.Reply nope = proxy.get("/nope");
      assertThat(nope.code()).isEqualTo(404);
      assertThat(nope.body()).isEqualTo("Path '/nope' not found. Ping http://.../-/routes for available routes.");

      http.put(PATH, ONE_APP.replace("m:app", "m:app2").replace("{\"k\":1}", "{\"k\":2}"));
      assertThat(fake.serveApplicationStatus("app1")).contains("DEPLOYING");
      assertThat(proxy.get("/a").body()).as("the old version answers during the rebuild").isEqualTo("m:app 1");
      Await.until("RUNNING again", Duration.ofSeconds(5), () -> fake.serveApplicationStatus("app1").equals(Optional.of("RUNNING")));
      assertThat(proxy.get("/a").body()).isEqualTo("m:app2 2");

      http.delete(PATH);
      assertThatThrownBy(() -> proxy.callOrThrow("GET", "/-/healthz", null)).isInstanceOf(java.io.IOException.class);
      http.put(PATH, ONE_APP);
      assertThat(proxy.get("/-/healthz").body()).as("listens again on the same port").isEqualTo("success");
      fake.loseServeApplications();
      assertThatThrownBy(() -> proxy.callOrThrow("GET", "/-/healthz", null)).isInstanceOf(java.io.IOException.class);
    }
  }
}
