package dev.raykube.dashboard;

import static dev.raykube.dashboard.MockDashboard.body;
import static dev.raykube.dashboard.MockDashboard.clientFor;
import static dev.raykube.dashboard.MockDashboard.path;
import static dev.raykube.dashboard.MockDashboard.take;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import mockwebserver3.junit5.StartStop;
import org.junit.jupiter.api.Test;

class VersionHealthServeTest {
  @StartStop
  final MockWebServer server = new MockWebServer();

  @Test
  void readsTheVersion() {
    server.enqueue(Replies.version("2.60.0"));
    server.enqueue(Replies.json("{\"version\": \"1\", \"ray_version\": \"1.10.0\", \"ray_commit\": \"c\"}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      DashboardVersion v = client.getVersion();
      assertThat(v.jobsApiVersion()).isEqualTo("4");
      assertThat(v.rayVersion()).isEqualTo(RayVersion.parse("2.60.0"));
      assertThat(v.sessionName()).isEqualTo("session_x");
      DashboardVersion old = client.getVersion();
      assertThat(old.sessionName()).isNull();
      assertThat(client.serverVersion().text()).isEqualTo("1.10.0");
    }
  }

  @Test
  void gcsHealth() throws IOException {
    server.enqueue(new MockResponse.Builder().code(200).setHeader("Content-Type", "application/text")
        .body("success").build());
    server.enqueue(Replies.text(503, "503: Health check failed: timeout"));
    server.enqueue(Replies.text(404, "404: Not Found"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.gcsHealthy()).isTrue();
      assertThat(client.gcsHealthy()).isFalse();
      assertThatThrownBy(client::gcsHealthy).isInstanceOf(UnexpectedResponseException.class);
    }
    assertThat(server.getRequestCount()).isEqualTo(3);
    String url = server.url("/").toString();
    server.close();
    try (RayDashboardClient client = RayDashboardClient.builder().baseUrl(url)
        .connectTimeout(Duration.ofMillis(500)).build()) {
      assertThat(client.gcsHealthy()).isFalse();
    }
  }

  @Test
  void readsServeApplications() throws Exception {
    server.enqueue(Replies.json("{\"controller_info\": {}, \"proxies\": {}, \"applications\": {}, "
        + "\"target_capacity\": null}"));
    server.enqueue(Replies.json("{\"deploy_mode\": \"MULTI_APP\", \"proxy_location\": \"EveryNode\", "
        + "\"target_capacity\": 50, \"applications\": {\"app1\": {\"name\": \"app1\", \"route_prefix\": \"/a\", "
        + "\"docs_path\": null, \"status\": \"RUNNING\", \"message\": \"\", \"last_deployed_time_s\": 1700000000.5, "
        + "\"deployments\": {\"D\": {\"name\": \"D\", \"status\": \"HEALTHY\", \"message\": \"\", \"replicas\": []}, "
        + "\"E\": {\"name\": \"E\", \"status\": \"WEIRD\"}}}}}"));
    try (RayDashboardClient client = clientFor(server).build()) {
      assertThat(client.getServeApplications().applications()).isEmpty();
      ServeInstanceDetails details = client.getServeApplications();
      assertThat(details.deployMode()).isEqualTo("MULTI_APP");
      assertThat(details.targetCapacity()).isEqualTo(50.0);
      ServeApplicationDetails app = details.applications().get("app1");
      assertThat(app.status()).isEqualTo(ServeApplicationStatus.RUNNING);
      assertThat(app.routePrefix()).isEqualTo("/a");
      assertThat(app.lastDeployedTimeSeconds()).isEqualTo(1700000000.5);
      assertThat(app.deployments().get("D").status()).isEqualTo(ServeDeploymentStatus.HEALTHY);
      assertThat(app.deployments().get("E").status()).isEqualTo(ServeDeploymentStatus.UNKNOWN);
    }
    assertThat(path(take(server))).isEqualTo("/api/serve/applications/");
  }

  @Test
  void deploysAndDeletesServeConfigs() throws Exception {
    server.enqueue(new MockResponse.Builder().code(200).build());
    server.enqueue(new MockResponse.Builder().code(200).build());
    server.enqueue(Replies.text(400, "1 validation error for ServeDeploySchema\napplications\n  Field required"));
    server.enqueue(Replies.text(501, "Serve dependencies are not installed. Please run `pip install \"ray[serve]\"`."));
    server.enqueue(new MockResponse.Builder().code(200).build());
    Map<String, Object> config = Map.of("applications", List.of(Map.of("name", "a", "import_path", "m:app")));
    try (RayDashboardClient client = clientFor(server).build()) {
      client.deployServeApplications(config);
      client.deployServeApplications("{\"applications\": []}");
      assertThatThrownBy(() -> client.deployServeApplications("{}")).isInstanceOfSatisfying(
          InvalidRequestException.class, e -> assertThat(e.responseBody()).contains("validation error"));
      assertThatThrownBy(client::getServeApplications).isInstanceOfSatisfying(UnexpectedResponseException.class,
          e -> assertThat(e.statusCode()).isEqualTo(501));
      client.deleteServeApplications();
      assertThatThrownBy(() -> client.deployServeApplications("[]")).isInstanceOf(IllegalArgumentException.class);
      assertThatThrownBy(() -> client.deployServeApplications("{")).isInstanceOf(IllegalArgumentException.class);
    }
    RecordedRequest put = take(server);
    assertThat(put.getMethod()).isEqualTo("PUT");
    assertThat(body(put)).startsWith("{\"applications\":[{").contains("\"import_path\":\"m:app\"")
        .contains("\"name\":\"a\"");
    assertThat(body(take(server))).isEqualTo("{\"applications\": []}");
    take(server);
    take(server);
    assertThat(take(server).getMethod()).isEqualTo("DELETE");
  }
}
