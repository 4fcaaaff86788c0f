package dev.raykube.bench.side;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The result of one scenario: rows of figures for both arms with the ratio RayKube / KubeRay (lower is better on
 * every row), and per-arm details (requests by verb and resource, samples). Printed as a table and written as JSON.
 */
final class Comparison {

  /** One figure for both arms; {@code ratio} is RayKube / KubeRay. */
  record Row(String figure, String unit, double kuberay, double raykube) {

    double ratio() {
      return kuberay == 0 ? (raykube == 0 ? 1 : Double.POSITIVE_INFINITY) : raykube / kuberay;
    }

    /** Whether RayKube is ahead (ratio below 1) or level at zero. */
    boolean raykubeAhead() {
      return raykube < kuberay || (raykube == 0 && kuberay == 0);
    }
  }

  private final String scenario;
  private final String note;
  private final List<Row> rows = new ArrayList<>();
  private final Map<String, Object> details = new LinkedHashMap<>();

  Comparison(String scenario, String note) {
    this.scenario = scenario;
    this.note = note;
  }

  void row(String figure, String unit, double kuberay, double raykube) {
    rows.add(new Row(figure, unit, kuberay, raykube));
  }

  void detail(String name, Object value) {
    details.put(name, value);
  }

  List<Row> rows() {
    return List.copyOf(rows);
  }

  String scenario() {
    return scenario;
  }

  /** The table, as printed. */
  String table() {
    int width = Math.max(40, rows.stream().mapToInt(r -> r.figure().length() + r.unit().length() + 3).max()
        .orElse(40));
    StringBuilder out = new StringBuilder();
    out.append("== ").append(scenario).append(" ==\n");
    if (!note.isEmpty()) {
      out.append(note).append('\n');
    }
    out.append(String.format("%-" + width + "s %12s %12s %8s%n", "figure", "KubeRay", "RayKube", "ratio"));
    for (Row r : rows) {
      out.append(String.format("%-" + width + "s %12s %12s %8s%s%n", r.figure() + " (" + r.unit() + ")",
          format(r.kuberay()), format(r.raykube()), Double.isInfinite(r.ratio()) ? "inf"
              : String.format("%.2f", r.ratio()), r.raykubeAhead() ? "" : "  <- RayKube not ahead"));
    }
    return out.toString();
  }

  private static String format(double value) {
    return value == Math.rint(value) && Math.abs(value) < 1e9 ? String.valueOf((long) value)
        : String.format("%.2f", value);
  }

  /** Writes {@code <dir>/<scenario>.json}; returns the file. */
  Path write(Path dir, Map<String, Object> machine) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("scenario", scenario);
    json.put("finished", Instant.now().toString());
    json.put("note", note);
    json.put("machine", machine);
    List<Map<String, Object>> table = new ArrayList<>();
    for (Row r : rows) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("figure", r.figure());
      row.put("unit", r.unit());
      row.put("kuberay", r.kuberay());
      row.put("raykube", r.raykube());
      row.put("ratio", Double.isInfinite(r.ratio()) ? null : r.ratio());
      table.add(row);
    }
    json.put("rows", table);
    json.put("details", details);
    try {
      Files.createDirectories(dir);
      Path file = dir.resolve(scenario + ".json");
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file.toFile(), json);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
