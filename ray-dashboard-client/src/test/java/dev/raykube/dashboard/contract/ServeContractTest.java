package dev.raykube.dashboard.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.InstanceOfAssertFactories.MAP;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.raykube.dashboard.InvalidRequestException;
import com.squareup.moshi.Moshi;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import dev.raykube.dashboard.ServeApplicationDetails;
import dev.raykube.dashboard.ServeApplicationStatus;
import dev.raykube.dashboard.ServeDeploymentDetails;
import dev.raykube.dashboard.ServeDeploymentStatus;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The Serve part of the dashboard contract ({@code /api/serve/applications/}), against the fake and against a real Ray
 * 2.60 head with {@code ray[serve]} whose workers can import {@code e2e/testdata/serve/raykube_serve_app.py} (e2e/contract
 * puts that directory on the head's PYTHONPATH). The fake is told that {@code raykube_no_such_module} does not import.
 * Each scenario starts and ends with Serve shut down (DELETE), and the Serve HTTP proxy listens on 127.0.0.1 only, on
 * a free port.
 */
abstract class ServeContractTest extends DashboardWireContractTest {
  static final String SERVE_PATH = "/api/serve/applications/";
  /** The empty schema Ray answers when Serve is not running ({@code ServeInstanceDetails.get_empty_schema_dict}). */
  static final Map<String, Object> EMPTY_SCHEMA = emptySchema();
  /** The module the fake is told cannot be imported; a real head has no such module. */
  static final String MISSING_MODULE = "raykube_no_such_module";
  private static final long PROXY_PORT = freePort();
  private static final HttpClient PROXY_HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private RayDashboardClient serve;

  /**
   * Whether to run the Serve scenarios (default true): they need Serve installed (the token fake, like a head from
   * {@code ray[default]}, has not), and a run may leave them to another head (e2e/contract runs them on one of its two).
   */
  protected boolean serveScenarios() {
    return true;
  }

  /** Whether a Serve HTTP proxy answers at {@link #serveProxyUrl()} (a real head; the fake with its proxy on). */
  protected boolean servesHttp() {
    return false;
  }

  /** Where the Serve proxy listens: on a real head the config's {@code http_options}, 127.0.0.1 and a free port. */
  protected String serveProxyUrl() {
    return "http://127.0.0.1:" + PROXY_PORT;
  }

  /** Each Serve scenario starts with Serve shut down; the other scenarios of the suite do not touch Serve here. */
  private void requireServeShutDown() {
    assumeTrue(serveScenarios(), "no Serve scenarios against this dashboard");
    RayDashboardClientBuilder b = RayDashboardClient.builder().baseUrl(baseUrl());
    if (token() != null) {
      b.bearerToken(token());
    }
    serve = b.build();
    serve.deleteServeApplications();
  }

  @AfterEach
  void shutServeDownAfterAServeScenario() {
    if (serve != null) {
      serve.deleteServeApplications();
      serve.close();
    }
  }

  private static Map<String, Object> emptySchema() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("controller_info", Map.of());
    m.put("proxies", Map.of());
    m.put("applications", Map.of());
    m.put("target_capacity", null);
    return m;
  }

  private static long freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  static String json(Object value) {
    return new Moshi.Builder().build().adapter(Object.class).toJson(value);
  }

  static Map<String, Object> httpOptions() {
    return Map.of("host", "127.0.0.1", "port", PROXY_PORT);
  }

  /** One application {@code greeter} at {@code /greet} with its deployment {@code Greeter}. */
  static Map<String, Object> greeter(String importPath, String greeting) {
    Map<String, Object> app = new LinkedHashMap<>();
    app.put("name", "greeter");
    app.put("route_prefix", "/greet");
    app.put("import_path", importPath);
    app.put("deployments", List.of(Map.of("name", "Greeter", "user_config", Map.of("greeting", greeting))));
    return app;
  }

  @SafeVarargs
  static Map<String, Object> config(Map<String, Object>... apps) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("http_options", httpOptions());
    m.put("applications", List.of(apps));
    return m;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> rawApp(String name) {
    DashboardWire.Reply reply = wire.get(SERVE_PATH);
    assertThat(reply.code()).as(reply.body()).isEqualTo(200);
    return (Map<String, Object>) ((Map<String, Object>) reply.object().get("applications")).get(name);
  }

  /**
   * Polls the application until {@code done} holds; returns it and adds every application status seen (and, to
   * {@code deploymentsSeen}, every deployment status) on the way.
   */
  private ServeApplicationDetails awaitApp(String name, Predicate<ServeApplicationDetails> done,
      Set<ServeApplicationStatus> seen, Set<ServeDeploymentStatus> deploymentsSeen) {
    long deadline = System.nanoTime() + patience().toNanos();
    while (true) {
      ServeApplicationDetails app = serve.getServeApplications().applications().get(name);
      if (app != null) {
        seen.add(app.status());
        app.deployments().values().forEach(d -> deploymentsSeen.add(d.status()));
        if (done.test(app)) {
          return app;
        }
      }
      assertThat(System.nanoTime()).as("application %s; seen %s / %s; now %s", name, seen, deploymentsSeen, app)
          .isLessThan(deadline);
      pause(100);
    }
  }

  private static boolean runningAndHealthy(ServeApplicationDetails app) {
    return app.status() == ServeApplicationStatus.RUNNING && !app.deployments().isEmpty()
        && app.deployments().values().stream().allMatch(d -> d.status() == ServeDeploymentStatus.HEALTHY);
  }

  private String proxyGet(String path) throws Exception {
    long deadline = System.nanoTime() + patience().toNanos();
    while (true) {
      try {
        HttpResponse<String> r = PROXY_HTTP.send(HttpRequest.newBuilder(URI.create(serveProxyUrl()
            + path)).timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        return r.statusCode() + " " + r.body();
      } catch (IOException notYet) {
        assertThat(System.nanoTime()).as("Serve proxy at %s: %s", serveProxyUrl(), notYet).isLessThan(deadline);
        pause(200);
      }
    }
  }

  @Test
  void serveDeploysAGoodConfigToRunningAndAChangedConfigIsLiveThenDeleteLeavesTheEmptySchema() throws Exception {
    requireServeShutDown();
    assertThat(wire.get(SERVE_PATH).object()).as("before any deploy").isEqualTo(EMPTY_SCHEMA);

    long t0 = System.nanoTime();
    serve.deployServeApplications(config(greeter("raykube_serve_app:app", "hello")));
    long accepted = System.nanoTime();
    Set<ServeApplicationStatus> seen = new LinkedHashSet<>();
    Set<ServeDeploymentStatus> deploymentsSeen = new LinkedHashSet<>();
    ServeApplicationDetails app = awaitApp("greeter", ServeContractTest::runningAndHealthy, seen, deploymentsSeen);
    System.out.printf("serve contract: first deploy: PUT answered in %.1f s, RUNNING %.1f s after the PUT%n",
        (accepted - t0) / 1e9, (System.nanoTime() - t0) / 1e9);
    assertThat(seen).contains(ServeApplicationStatus.DEPLOYING).isSubsetOf(ServeApplicationStatus.DEPLOYING,
        ServeApplicationStatus.RUNNING);
    assertThat(deploymentsSeen).isSubsetOf(ServeDeploymentStatus.UPDATING, ServeDeploymentStatus.HEALTHY);
    assertThat(app.routePrefix()).isEqualTo("/greet");
    assertThat(app.message()).isEmpty();
    assertThat(app.lastDeployedTimeSeconds()).isNotNull();
    assertThat(app.deployments()).containsOnlyKeys("Greeter");
    ServeDeploymentDetails greeter = app.deployments().get("Greeter");
    assertThat(greeter.message()).isEmpty();

    Map<String, Object> raw = wire.get(SERVE_PATH).object();
    assertThat(raw).containsKeys("controller_info", "proxy_location", "http_options", "proxies", "applications",
        "target_capacity");
    assertThat(raw.get("controller_info")).asInstanceOf(MAP)
        .containsEntry("actor_name", "SERVE_CONTROLLER_ACTOR");
    assertThat(raw.get("http_options")).asInstanceOf(MAP)
        .containsEntry("host", "127.0.0.1").containsEntry("port", (double) PROXY_PORT);
    Map<String, Object> rawApp = rawApp("greeter");
    assertThat(rawApp).containsEntry("source", "declarative")
        .containsEntry("deployed_app_config", greeter("raykube_serve_app:app", "hello"));
    assertThat(rawApp.get("deployments")).asInstanceOf(MAP)
        .extractingByKey("Greeter").asInstanceOf(MAP)
        .containsEntry("status_trigger", "CONFIG_UPDATE_COMPLETED");
    if (servesHttp()) {
      assertThat(proxyGet("/-/healthz")).isEqualTo("200 success");
      assertThat(proxyGet("/-/routes")).isEqualTo("200 {\"/greet\":\"greeter\"}");
      assertThat(proxyGet("/greet")).isEqualTo("200 hello from raykube v1");
      assertThat(proxyGet("/nope")).startsWith("404 Path '/nope' not found.");
    }

    // The same config again: 200 with an empty body; no deployment is touched, but Ray marks the application
    // DEPLOYING on every deploy until its controller's next loop (0.1 s) finds the deployments as they were.
    DashboardWire.Reply again = wire.call("PUT", SERVE_PATH, json(config(greeter("raykube_serve_app:app", "hello"))));
    assertThat(again.code()).as(again.body()).isEqualTo(200);
    assertThat(again.body()).isEmpty();
    seen.clear();
    deploymentsSeen.clear();
    long quietUntil = System.nanoTime() + Duration.ofMillis(Math.max(200, (long) (1000 * timeScale()))).toNanos();
    ServeApplicationDetails same;
    do {
      same = serve.getServeApplications().applications().get("greeter");
      seen.add(same.status());
      same.deployments().values().forEach(d -> deploymentsSeen.add(d.status()));
      pause(Math.max(10, (long) (50 * timeScale())));
    } while (System.nanoTime() < quietUntil);
    same = awaitApp("greeter", ServeContractTest::runningAndHealthy, seen, deploymentsSeen);
    assertThat(seen).isSubsetOf(ServeApplicationStatus.DEPLOYING, ServeApplicationStatus.RUNNING);
    assertThat(deploymentsSeen).containsExactly(ServeDeploymentStatus.HEALTHY);
    assertThat(same.lastDeployedTimeSeconds()).isGreaterThan(app.lastDeployedTimeSeconds());

    // A changed user_config: the same code, updated in place.
    long t1 = System.nanoTime();
    serve.deployServeApplications(config(greeter("raykube_serve_app:app", "hi")));
    seen.clear();
    deploymentsSeen.clear();
    awaitApp("greeter", a -> runningAndHealthy(a) && "hi".equals(userGreeting(rawApp("greeter"))), seen,
        deploymentsSeen);
    System.out.printf("serve contract: user_config change RUNNING %.1f s after the PUT%n", (System.nanoTime() - t1) / 1e9);
    assertThat(seen).isSubsetOf(ServeApplicationStatus.DEPLOYING, ServeApplicationStatus.RUNNING);
    assertThat(deploymentsSeen).isSubsetOf(ServeDeploymentStatus.UPDATING, ServeDeploymentStatus.HEALTHY);
    if (servesHttp()) {
      assertThat(proxyGet("/greet")).isEqualTo("200 hi from raykube v1");
    }

    // A changed import path: the application is built again.
    long t2 = System.nanoTime();
    serve.deployServeApplications(config(greeter("raykube_serve_app:app_v2", "hi")));
    seen.clear();
    deploymentsSeen.clear();
    awaitApp("greeter", a -> runningAndHealthy(a)
        && "raykube_serve_app:app_v2".equals(((Map<?, ?>) rawApp("greeter").get("deployed_app_config")).get("import_path")),
        seen, deploymentsSeen);
    System.out.printf("serve contract: import path change RUNNING %.1f s after the PUT%n",
        (System.nanoTime() - t2) / 1e9);
    assertThat(seen).contains(ServeApplicationStatus.DEPLOYING).isSubsetOf(ServeApplicationStatus.DEPLOYING,
        ServeApplicationStatus.RUNNING);
    if (servesHttp()) {
      assertThat(proxyGet("/greet")).isEqualTo("200 hi from raykube v2");
    }

    serve.deleteServeApplications();
    assertThat(wire.get(SERVE_PATH).object()).as("after DELETE").isEqualTo(EMPTY_SCHEMA);
    if (servesHttp()) {
      assertThatThrownBy(() -> PROXY_HTTP.send(HttpRequest.newBuilder(URI.create(serveProxyUrl() + "/-/healthz"))
          .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.ofString()))
          .as("the proxy is gone with Serve").isInstanceOf(IOException.class);
    }
    assertThat(serve.getServeApplications().applications()).isEmpty();
  }

  @SuppressWarnings("unchecked")
  private static Object userGreeting(Map<String, Object> rawApp) {
    Map<String, Object> d = (Map<String, Object>) ((Map<String, Object>) rawApp.get("deployments")).get("Greeter");
    Map<String, Object> config = d == null ? null : (Map<String, Object>) d.get("deployment_config");
    Map<String, Object> user = config == null ? null : (Map<String, Object>) config.get("user_config");
    return user == null ? null : user.get("greeting");
  }

  @Test
  void aSchemaInvalidServeConfigIsAnInvalidRequestWithPydanticsMessage() {
    requireServeShutDown();
    Map<String, Object> noImportPath = new LinkedHashMap<>();
    noImportPath.put("name", "greeter");
    noImportPath.put("route_prefix", "/greet");
    assertRejected(Map.of("applications", List.of(noImportPath)), "1 validation error for ServeDeploySchema\n"
        + "applications.0.import_path\n"
        + "  Field required [type=missing, input_value={'name': 'greeter', 'route_prefix': '/greet'}, input_type=dict]\n"
        + "    For further information visit https://errors.pydantic.dev/");
    assertRejected(Map.of(), "1 validation error for ServeDeploySchema\napplications\n"
        + "  Field required [type=missing, input_value={}, input_type=dict]\n");
    assertRejected(Map.of("applications", 5), "1 validation error for ServeDeploySchema\napplications\n"
        + "  Input should be a valid list [type=list_type, input_value=5, input_type=int]\n");
    assertRejected(Map.of("applications", List.of(Map.of("name", "a", "import_path", "nocolon"))),
        "1 validation error for ServeDeploySchema\napplications.0.import_path\n"
        + "  Value error, Got invalid import path \"nocolon\". An import path must contain at least on dot or colon "
        + "separating the module (and potentially submodules) from the deployment graph. E.g.: "
        + "\"module.deployment_graph\". [type=value_error, input_value='nocolon', input_type=str]\n");
    Map<String, Object> a1 = new LinkedHashMap<>();
    a1.put("name", "a");
    a1.put("import_path", "m:app");
    a1.put("route_prefix", "/a");
    Map<String, Object> a2 = new LinkedHashMap<>(a1);
    a2.put("route_prefix", "/b");
    assertRejected(Map.of("applications", List.of(a1, a2)), "1 validation error for ServeDeploySchema\napplications\n"
        + "  Value error, Found multiple configs for application \"a\". Please remove all duplicates. "
        + "[type=value_error, input_value=[{'name': 'a', 'import_pa..., 'route_prefix': '/b'}], input_type=list]\n");
    Map<String, Object> b = new LinkedHashMap<>(a1);
    b.put("name", "b");
    assertRejected(Map.of("applications", List.of(a1, b)), "1 validation error for ServeDeploySchema\napplications\n"
        + "  Value error, Found duplicate applications for route prefix \"/a\". Please ensure each application's "
        + "route_prefix is unique. [type=value_error, ");
    assertRejected(Map.of("applications", List.of(Map.of("name", "g", "import_path", "m:app",
        "deployments", List.of(Map.of("name", "D", "num_replicas", "many"))))),
        "1 validation error for ServeDeploySchema\napplications.0.deployments.0\n"
        + "  Value error, `num_replicas` must be an int or \"auto\", but got: many [type=value_error, ");
    assertThat(wire.get(SERVE_PATH).object()).as("a rejected config starts nothing").isEqualTo(EMPTY_SCHEMA);
  }

  private void assertRejected(Map<String, Object> config, String bodyStart) {
    assertThatThrownBy(() -> serve.deployServeApplications(config)).as("%s", config)
        .isInstanceOfSatisfying(InvalidRequestException.class, e -> {
          assertThat(e.statusCode()).isEqualTo(400);
          assertThat(e.responseBody()).startsWith(bodyStart)
              .containsPattern("\n    For further information visit https://errors\\.pydantic\\.dev/[0-9.]+/v/[a-z_]+$");
        });
  }

  @Test
  void anUnimportableApplicationIsDeployFailedWithPythonsErrorBesideARunningOneAndAnEmptyListDeletesBoth() {
    requireServeShutDown();
    Map<String, Object> broken = new LinkedHashMap<>();
    broken.put("name", "broken");
    broken.put("route_prefix", "/broken");
    broken.put("import_path", MISSING_MODULE + ":app");
    long t0 = System.nanoTime();
    serve.deployServeApplications(config(greeter("raykube_serve_app:app", "hello"), broken));
    Set<ServeApplicationStatus> seen = new LinkedHashSet<>();
    Set<ServeDeploymentStatus> deploymentsSeen = new LinkedHashSet<>();
    ServeApplicationDetails failed = awaitApp("broken", a -> a.status() == ServeApplicationStatus.DEPLOY_FAILED, seen,
        deploymentsSeen);
    System.out.printf("serve contract: unimportable app DEPLOY_FAILED %.1f s after the PUT%n",
        (System.nanoTime() - t0) / 1e9);
    assertThat(seen).containsExactly(ServeApplicationStatus.DEPLOYING, ServeApplicationStatus.DEPLOY_FAILED);
    assertThat(deploymentsSeen).isEmpty();
    assertThat(failed.message()).startsWith("Deploying app 'broken' failed with exception:\nTraceback (most recent call last):\n")
        .contains("in build_serve_application\n")
        .endsWith("ModuleNotFoundError: No module named '" + MISSING_MODULE + "'\n");
    assertThat(failed.routePrefix()).as("a never-built application has no route").isNull();
    assertThat(failed.deployments()).isEmpty();
    assertThat(rawApp("broken")).containsEntry("deployed_app_config", broken);
    ServeApplicationDetails good = awaitApp("greeter", ServeContractTest::runningAndHealthy, new LinkedHashSet<>(),
        new LinkedHashSet<>());
    assertThat(good.message()).isEmpty();

    // An empty list removes every application (DELETING, then gone) but leaves Serve running.
    Map<String, Object> none = new LinkedHashMap<>();
    none.put("http_options", httpOptions());
    none.put("applications", List.of());
    serve.deployServeApplications(none);
    List<ServeApplicationStatus> statuses = new ArrayList<>();
    long deadline = System.nanoTime() + patience().toNanos();
    Map<String, ServeApplicationDetails> apps;
    while (!(apps = serve.getServeApplications().applications()).isEmpty()) {
      apps.values().forEach(a -> statuses.add(a.status()));
      assertThat(System.nanoTime()).as("applications gone; seen %s", statuses).isLessThan(deadline);
      pause(50);
    }
    assertThat(statuses).isSubsetOf(ServeApplicationStatus.RUNNING, ServeApplicationStatus.DEPLOY_FAILED,
        ServeApplicationStatus.DELETING);
    assertThat(wire.get(SERVE_PATH).object().get("controller_info")).as("Serve still running")
        .isNotEqualTo(Map.of());
  }
}
