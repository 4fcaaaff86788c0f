package dev.raykube.dashboard.fake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One Serve application of {@link ServeRoutes}, as Ray 2.60's {@code ApplicationState} keeps it: its config, status,
 * deployments and what the proxy serves of it, and its JSON in the {@code GET /api/serve/applications/} shape. Not
 * thread-safe: {@link ServeRoutes} changes it under its lock.
 */
final class ServeApplication {
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

  /** One deployment of the application, {@code UPDATING} until its replicas run the config. */
  static final class Deployment {
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

  ServeApplication(String name) {
    this.name = name;
  }

  boolean deleting() {
    return "DELETING".equals(status);
  }

  /** What decides whether a deploy rebuilds the application: {@code import_path} and {@code runtime_env}. */
  static String codeVersion(Map<String, Object> appConfig) {
    Object runtimeEnv = appConfig.get("runtime_env");
    return appConfig.get("import_path") + "|" + Json.write(runtimeEnv == null ? Map.of() : runtimeEnv);
  }

  /**
   * The deployments a build finds: those the config names, or (naming none) one named after the import path's
   * attribute (real Serve takes the names from the code).
   */
  @SuppressWarnings("unchecked")
  static List<String> deploymentNames(Map<String, Object> appConfig, String importPath) {
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

  /** A deployment's entry of the config, or just its name when the config has none for it. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> deploymentConfig(Map<String, Object> appConfig, String name) {
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

  /** The update reached every replica: deployments HEALTHY, and the proxy serves this version from now on. */
  @SuppressWarnings("unchecked")
  void completeUpdate() {
    for (Deployment d : deployments.values()) {
      if ("UPDATING".equals(d.status)) {
        d.status = "HEALTHY";
        d.trigger = "CONFIG_UPDATE_COMPLETED";
        d.message = "";
      }
    }
    settle();
    servedRoute = routePrefix;
    servedImportPath = (String) config.get("import_path");
    Deployment ingress = deployments.isEmpty() ? null : deployments.values().iterator().next();
    Object userConfig = ingress == null ? null : ingress.config.get("user_config");
    servedUserConfig = userConfig instanceof Map ? (Map<String, Object>) userConfig : Map.of();
  }

  /** {@code ApplicationState._determine_app_status}: the worst deployment decides. */
  void settle() {
    List<String> unhealthy = new ArrayList<>();
    boolean updating = false;
    for (Deployment d : deployments.values()) {
      if ("UNHEALTHY".equals(d.status)) {
        unhealthy.add("'" + d.name + "'");
      }
      updating |= "UPDATING".equals(d.status);
    }
    if (!unhealthy.isEmpty()) {
      status = "UNHEALTHY";
      message = "The deployments [" + String.join(", ", unhealthy) + "] are UNHEALTHY.";
    } else {
      status = updating ? "DEPLOYING" : "RUNNING";
      message = "";
    }
  }

  /** The application's entry of {@code applications} in {@code GET /api/serve/applications/}. */
  Map<String, Object> json() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name);
    m.put("route_prefix", routePrefix);
    m.put("docs_path", null);
    m.put("status", status);
    m.put("message", message);
    m.put("last_deployed_time_s", lastDeployed);
    m.put("deployed_app_config", config);
    m.put("source", "declarative");
    Map<String, Object> deploymentsJson = new LinkedHashMap<>();
    for (Deployment d : deployments.values()) {
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
      deploymentsJson.put(d.name, dm);
    }
    m.put("deployments", deploymentsJson);
    m.put("external_scaler_enabled", false);
    if (builtCodeVersion == null || deployments.isEmpty()) {
      m.put("deployment_topology", null);
    } else {
      Map<String, Object> nodes = new LinkedHashMap<>();
      String ingress = deployments.keySet().iterator().next();
      for (String d : deployments.keySet()) {
        nodes.put(d, Map.of("name", d, "app_name", name, "outbound_deployments", List.of(),
            "is_ingress", d.equals(ingress)));
      }
      Map<String, Object> topology = new LinkedHashMap<>();
      topology.put("app_name", name);
      topology.put("nodes", nodes);
      topology.put("ingress_deployment", ingress);
      m.put("deployment_topology", topology);
    }
    return m;
  }
}
