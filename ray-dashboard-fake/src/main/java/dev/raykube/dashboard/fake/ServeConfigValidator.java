package dev.raykube.dashboard.fake;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The part of Ray 2.60's {@code ServeDeploySchema} validation (pydantic 2) that a deploy is likely to trip over, with
 * pydantic's message text: {@code applications} required and a list, each application an object with an
 * {@code import_path} of a valid form, unique names (default {@code "default"}) and unique route prefixes (default
 * {@code "/"}), deployments with an int or {@code "auto"} {@code num_replicas}. Unknown fields are ignored, as Ray does.
 */
final class ServeConfigValidator {
  private static final String PYDANTIC_DOCS = "https://errors.pydantic.dev/2.14/v/";

  private ServeConfigValidator() {}

  /** The 400 body Ray answers for {@code config}, or null when Ray would accept it. */
  @SuppressWarnings("unchecked")
  static String problem(Object config) {
    if (!(config instanceof Map)) {
      return error("", "Input should be a valid dictionary or instance of ServeDeploySchema", "model_type", config);
    }
    Map<String, Object> root = (Map<String, Object>) config;
    if (!root.containsKey("applications")) {
      return error("applications", "Field required", "missing", root);
    }
    Object apps = root.get("applications");
    if (!(apps instanceof List)) {
      return error("applications", "Input should be a valid list", "list_type", apps);
    }
    List<Object> list = (List<Object>) apps;
    for (int i = 0; i < list.size(); i++) {
      String p = applicationProblem("applications." + i, list.get(i));
      if (p != null) {
        return p;
      }
    }
    List<String> names = new ArrayList<>();
    List<String> routes = new ArrayList<>();
    for (Object o : list) {
      Map<String, Object> app = (Map<String, Object>) o;
      names.add(app.get("name") instanceof String ? (String) app.get("name") : "default");
      Object route = app.containsKey("route_prefix") ? app.get("route_prefix") : "/";
      if (route instanceof String) {
        routes.add((String) route);
      }
    }
    Set<String> dupNames = duplicates(names);
    if (!dupNames.isEmpty()) {
      return error("applications", "Value error, Found multiple configs for "
          + (dupNames.size() == 1 ? "application " : "applications ") + String.join(", ", dupNames)
          + ". Please remove all duplicates.", "value_error", apps);
    }
    Set<String> dupRoutes = duplicates(routes);
    if (!dupRoutes.isEmpty()) {
      return error("applications", "Value error, Found duplicate applications for "
          + (dupRoutes.size() == 1 ? "route prefix " : "route prefixes ") + String.join(", ", dupRoutes)
          + ". Please ensure each application's route_prefix is unique.", "value_error", apps);
    }
    return null;
  }

  @SuppressWarnings("unchecked")
  private static String applicationProblem(String loc, Object value) {
    if (!(value instanceof Map)) {
      return error(loc, "Input should be a valid dictionary or instance of ServeApplicationSchema", "model_type",
          value);
    }
    Map<String, Object> app = (Map<String, Object>) value;
    if (!app.containsKey("import_path")) {
      return error(loc + ".import_path", "Field required", "missing", app);
    }
    Object importPath = app.get("import_path");
    if (!(importPath instanceof String)) {
      return error(loc + ".import_path", "Input should be a valid string", "string_type", importPath);
    }
    String form = importPathProblem((String) importPath);
    if (form != null) {
      return error(loc + ".import_path", "Value error, " + form, "value_error", importPath);
    }
    if (app.containsKey("name") && !(app.get("name") instanceof String)) {
      return error(loc + ".name", "Input should be a valid string", "string_type", app.get("name"));
    }
    Object deployments = app.get("deployments");
    if (deployments != null && !(deployments instanceof List)) {
      return error(loc + ".deployments", "Input should be a valid list", "list_type", deployments);
    }
    if (deployments != null) {
      List<Object> list = (List<Object>) deployments;
      for (int i = 0; i < list.size(); i++) {
        String dloc = loc + ".deployments." + i;
        if (!(list.get(i) instanceof Map)) {
          return error(dloc, "Input should be a valid dictionary or instance of DeploymentSchema", "model_type",
              list.get(i));
        }
        Map<String, Object> d = (Map<String, Object>) list.get(i);
        if (!d.containsKey("name")) {
          return error(dloc + ".name", "Field required", "missing", d);
        }
        Object replicas = d.get("num_replicas");
        if (d.containsKey("num_replicas") && replicas != null && !Json.isPythonInt(replicas)
            && !"auto".equals(replicas)) {
          return error(dloc, "Value error, `num_replicas` must be an int or \"auto\", but got: "
              + (replicas instanceof String ? replicas : pythonRepr(replicas)), "value_error", d);
        }
      }
    }
    return null;
  }

