package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import mockwebserver3.MockResponse;

/**
 * The Serve REST API at {@code /api/serve/applications/}, as Ray 2.60's declarative Serve ({@code serve_head.py},
 * {@code application_state.py}) behaves, checked by the contract suite against a real head:
 *
 * <ul>
 *   <li>before any deploy (and after a DELETE, or when the head lost its applications) the empty schema:
 *       {@code controller_info: {}}, no applications;
 *   <li>PUT validates like {@code ServeDeploySchema} (400 with pydantic's text, see {@link ServeConfigValidator}) and
 *       answers 200 with an empty body; the deploy goes on asynchronously;
 *   <li>an application that is new, or whose code version ({@code import_path} + {@code runtime_env}) changed, or
 *       whose last build failed, is (re)built: DEPLOYING with no deployments and (when new) no route prefix for half
 *       the deploy delay, then its deployments UPDATING ({@code CONFIG_UPDATE_STARTED}), then at the deploy delay
 *       RUNNING with deployments HEALTHY ({@code CONFIG_UPDATE_COMPLETED}); an import path that fails (see
 *       {@link #failImports}) ends DEPLOY_FAILED with Ray's message, no deployments and a null route prefix, after
 *       the failed-deploy delay;
 *   <li>an application with the same code version is updated in place: only deployments whose config changed go
 *       UPDATING (the application DEPLOYING) and are HEALTHY again after the update delay; a PUT of the same config
 *       changes no deployment, but the application is DEPLOYING for one controller loop (0.1 s) and its
 *       {@code last_deployed_time_s} moves;
 *   <li>applications left out of a PUT go DELETING and are gone after the update delay ({@code applications: []}
 *       removes all of them but keeps Serve running);
 *   <li>DELETE shuts Serve down at once (Ray answers after the shutdown, about 3 s on a real head).
 * </ul>
 *
 * <p>The proxy ({@link #proxyAnswer}) serves an application's version that last reached RUNNING: during an in-place
 * update or a rebuild the previous one still answers (a rebuild in Ray halts reconciliation and leaves the old
 * replicas running; a rebuild that fails keeps the old version answering here, which was not checked against Ray).
 *
 * <p>Deployments are named as {@link ServeApplication#deploymentNames} says. Thread-safe.
 */
final class ServeRoutes {
  /** The Serve controller's loop period ({@code CONTROL_LOOP_INTERVAL_S}). */
  private static final Duration CONTROL_LOOP = Duration.ofMillis(100);
  private static final String NODE_ID = "fa4e0000000000000000000000000000000000000000000000000001";

  private final Timeline timeline;
  private final Duration deployDelay;
  private final Duration updateDelay;
  private final Duration deployFailedDelay;
  private final boolean serveInstalled;
  private final List<ImportFailure> importFailures = new CopyOnWriteArrayList<>();
  private volatile Consumer<Boolean> runningListener = running -> {};
  private volatile BiFunction<String, Map<String, Object>, String> answers = (importPath, userConfig) ->
      "ok from " + importPath;
  private boolean running;
  private Map<String, Object> httpOptions;
  private final Map<String, ServeApplication> apps = new LinkedHashMap<>();

  private record ImportFailure(Pattern importPath, String exceptionLine) {}

  /** What the Serve proxy answers to one request. */
  record ProxyAnswer(int code, String contentType, String body) {}

  ServeRoutes(Timeline timeline, Duration deployDelay, Duration updateDelay, Duration deployFailedDelay,
      boolean serveInstalled) {
    this.timeline = timeline;
    this.deployDelay = deployDelay;
    this.updateDelay = updateDelay;
    this.deployFailedDelay = deployFailedDelay;
    this.serveInstalled = serveInstalled;
  }

  MockResponse handle(String method, String body) {
    switch (method) {
      case "GET":
        return serveInstalled ? detailsResponse() : ServeErrors.notInstalled();
      case "PUT":
        return serveInstalled ? deploy(body) : ServeErrors.notInstalled();
      case "DELETE":
        if (!serveInstalled) {
          return ServeErrors.notInstalledOnDelete();
        }
        shutdown();
        return Responses.empty();
      default:
        return Responses.methodNotAllowed();
    }
  }

  /** See {@code FakeRayDashboard#failServeImports}; a null {@code exceptionLine} means Python's module-not-found. */
  void failImports(Pattern importPath, String exceptionLine) {
    importFailures.add(0, new ImportFailure(Objects.requireNonNull(importPath, "importPath"), exceptionLine));
  }

  /** Serve as a head restarted without GCS fault tolerance has it: not running, no applications. */
  void shutdown() {
    synchronized (this) {
      running = false;
      httpOptions = null;
      apps.clear();
    }
    runningListener.accept(false);
  }

  /** Told (outside this object's lock) whether Serve runs after each PUT and shutdown: the proxy follows it. */
  void onRunningChange(Consumer<Boolean> listener) {
    this.runningListener = Objects.requireNonNull(listener, "listener");
  }

