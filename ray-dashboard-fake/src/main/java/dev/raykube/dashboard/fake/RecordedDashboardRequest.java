package dev.raykube.dashboard.fake;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One HTTP request that {@link FakeRayDashboard} received, recorded before any fault or handler ran.
 *
 * @param method the HTTP method, e.g. {@code POST}
 * @param path the decoded path without the query, e.g. {@code /api/jobs/raysubmit_abc/stop}
 * @param query the raw query string, or null
 * @param headers all headers, names in lower case, values in arrival order
 * @param body the body as UTF-8 text ({@code ""} when there is none)
 * @param receivedAt when the fake received it, by the fake's clock
 */
public record RecordedDashboardRequest(
    String method, String path, String query, Map<String, List<String>> headers, String body, Instant receivedAt) {

  /** Copies the headers. */
  public RecordedDashboardRequest {
    Objects.requireNonNull(method, "method");
    Objects.requireNonNull(path, "path");
    Map<String, List<String>> copy = new java.util.LinkedHashMap<>();
    headers.forEach((name, values) -> copy.put(name, List.copyOf(values)));
    headers = java.util.Collections.unmodifiableMap(copy);
    Objects.requireNonNull(body, "body");
  }

  /** The first value of a header (name case-insensitive), or null. */
  public String header(String name) {
    List<String> values = headers.get(name.toLowerCase(java.util.Locale.ROOT));
    return values == null || values.isEmpty() ? null : values.get(0);
  }

  /** Whether this is {@code method} on exactly {@code path}. */
  public boolean is(String method, String path) {
    return this.method.equalsIgnoreCase(method) && this.path.equals(path);
  }

  @Override
  public String toString() {
    return method + " " + path + (query == null ? "" : "?" + query);
  }
}