  /** {@code ServeApplicationSchema.import_path_format_valid} of Ray 2.60. */
  static String importPathProblem(String v) {
    String bad = "Got invalid import path \"" + v + "\". An import path ";
    if (v.contains(":")) {
      if (v.indexOf(':') != v.lastIndexOf(':')) {
        return bad + "may have at most one colon.";
      }
      if (v.lastIndexOf(':') == 0 || v.lastIndexOf(':') == v.length() - 1) {
        return bad + "may not start or end with a colon.";
      }
      return null;
    }
    if (!v.contains(".")) {
      return bad + "must contain at least on dot or colon separating the module (and potentially submodules) from "
          + "the deployment graph. E.g.: \"module.deployment_graph\".";
    }
    if (v.lastIndexOf('.') == 0 || v.lastIndexOf('.') == v.length() - 1) {
      return bad + "may not start or end with a dot.";
    }
    return null;
  }

  private static Set<String> duplicates(List<String> values) {
    Set<String> dups = new LinkedHashSet<>();
    for (String v : values) {
      if (values.indexOf(v) != values.lastIndexOf(v)) {
        dups.add("\"" + v + "\"");
      }
    }
    return dups;
  }

  /** pydantic 2's one-error text, as {@code repr(ValidationError)} (which Ray's PUT answers) renders it. */
  private static String error(String loc, String msg, String type, Object input) {
    return "1 validation error for ServeDeploySchema\n" + (loc.isEmpty() ? "" : loc + "\n") + "  " + msg
        + " [type=" + type + ", input_value=" + truncated(pythonRepr(input)) + ", input_type="
        + Json.pythonType(input).replace("<class '", "").replace("'>", "") + "]\n    For further information visit " + PYDANTIC_DOCS + type;
  }

  /** pydantic_core shortens an input's repr longer than 50 characters to its first 25 and last 24 around "...". */
  private static String truncated(String repr) {
    return repr.length() <= 50 ? repr : repr.substring(0, 25) + "..." + repr.substring(repr.length() - 24);
  }

  @SuppressWarnings("unchecked")
  static String pythonRepr(Object v) {
    if (v == null) {
      return "None";
    }
    if (v instanceof Boolean) {
      return (Boolean) v ? "True" : "False";
    }
    if (v instanceof String) {
      String s = (String) v;
      char q = s.contains("'") && !s.contains("\"") ? '"' : '\'';
      StringBuilder sb = new StringBuilder().append(q);
      for (char c : s.toCharArray()) {
        if (c == '\\') {
          sb.append("\\\\");
        } else if (c == q) {
          sb.append('\\').append(c);
        } else if (c == '\n') {
          sb.append("\\n");
        } else if (c == '\t') {
          sb.append("\\t");
        } else {
          sb.append(c);
        }
      }
      return sb.append(q).toString();
    }
    if (v instanceof Double) {
      double d = (Double) v;
      return d == Math.rint(d) && !Double.isInfinite(d) && Math.abs(d) < 1e16 ? String.valueOf((long) d) + ".0"
          : String.valueOf(d);
    }
    if (v instanceof BigDecimal) {
      return ((BigDecimal) v).toPlainString();
    }
    if (v instanceof Number) {
      return v.toString();
    }
    if (v instanceof Map) {
      StringBuilder sb = new StringBuilder("{");
      boolean first = true;
      for (Map.Entry<String, Object> e : ((Map<String, Object>) v).entrySet()) {
        sb.append(first ? "" : ", ").append(pythonRepr(e.getKey())).append(": ").append(pythonRepr(e.getValue()));
        first = false;
      }
      return sb.append('}').toString();
    }
    if (v instanceof List) {
      StringBuilder sb = new StringBuilder("[");
      boolean first = true;
      for (Object o : (List<Object>) v) {
        sb.append(first ? "" : ", ").append(pythonRepr(o));
        first = false;
      }
      return sb.append(']').toString();
    }
    return String.valueOf(v);
  }
}
