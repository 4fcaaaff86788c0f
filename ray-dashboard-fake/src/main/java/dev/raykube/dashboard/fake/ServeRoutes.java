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
 * <p>Deployments are named by the config's {@code deployments} entries; a config naming none gets one deployment
 * named after the import path's attribute (real Serve takes the names from the code). Thread-safe.
 */
final class ServeRoutes {
  /** Where Ray's own files are in its tracebacks (the path of the head image KubeRay's samples use). */
  private static final String SITE = "/home/ray/anaconda3/lib/python3.11/site-packages/ray/";
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
  private final Map<String, App> apps = new LinkedHashMap<>();

  private record ImportFailure(Pattern importPath, String exceptionLine) {}

  /** What the Serve proxy answers to one request. */
  record ProxyAnswer(int code, String contentType, String body) {}

  private static final class Deployment {
    final String name;
    String status = "UPDATING";
    String trigger = "CONFIG_UPDATE_STARTED";
    String message = "";
    Map<String, Object> config;

    Deployment(String name, Map<String, Object> config) {
      this.name = name;
      this.config = config;
    }
  }

  private static final class App {
    final String name;
    Map<String, Object> config;
    String status = "DEPLOYING";
    String message = "";
    Object routePrefix;
    double lastDeployed;
    /** The code version of the last successful build; null while building or after a failed build. */
    String builtCodeVersion;
    final Map<String, Deployment> deployments = new LinkedHashMap<>();
    /** What the proxy serves: the version that last reached RUNNING (older replicas serve during an update). */
    Object servedRoute;
    String servedImportPath;
    Map<String, Object> servedUserConfig;
    /** Bumped by every change, so that a transition scheduled before it does nothing. */
    long epoch;

