package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import mockwebserver3.SocketEffect;
import okhttp3.Headers;
import okhttp3.HttpUrl;

/**
 * Routes requests like the dashboard's aiohttp app: token auth first, then the browser guard, then the handlers; with
 * injected faults and latency around them, and every request recorded.
 */
final class DashboardDispatcher extends Dispatcher {
  private static final Set<String> AUTH_EXEMPT = Set.of("/", "/favicon.ico", "/api/authentication_mode",
      "/api/authenticate", "/api/healthz", "/api/gcs_healthz", "/api/local_raylet_healthz", "/-/healthz");
  private static final Set<String> BROWSER_METHODS = Set.of("GET", "HEAD", "OPTIONS");

  private final JobRoutes jobs;
  private final ServeRoutes serve;
  private final EmulatedVersion version;
  private final String authToken;
  private final FaultRules faults;
  private final Runnable drainServerQueue;
  private final Timeline timeline;
  private final int requestLogCapacity;
  private final Deque<RecordedDashboardRequest> requestLog = new ArrayDeque<>();
  private volatile Duration latency = Duration.ZERO;
  private volatile boolean gcsHealthy = true;

  DashboardDispatcher(JobRoutes jobs, ServeRoutes serve, EmulatedVersion version, String authToken, FaultRules faults,
      Runnable drainServerQueue, Timeline timeline, int requestLogCapacity) {
    this.jobs = jobs;
    this.serve = serve;
    this.version = version;
    this.authToken = authToken;
    this.faults = faults;
    this.drainServerQueue = drainServerQueue;
    this.timeline = timeline;
    this.requestLogCapacity = requestLogCapacity;
  }

  void setLatency(Duration latency) {
    this.latency = latency;
  }

  void setGcsHealthy(boolean healthy) {
    this.gcsHealthy = healthy;
  }

  synchronized List<RecordedDashboardRequest> requests() {
    return List.copyOf(requestLog);
  }

  synchronized void clearRequests() {
    requestLog.clear();
  }

  private synchronized void record(RecordedDashboardRequest request) {
    if (requestLog.size() >= requestLogCapacity) {
      requestLog.removeFirst();
    }
    requestLog.addLast(request);
  }

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    drainServerQueue.run();
    HttpUrl url = request.getUrl();
    String method = request.getMethod().toUpperCase(Locale.ROOT);
    String path = "/" + String.join("/", url.pathSegments());
    String body = request.getBody() == null ? "" : request.getBody().utf8();
    Headers headers = request.getHeaders();
    record(new RecordedDashboardRequest(method, path, url.encodedQuery(), headerMap(headers), body,
        Instant.ofEpochMilli(timeline.nowMillis())));

    Fault fault = faults.take(method, path);
    Duration delay = latency;
    if (fault != null) {
      switch (fault.kind()) {
        case STATUS:
          return delayed(Responses.text(fault.statusCode(), fault.body()), delay);
        case GARBAGE_BODY:
          return delayed(Responses.text(200, fault.body(), "text/html"), delay);
        case DROP_BEFORE_HANDLING:
          return dropped();
        case LATENCY:
          delay = delay.plus(fault.delay());
          break;
        default:
          break;
      }
    }
    MockResponse response = route(method, path, url.pathSegments(), headers, body);
    if (fault != null && fault.kind() == Fault.Kind.DROP_AFTER_HANDLING) {
      return dropped();
    }
    return delayed(response, delay);
  }

  private static MockResponse dropped() {
    return new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build();
  }

  private static MockResponse delayed(MockResponse response, Duration delay) {
    if (delay.isZero()) {
      return response;
    }
    return response.newBuilder().headersDelay(delay.toNanos(), java.util.concurrent.TimeUnit.NANOSECONDS).build();
  }

  private MockResponse route(String method, String path, List<String> segments, Headers headers, String body) {
    if (authToken != null && !AUTH_EXEMPT.contains(path) && !path.startsWith("/static/")) {
      MockResponse denied = checkToken(headers);
      if (denied != null) {
        return denied;
      }
    }
    if (!BROWSER_METHODS.contains(method) && !path.equals("/api/authenticate") && looksLikeBrowser(headers)) {
      return Responses.text(405, "'" + method + "' method not allowed for browser traffic.");
    }
    if (segments.size() >= 2 && segments.get(0).equals("api") && segments.get(1).equals("jobs")) {
      return jobs.handle(method, segments.subList(2, segments.size()), body, headers);
    }
    switch (path) {
      case "/api/version":
      case "/api/ray/version":
        return method.equals("GET") ? Responses.json(versionBody()) : Responses.methodNotAllowed();
      case "/api/gcs_healthz":
        return gcsHealthy
            ? Responses.text(200, "success", "application/text; charset=utf-8")
            : Responses.text(503, "503: Health check failed: GCS is unreachable (FakeRayDashboard.setGcsHealthy)");
      case "/api/authentication_mode":
        return Responses.json(Map.of("authentication_mode", authToken != null ? "token" : "disabled"));
      case "/api/serve/applications/":
        return serve.handle(method, body);
      default:
        return Responses.noRoute();
    }
  }

  private MockResponse checkToken(Headers headers) {
    String value = headers.get("Authorization");
    if (value == null || value.isEmpty()) {
      value = headers.get("X-Ray-Authorization");
    }
    if (value == null || value.isEmpty()) {
      String cookie = cookie(headers, "ray-authentication-token");
      value = cookie == null ? null : "Bearer " + cookie;
    }
    if (value == null || value.isEmpty()) {
      return Responses.text(401, "Unauthorized: Missing authentication token");
    }
    if (!value.equals("Bearer " + authToken)) {
      return Responses.text(403, "Forbidden: Invalid authentication token");
    }
    return null;
  }

  private static String cookie(Headers headers, String name) {
    for (String header : headers.values("Cookie")) {
      for (String part : header.split(";")) {
        String[] kv = part.trim().split("=", 2);
        if (kv.length == 2 && kv[0].equals(name)) {
          return kv[1];
        }
      }
    }
    return null;
  }

  private static boolean looksLikeBrowser(Headers headers) {
    String agent = headers.get("User-Agent");
    if (agent != null && agent.startsWith("Mozilla")) {
      return true;
    }
    for (String name : headers.names()) {
      String lower = name.toLowerCase(Locale.ROOT);
      if (lower.equals("origin") || lower.equals("referer") || lower.startsWith("sec-fetch-")
          || lower.startsWith("access-control-request-")) {
        return true;
      }
    }
    return false;
  }

  private Map<String, Object> versionBody() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("version", version.jobsApiVersion());
    m.put("ray_version", version.text());
    m.put("ray_commit", "fa4e0000000000000000000000000000000000fe");
    if (version.hasSessionName()) {
      m.put("session_name", "session_fake_ray_dashboard");
    }
    return m;
  }

  private static Map<String, List<String>> headerMap(Headers headers) {
    Map<String, List<String>> map = new LinkedHashMap<>();
    for (int i = 0; i < headers.size(); i++) {
      map.computeIfAbsent(headers.name(i).toLowerCase(Locale.ROOT), k -> new ArrayList<>()).add(headers.value(i));
    }
    return map;
  }
}