  /** See {@code FakeRayDashboard#serveAnswers}. */
  void answers(BiFunction<String, Map<String, Object>, String> answers) {
    this.answers = Objects.requireNonNull(answers, "answers");
  }

  /**
   * The Serve proxy's answer, as Ray 2.60's: {@code /-/healthz} → {@code success}, {@code /-/routes} → the route
   * prefixes served and their applications, a path at or under a served prefix (the longest wins) → the application's
   * answer, anything else → 404 with Ray's text.
   */
  synchronized ProxyAnswer proxyAnswer(String path) {
    String text = "text/plain; charset=utf-8";
    if (!running) {
      return new ProxyAnswer(503, text, "Serve is not running.");
    }
    if (path.equals("/-/healthz")) {
      return new ProxyAnswer(200, text, "success");
    }
    Map<String, Object> routes = new LinkedHashMap<>();
    ServeApplication best = null;
    for (ServeApplication app : apps.values()) {
      if (app.servedRoute instanceof String && !app.deleting()) {
        String prefix = (String) app.servedRoute;
        routes.put(prefix, app.name);
        boolean under = path.equals(prefix) || path.startsWith(prefix.endsWith("/") ? prefix : prefix + "/");
        if (under && (best == null || prefix.length() > ((String) best.servedRoute).length())) {
          best = app;
        }
      }
    }
    if (path.equals("/-/routes")) {
      return new ProxyAnswer(200, "application/json", Json.write(routes));
    }
    if (best == null) {
      return new ProxyAnswer(404, text, "Path '" + path + "' not found. Ping http://.../-/routes for available routes.");
    }
    return new ProxyAnswer(200, text, answers.apply(best.servedImportPath, best.servedUserConfig));
  }

  synchronized boolean setDeploymentHealth(String app, String deployment, String message) {
    ServeApplication a = apps.get(app);
    ServeApplication.Deployment d = a == null ? null : a.deployments.get(deployment);
    if (d == null || a.deleting()) {
      return false;
    }
    a.epoch++;
    d.status = message == null ? "HEALTHY" : "UNHEALTHY";
    d.trigger = message == null ? "HEALTH_CHECK_SUCCEEDED" : "HEALTH_CHECK_FAILED";
    d.message = message == null ? "" : message;
    a.settle();
    return true;
  }

  synchronized Optional<String> applicationStatus(String app) {
    ServeApplication a = apps.get(app);
    return a == null ? Optional.empty() : Optional.of(a.status);
  }

  /** Serialized under the lock: the maps change when a deploy moves on. */
  private synchronized MockResponse detailsResponse() {
    return Responses.json(details());
  }

