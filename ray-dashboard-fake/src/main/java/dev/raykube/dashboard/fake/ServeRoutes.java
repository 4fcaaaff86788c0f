package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import mockwebserver3.MockResponse;

/**
 * The Serve REST API at {@code /api/serve/applications/}: a declarative config that the fake "deploys" after its start
 * delay (applications DEPLOYING → RUNNING, deployments UPDATING → HEALTHY). Thread-safe.
 */
final class ServeRoutes {
  private final Timeline timeline;
  private final Duration deployDelay;
  private final boolean serveInstalled;
  private Map<String, Map<String, Object>> applications;
  private long generation;

  ServeRoutes(Timeline timeline, Duration deployDelay, boolean serveInstalled) {
    this.timeline = timeline;
    this.deployDelay = deployDelay;
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

  private static MockResponse notInstalled() {
    return Responses.text(501, "Serve dependencies are not installed. Please run `pip install \"ray[serve]\"`.");
  }

  /** Ray's DELETE imports Serve without the 501 guard of GET/PUT, so it fails with the import error. */
  private static MockResponse notInstalledOnDelete() {
    String site = "/home/ray/anaconda3/lib/python3.11/site-packages/ray/";
    return Responses.text(500, "Traceback (most recent call last):\n"
        + "  File \"" + site + "dashboard/optional_utils.py\", line 188, in decorator\n"
        + "    return await f(self, *args, **kwargs)\n"
        + "  File \"" + site + "dashboard/modules/serve/serve_head.py\", line 179, in delete_serve_applications\n"
        + "    from ray import serve\n"
        + "  File \"" + site + "serve/_private/common.py\", line 13, in <module>\n"
        + "    from starlette.types import Scope\n"
        + "ModuleNotFoundError: No module named 'starlette'. You can run `pip install \"ray[serve]\"` to install all "
        + "Ray Serve dependencies.\n");
  }

  private synchronized void shutdown() {
    applications = null;
    generation++;
  }

  /** Serialized under the lock: the maps change when a deploy completes. */
  private synchronized MockResponse detailsResponse() {
    return Responses.json(details());
  }

  private Map<String, Object> details() {
    Map<String, Object> m = new LinkedHashMap<>();
    if (applications == null) {
      m.put("controller_info", Map.of());
      m.put("proxies", Map.of());
      m.put("applications", Map.of());
      m.put("target_capacity", null);
      return m;
    }
    m.put("controller_info", Map.of("node_id", "fake", "node_ip", "127.0.0.1", "actor_name", "SERVE_CONTROLLER_ACTOR"));
    m.put("proxy_location", "EveryNode");
    m.put("http_options", Map.of("host", "0.0.0.0", "port", 8000L));
    m.put("grpc_options", Map.of("port", 9000L, "grpc_servicer_functions", List.of()));
    m.put("proxies", Map.of());
    m.put("applications", new LinkedHashMap<>(applications));
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
    if (!(parsed instanceof Map) || !(((Map<String, Object>) parsed).get("applications") instanceof List)) {
      return invalid("applications", "Input should be a valid list");
    }
    List<Object> apps = (List<Object>) ((Map<String, Object>) parsed).get("applications");
    Map<String, Map<String, Object>> next = new LinkedHashMap<>();
    for (int i = 0; i < apps.size(); i++) {
      if (!(apps.get(i) instanceof Map)) {
        return invalid("applications." + i, "Input should be a valid dictionary");
      }
      Map<String, Object> app = (Map<String, Object>) apps.get(i);
      if (!(app.get("import_path") instanceof String)) {
        return invalid("applications." + i + ".import_path", "Field required or not a string");
      }
      String name = app.get("name") instanceof String ? (String) app.get("name") : "default";
      if (next.containsKey(name)) {
        return Responses.text(400, "ValueError: Found multiple configs for application \"" + name + "\".");
      }
      next.put(name, application(name, app));
    }
    long deployedGeneration;
    synchronized (this) {
      applications = next;
      deployedGeneration = ++generation;
    }
    timeline.schedule(() -> markRunning(deployedGeneration), deployDelay);
    return Responses.empty();
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> application(String name, Map<String, Object> config) {
    Map<String, Object> deployments = new LinkedHashMap<>();
    if (config.get("deployments") instanceof List) {
      for (Object d : (List<Object>) config.get("deployments")) {
        if (d instanceof Map && ((Map<String, Object>) d).get("name") instanceof String) {
          String dname = (String) ((Map<String, Object>) d).get("name");
          Map<String, Object> dep = new LinkedHashMap<>();
          dep.put("name", dname);
          dep.put("status", "UPDATING");
          dep.put("status_trigger", "CONFIG_UPDATE_STARTED");
          dep.put("message", "");
          dep.put("deployment_config", d);
          dep.put("target_num_replicas", 1L);
          dep.put("required_resources", Map.of("CPU", 1.0));
          dep.put("replicas", List.of());
          deployments.put(dname, dep);
        }
      }
    }
    Map<String, Object> app = new LinkedHashMap<>();
    app.put("name", name);
    app.put("route_prefix", config.containsKey("route_prefix") ? config.get("route_prefix") : "/");
    app.put("docs_path", null);
    app.put("status", "DEPLOYING");
    app.put("message", "");
    app.put("last_deployed_time_s", timeline.nowMillis() / 1000.0);
    app.put("deployed_app_config", config);
    app.put("source", "declarative");
    app.put("deployments", deployments);
    return app;
  }

  @SuppressWarnings("unchecked")
  private synchronized void markRunning(long deployedGeneration) {
    if (applications == null || generation != deployedGeneration) {
      return;
    }
    for (Map<String, Object> app : applications.values()) {
      app.put("status", "RUNNING");
      for (Object dep : ((Map<String, Object>) app.get("deployments")).values()) {
        ((Map<String, Object>) dep).put("status", "HEALTHY");
        ((Map<String, Object>) dep).put("status_trigger", "CONFIG_UPDATE_COMPLETED");
      }
    }
  }

  private static MockResponse invalid(String location, String problem) {
    return Responses.text(400, "1 validation error for ServeDeploySchema\n" + location + "\n  " + problem);
  }
}