    App(String name) {
      this.name = name;
    }
  }

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
        return serveInstalled ? detailsResponse() : notInstalled();
      case "PUT":
        return serveInstalled ? deploy(body) : notInstalled();
      case "DELETE":
        if (!serveInstalled) {
          return notInstalledOnDelete();
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
    App best = null;
    for (App app : apps.values()) {
      if (app.servedRoute instanceof String && !"DELETING".equals(app.status)) {
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
    App a = apps.get(app);
    Deployment d = a == null ? null : a.deployments.get(deployment);
    if (d == null || "DELETING".equals(a.status)) {
      return false;
    }
    a.epoch++;
    d.status = message == null ? "HEALTHY" : "UNHEALTHY";
    d.trigger = message == null ? "HEALTH_CHECK_SUCCEEDED" : "HEALTH_CHECK_FAILED";
    d.message = message == null ? "" : message;
    settle(a);
    return true;
  }

  synchronized Optional<String> applicationStatus(String app) {
    App a = apps.get(app);
    return a == null ? Optional.empty() : Optional.of(a.status);
  }

  private static MockResponse notInstalled() {
    return Responses.text(501, "Serve dependencies are not installed. Please run `pip install \"ray[serve]\"`.");
  }

  /** Ray's DELETE imports Serve without the 501 guard of GET/PUT, so it fails with the import error. */
  private static MockResponse notInstalledOnDelete() {
    return Responses.text(500, "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "dashboard/optional_utils.py\", line 188, in decorator\n"
        + "    return await f(self, *args, **kwargs)\n"
        + "  File \"" + SITE + "dashboard/modules/serve/serve_head.py\", line 179, in delete_serve_applications\n"
        + "    from ray import serve\n"
        + "  File \"" + SITE + "serve/_private/common.py\", line 13, in <module>\n"
        + "    from starlette.types import Scope\n"
        + "ModuleNotFoundError: No module named 'starlette'. You can run `pip install \"ray[serve]\"` to install all "
        + "Ray Serve dependencies.\n");
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
    apps.forEach((name, app) -> applications.put(name, json(app)));
    m.put("applications", applications);
    m.put("target_capacity", null);
    return m;
  }

  private static Map<String, Object> json(App app) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", app.name);
    m.put("route_prefix", app.routePrefix);
    m.put("docs_path", null);
    m.put("status", app.status);
    m.put("message", app.message);
    m.put("last_deployed_time_s", app.lastDeployed);
    m.put("deployed_app_config", app.config);
    m.put("source", "declarative");
    Map<String, Object> deployments = new LinkedHashMap<>();
    for (Deployment d : app.deployments.values()) {
      Map<String, Object> dm = new LinkedHashMap<>();
      dm.put("name", d.name);
      dm.put("status", d.status);
      dm.put("status_trigger", d.trigger);
      dm.put("message", d.message);
      dm.put("deployment_config", d.config);
      Object replicas = d.config.get("num_replicas");
      dm.put("target_num_replicas", replicas instanceof Long ? replicas : 1L);
      dm.put("required_resources", Map.of("CPU", 1.0));
      dm.put("replicas", List.of());
      dm.put("recent_dead_replicas", List.of());
      deployments.put(d.name, dm);
    }
    m.put("deployments", deployments);
    m.put("external_scaler_enabled", false);
    if (app.builtCodeVersion == null || app.deployments.isEmpty()) {
      m.put("deployment_topology", null);
    } else {
      Map<String, Object> nodes = new LinkedHashMap<>();
      String ingress = app.deployments.keySet().iterator().next();
      for (String d : app.deployments.keySet()) {
        nodes.put(d, Map.of("name", d, "app_name", app.name, "outbound_deployments", List.of(),
            "is_ingress", d.equals(ingress)));
      }
      Map<String, Object> topology = new LinkedHashMap<>();
      topology.put("app_name", app.name);
      topology.put("nodes", nodes);
      topology.put("ingress_deployment", ingress);
      m.put("deployment_topology", topology);
    }
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
      for (App app : apps.values()) {
        if (!names.contains(app.name) && !"DELETING".equals(app.status)) {
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

  private static String codeVersion(Map<String, Object> appConfig) {
    Object runtimeEnv = appConfig.get("runtime_env");
    return appConfig.get("import_path") + "|" + Json.write(runtimeEnv == null ? Map.of() : runtimeEnv);
  }

  private void apply(String name, Map<String, Object> appConfig, double now) {
    App app = apps.get(name);
    String version = codeVersion(appConfig);
    if (app == null || "DELETING".equals(app.status)) {
      app = new App(name);
      apps.put(name, app);
    } else if (version.equals(app.builtCodeVersion)) {
      app.config = appConfig;
      app.lastDeployed = now;
      app.routePrefix = appConfig.containsKey("route_prefix") ? appConfig.get("route_prefix") : "/";
      boolean changed = false;
      for (Deployment d : app.deployments.values()) {
        Map<String, Object> next = deploymentConfig(appConfig, d.name);
        if (!next.equals(d.config)) {
          d.config = next;
          d.status = "UPDATING";
          d.trigger = "CONFIG_UPDATE_STARTED";
          d.message = "";
          changed = true;
        }
      }
      App updated = app;
      long epoch = ++app.epoch;
      if (changed) {
        settle(app);
        later(app, epoch, updateDelay, () -> completeUpdate(updated));
      } else {
        // Ray's _set_target_state marks the application DEPLOYING on every deploy; the controller's next loop
        // iteration (every 0.1 s) finds its deployments unchanged and sets the status they imply again.
        app.status = "DEPLOYING";
        app.message = "";
        later(app, epoch, CONTROL_LOOP, () -> settle(updated));
      }
      return;
    }
    // A build: the application's deployments are unknown until the build task has imported the code.
    App building = app;
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
        building.message = buildFailure(building.name, failure.exceptionLine() != null ? failure.exceptionLine()
            : moduleNotFound(importPath));
      });
      return;
    }
    Duration buildTime = deployDelay.dividedBy(2);
    later(building, epoch, buildTime, () -> {
      building.builtCodeVersion = version;
      building.routePrefix = appConfig.containsKey("route_prefix") ? appConfig.get("route_prefix") : "/";
      for (String d : deploymentNames(appConfig, importPath)) {
        building.deployments.put(d, new Deployment(d, deploymentConfig(appConfig, d)));
      }
      long started = ++building.epoch;
      later(building, started, deployDelay.minus(buildTime), () -> completeUpdate(building));
    });
  }

  @SuppressWarnings("unchecked")
  private static List<String> deploymentNames(Map<String, Object> appConfig, String importPath) {
    List<String> names = new ArrayList<>();
    if (appConfig.get("deployments") instanceof List) {
      for (Object d : (List<Object>) appConfig.get("deployments")) {
        names.add((String) ((Map<String, Object>) d).get("name"));
      }
    }
    if (names.isEmpty()) {
      int cut = Math.max(importPath.lastIndexOf(':'), importPath.lastIndexOf('.'));
      names.add(importPath.substring(cut + 1));
    }
    return names;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> deploymentConfig(Map<String, Object> appConfig, String name) {
    if (appConfig.get("deployments") instanceof List) {
      for (Object d : (List<Object>) appConfig.get("deployments")) {
        if (name.equals(((Map<String, Object>) d).get("name"))) {
          return new LinkedHashMap<>((Map<String, Object>) d);
        }
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    return m;
  }

  @SuppressWarnings("unchecked")
  private void completeUpdate(App app) {
    for (Deployment d : app.deployments.values()) {
      if ("UPDATING".equals(d.status)) {
        d.status = "HEALTHY";
        d.trigger = "CONFIG_UPDATE_COMPLETED";
        d.message = "";
      }
    }
    settle(app);
    app.servedRoute = app.routePrefix;
    app.servedImportPath = (String) app.config.get("import_path");
    Deployment ingress = app.deployments.isEmpty() ? null : app.deployments.values().iterator().next();
    Object userConfig = ingress == null ? null : ingress.config.get("user_config");
    app.servedUserConfig = userConfig instanceof Map ? (Map<String, Object>) userConfig : Map.of();
  }

  /** {@code ApplicationState._determine_app_status}: the worst deployment decides. */
  private static void settle(App app) {
    List<String> unhealthy = new ArrayList<>();
    boolean updating = false;
    for (Deployment d : app.deployments.values()) {
      if ("UNHEALTHY".equals(d.status)) {
        unhealthy.add("'" + d.name + "'");
      }
      updating |= "UPDATING".equals(d.status);
    }
    if (!unhealthy.isEmpty()) {
      app.status = "UNHEALTHY";
      app.message = "The deployments [" + String.join(", ", unhealthy) + "] are UNHEALTHY.";
    } else {
      app.status = updating ? "DEPLOYING" : "RUNNING";
      app.message = "";
    }
  }

  /** Runs {@code change} under the lock after {@code delay}, unless the application changed or went in between. */
  private void later(App app, long epoch, Duration delay, Runnable change) {
    timeline.schedule(() -> {
      synchronized (this) {
        if (apps.get(app.name) == app && app.epoch == epoch) {
          change.run();
        }
      }
    }, delay);
  }

  /** The message of an application whose build task raised {@code exceptionLine}, shortened from Ray's traceback. */
  private static String buildFailure(String app, String exceptionLine) {
    return "Deploying app '" + app + "' failed with exception:\n"
        + "Traceback (most recent call last):\n"
        + "  File \"" + SITE + "serve/_private/application_state.py\", line 926, in _reconcile_build_app_task\n"
        + "    serialized_application_autoscaling_policy_def, args, err = ray.get(  # type: ignore[call-overload]\n"
        + "ray.exceptions.RayTaskError(RuntimeError): ray::build_serve_application() (pid=4242, ip=127.0.0.1)\n"
        + "  File \"" + SITE + "serve/_private/application_state.py\", line 1843, in build_serve_application\n"
        + "    raise RuntimeError(err_str) from None\n"
        + "RuntimeError: Traceback (most recent call last):\n"
        + "  File \"" + SITE + "serve/_private/application_state.py\", line 1737, in build_serve_application\n"
        + "    import_attr(import_path), args\n"
        + "  File \"" + SITE + "_common/utils.py\", line 90, in import_module_and_attr\n"
        + "    module = importlib.import_module(module_name)\n"
        + exceptionLine + "\n";
  }

  /** Python's error for an import path whose module does not exist. */
  static String moduleNotFound(String importPath) {
    int cut = importPath.contains(":") ? importPath.indexOf(':') : importPath.lastIndexOf('.');
    String module = importPath.substring(0, cut);
    return "ModuleNotFoundError: No module named '" + module + "'";
  }
}