  private Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (!running) {
      m.put("controller_info", Map.of());
      m.put("proxies", Map.of());
      m.put("applications", Map.of());
      m.put("target_capacity", null);
      return m;
    }
    Map<String, Object> controller = new LinkedHashMap<>();
    controller.put("node_id", NODE_ID);
    controller.put("node_ip", "127.0.0.1");
    controller.put("node_instance_id", "");
    controller.put("actor_id", "7884c1537283e375cab60c3e01000000");
    controller.put("actor_name", "SERVE_CONTROLLER_ACTOR");
    controller.put("worker_id", "82a460d0052b029bd02d247f23335bbb7c279c8b8b11eb6237aab929");
    controller.put("log_file_path", "/serve/controller_6503.log");
    m.put("controller_info", controller);
    m.put("proxy_location", "EveryNode");
    m.put("http_options", httpOptions);
    Map<String, Object> grpc = new LinkedHashMap<>();
    grpc.put("port", 9000L);
    grpc.put("grpc_servicer_functions", List.of());
    grpc.put("request_timeout_s", null);
    grpc.put("enable_reflection", true);
    m.put("grpc_options", grpc);
    Map<String, Object> proxy = new LinkedHashMap<>();
    proxy.put("node_id", NODE_ID);
    proxy.put("node_ip", "127.0.0.1");
    proxy.put("node_instance_id", "");
    proxy.put("actor_id", "1bb8618156e2e2abe244ed5c01000000");
    proxy.put("actor_name", "SERVE_PROXY_ACTOR-" + NODE_ID);
    proxy.put("worker_id", "8686eafe22955ea6472d53bc083595c842d528b152b41199f284148e");
    proxy.put("log_file_path", "/serve/proxy_127.0.0.1.log");
    proxy.put("status", "HEALTHY");
    m.put("proxies", Map.of(NODE_ID, proxy));
    Map<String, Object> applications = new LinkedHashMap<>();
    apps.forEach((name, app) -> applications.put(name, app.json()));
    m.put("applications", applications);
    m.put("target_capacity", null);
    return m;
  }

  @SuppressWarnings("unchecked")
  private MockResponse deploy(String body) {
    Object parsed;
    try {
      parsed = Json.parse(body);
    } catch (Json.MalformedJsonException e) {
      return Responses.unhandled();
    }
    String problem = ServeConfigValidator.problem(parsed);
    if (problem != null) {
      return Responses.text(400, problem);
    }
    Map<String, Object> config = (Map<String, Object>) parsed;
    synchronized (this) {
      if (!running) {
        running = true;
        httpOptions = httpOptions(config.get("http_options"));
      }
      double now = timeline.nowMillis() / 1000.0;
      List<String> names = new ArrayList<>();
      for (Object o : (List<Object>) config.get("applications")) {
        Map<String, Object> appConfig = (Map<String, Object>) o;
        String name = appConfig.get("name") instanceof String ? (String) appConfig.get("name") : "default";
        names.add(name);
        apply(name, appConfig, now);
      }
      for (ServeApplication app : apps.values()) {
        if (!names.contains(app.name) && !app.deleting()) {
          app.status = "DELETING";
          app.message = "";
          long epoch = ++app.epoch;
          later(app, epoch, updateDelay, () -> apps.remove(app.name));
        }
      }
    }
    runningListener.accept(true);
    return Responses.empty();
  }

  /** Serve's defaults, overridden by the first deploy's {@code http_options}; later changes are ignored, as in Ray. */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> httpOptions(Object given) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("host", "0.0.0.0");
    m.put("port", 8000L);
    m.put("root_path", "");
    m.put("request_timeout_s", null);
    m.put("keep_alive_timeout_s", 90L);
    m.put("ssl_keyfile", null);
    m.put("ssl_certfile", null);
    m.put("ssl_keyfile_password", null);
    m.put("ssl_ca_certs", null);
    if (given instanceof Map) {
      ((Map<String, Object>) given).forEach((k, v) -> {
        if (m.containsKey(k)) {
          m.put(k, v);
        }
      });
    }
    return m;
  }

  private void apply(String name, Map<String, Object> appConfig, double now) {
    ServeApplication app = apps.get(name);
    String version = ServeApplication.codeVersion(appConfig);
    if (app == null || app.deleting()) {
      app = new ServeApplication(name);
      apps.put(name, app);
    } else if (version.equals(app.builtCodeVersion)) {
      app.config = appConfig;
      app.lastDeployed = now;
      app.routePrefix = appConfig.containsKey("route_prefix") ? appConfig.get("route_prefix") : "/";
      boolean changed = false;
      for (ServeApplication.Deployment d : app.deployments.values()) {
        Map<String, Object> next = ServeApplication.deploymentConfig(appConfig, d.name);
        if (!next.equals(d.config)) {
          d.config = next;
          d.status = "UPDATING";
          d.trigger = "CONFIG_UPDATE_STARTED";
          d.message = "";
          changed = true;
        }
      }
      ServeApplication updated = app;
      long epoch = ++app.epoch;
      if (changed) {
        app.settle();
        later(app, epoch, updateDelay, updated::completeUpdate);
      } else {
        // Ray's _set_target_state marks the application DEPLOYING on every deploy; the controller's next loop
        // iteration (every 0.1 s) finds its deployments unchanged and sets the status they imply again. An update
        // still in flight (deployments UPDATING from an earlier deploy) goes on: it completes after the update delay.
        app.status = "DEPLOYING";
        app.message = "";
        boolean inFlight = app.deployments.values().stream().anyMatch(d -> "UPDATING".equals(d.status));
        later(app, epoch, inFlight ? updateDelay : CONTROL_LOOP, inFlight ? updated::completeUpdate : updated::settle);
      }
      return;
    }
    // A build: the application's deployments are unknown until the build task has imported the code.
    ServeApplication building = app;
    building.config = appConfig;
    building.lastDeployed = now;
    building.status = "DEPLOYING";
    building.message = "";
    building.builtCodeVersion = null;
    building.deployments.clear();
    long epoch = ++building.epoch;
    String importPath = (String) appConfig.get("import_path");
    ImportFailure failure = importFailures.stream().filter(f -> f.importPath().matcher(importPath).matches())
        .findFirst().orElse(null);
    if (failure != null) {
      later(building, epoch, deployFailedDelay, () -> {
        building.status = "DEPLOY_FAILED";
        building.message = ServeErrors.buildFailure(building.name,
            failure.exceptionLine() != null ? failure.exceptionLine() : ServeErrors.moduleNotFound(importPath));
      });
      return;
    }
    Duration buildTime = deployDelay.dividedBy(2);
    later(building, epoch, buildTime, () -> {
      building.builtCodeVersion = version;
      building.routePrefix = appConfig.containsKey("route_prefix") ? appConfig.get("route_prefix") : "/";
      for (String d : ServeApplication.deploymentNames(appConfig, importPath)) {
        building.deployments.put(d,
            new ServeApplication.Deployment(d, ServeApplication.deploymentConfig(appConfig, d)));
      }
      long started = ++building.epoch;
      later(building, started, deployDelay.minus(buildTime), building::completeUpdate);
    });
  }

  /** Runs {@code change} under the lock after {@code delay}, unless the application changed or went in between. */
  private void later(ServeApplication app, long epoch, Duration delay, Runnable change) {
    timeline.schedule(() -> {
      synchronized (this) {
        if (apps.get(app.name) == app && app.epoch == epoch) {
          change.run();
        }
      }
    }, delay);
  }
}
