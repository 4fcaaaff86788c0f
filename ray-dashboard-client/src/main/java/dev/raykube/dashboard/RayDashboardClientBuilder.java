package dev.raykube.dashboard;

import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Properties;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;

/**
 * Configures a {@link RayDashboardClient}; from {@link RayDashboardClient#builder()}. Not thread-safe; the client it
 * builds is.
 *
 * <p>Every request carries {@code User-Agent: raykube-dashboard-client/<version>}, the custom headers, and with a
 * token {@code Authorization: Bearer <token>} plus {@code X-Ray-Authorization: Bearer <token>} (the fallback Ray
 * accepts from proxies). Headers that make Ray's browser guard refuse writes ({@code Origin}, {@code Referer},
 * {@code Sec-Fetch-*}, {@code Access-Control-Request-*}, a {@code Mozilla} User-Agent) are rejected here.
 */
public final class RayDashboardClientBuilder {
  private static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(5);
  private static final Duration DEFAULT_READ_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration DEFAULT_WRITE_TIMEOUT = Duration.ofSeconds(30);
  private static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(60);
  private static final long DEFAULT_MAX_RESPONSE_BYTES = 32L * 1024 * 1024;

  private HttpUrl baseUrl;
  private Duration connectTimeout;
  private Duration readTimeout;
  private Duration writeTimeout;
  private Duration callTimeout;
  private OkHttpClient okHttpClient;
  private final List<String[]> headers = new ArrayList<>();
  private String token;
  private RetryPolicy retryPolicy = RetryPolicy.defaults();
  private long maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;

  RayDashboardClientBuilder() {}

  /**
   * The dashboard URL, e.g. {@code http://raycluster-head-svc.ns.svc:8265}; a path prefix (behind a proxy) is kept.
   * Required.
   *
   * @throws IllegalArgumentException if it is not an http(s) URL, or has a query or fragment
   */
  public RayDashboardClientBuilder baseUrl(String url) {
    HttpUrl parsed = HttpUrl.parse(Objects.requireNonNull(url, "url").trim());
    if (parsed == null) {
      throw new IllegalArgumentException("not an http(s) URL: " + url);
    }
    if (parsed.query() != null || parsed.fragment() != null) {
      throw new IllegalArgumentException("the dashboard URL must not have a query or fragment: " + parsed.redact());
    }
    this.baseUrl = parsed;
    return this;
  }

  /** Connect timeout (default 5 s; with a supplied OkHttpClient, its own unless set here). */
  public RayDashboardClientBuilder connectTimeout(Duration timeout) {
    this.connectTimeout = requirePositive(timeout, "connectTimeout");
    return this;
  }

  /** Read timeout per socket read (default 30 s; with a supplied OkHttpClient, its own unless set here). */
  public RayDashboardClientBuilder readTimeout(Duration timeout) {
    this.readTimeout = requirePositive(timeout, "readTimeout");
    return this;
  }

  /** Write timeout (default 30 s; with a supplied OkHttpClient, its own unless set here). */
  public RayDashboardClientBuilder writeTimeout(Duration timeout) {
    this.writeTimeout = requirePositive(timeout, "writeTimeout");
    return this;
  }

  /**
   * The longest reply body read (default 32 MiB): a longer one is not read to its end and the call fails with an
   * {@link UnexpectedResponseException}, so a misbehaving server cannot exhaust the heap. Job logs
   * ({@code getJobLogs}) are the largest replies; {@code tailJobLogs} streams them without a limit instead.
   *
   * @throws IllegalArgumentException if not positive
   */
  public RayDashboardClientBuilder maxResponseBytes(long bytes) {
    if (bytes <= 0) {
      throw new IllegalArgumentException("maxResponseBytes must be positive: " + bytes);
    }
    this.maxResponseBytes = bytes;
    return this;
  }

  /**
   * Timeout for one whole HTTP exchange (default 60 s; with a supplied OkHttpClient, its own unless set here). Each
   * retry attempt has its own; log tails have none once open.
   */
  public RayDashboardClientBuilder callTimeout(Duration timeout) {
    this.callTimeout = requirePositive(timeout, "callTimeout");
    return this;
  }

  /**
   * Shares an existing OkHttpClient (its connection pool, dispatcher, TLS and proxy settings). The client derives its
   * own configuration from it with {@link OkHttpClient#newBuilder()} and never closes it; redirects and OkHttp's
   * silent retries stay off in the derived configuration.
   */
  public RayDashboardClientBuilder okHttpClient(OkHttpClient client) {
    this.okHttpClient = Objects.requireNonNull(client, "client");
    return this;
  }

  /**
   * Adds a header to every request (including the log-tail upgrade).
   *
   * @throws IllegalArgumentException for a browser-like header, or an auth header when a bearer token is used
   */
  public RayDashboardClientBuilder header(String name, String value) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(value, "value");
    String lower = name.toLowerCase(Locale.ROOT);
    if (lower.equals("origin") || lower.equals("referer") || lower.startsWith("sec-fetch-")
        || lower.startsWith("access-control-request-")) {
      throw new IllegalArgumentException("header " + name + " makes Ray treat requests as browser traffic and refuse "
          + "writes (405); do not send it");
    }
    if (lower.equals("user-agent") && value.startsWith("Mozilla")) {
      throw new IllegalArgumentException("a User-Agent starting with Mozilla makes Ray refuse writes (405)");
    }
    headers.add(new String[] {name, value});
    return this;
  }

  /**
   * The Ray auth token (Ray 2.52+ token auth), sent as {@code Authorization: Bearer <token>} and
   * {@code X-Ray-Authorization: Bearer <token>}. Surrounding whitespace is stripped. It never appears in logs,
   * exception messages or {@code toString()}.
   *
   * @throws IllegalArgumentException if blank or containing characters not allowed in a header
   */
  public RayDashboardClientBuilder bearerToken(String bearerToken) {
    String stripped = Objects.requireNonNull(bearerToken, "bearerToken").strip();
    if (stripped.isEmpty()) {
      throw new IllegalArgumentException("the bearer token must not be blank");
    }
    for (int i = 0; i < stripped.length(); i++) {
      char c = stripped.charAt(i);
      if (c < 0x21 || c > 0x7e) {
        throw new IllegalArgumentException("the bearer token contains a character not allowed in a header (at index "
            + i + ")");
      }
    }
    this.token = stripped;
    return this;
  }

  /** Retries for idempotent calls (default {@link RetryPolicy#defaults()}). */
  public RayDashboardClientBuilder retryPolicy(RetryPolicy policy) {
    this.retryPolicy = Objects.requireNonNull(policy, "policy");
    return this;
  }

  /**
   * Builds the client; no request is made yet.
   *
   * @throws IllegalStateException without a base URL, or with both a token and a custom auth header
   */
  public RayDashboardClient build() {
    if (baseUrl == null) {
      throw new IllegalStateException("baseUrl is required");
    }
    Headers.Builder h = new Headers.Builder().set("User-Agent", "raykube-dashboard-client/" + clientVersion());
    for (String[] header : headers) {
      String lower = header[0].toLowerCase(Locale.ROOT);
      if (token != null && (lower.equals("authorization") || lower.equals("x-ray-authorization"))) {
        throw new IllegalStateException("set either bearerToken or an " + header[0] + " header, not both");
      }
      if (lower.equals("user-agent")) {
        h.set(header[0], header[1]);
      } else {
        h.add(header[0], header[1]);
      }
    }
    if (token != null) {
      h.set("Authorization", "Bearer " + token);
      h.set("X-Ray-Authorization", "Bearer " + token);
    }
    boolean owns = okHttpClient == null;
    OkHttpClient.Builder ok = owns ? new OkHttpClient.Builder() : okHttpClient.newBuilder();
    // Retries are this client's decision: OkHttp's silent retry could repeat a submit without a submission id.
    ok.retryOnConnectionFailure(false);
    // A redirect would carry X-Ray-Authorization (which OkHttp does not strip) to wherever it points.
    ok.followRedirects(false).followSslRedirects(false);
    applyTimeout(connectTimeout, owns ? DEFAULT_CONNECT_TIMEOUT : null, ok::connectTimeout);
    applyTimeout(readTimeout, owns ? DEFAULT_READ_TIMEOUT : null, ok::readTimeout);
    applyTimeout(writeTimeout, owns ? DEFAULT_WRITE_TIMEOUT : null, ok::writeTimeout);
    applyTimeout(callTimeout, owns ? DEFAULT_CALL_TIMEOUT : null, ok::callTimeout);
    DashboardHttp http = new DashboardHttp(ok.build(), baseUrl, h.build(), retryPolicy, new Redaction(token),
        maxResponseBytes);
    return new RayDashboardClient(http, baseUrl, owns, token != null);
  }

  private interface TimeoutSetter {
    OkHttpClient.Builder set(Duration d);
  }

  private static void applyTimeout(Duration explicit, Duration fallback, TimeoutSetter setter) {
    Duration d = explicit != null ? explicit : fallback;
    if (d != null) {
      setter.set(d);
    }
  }

  private static Duration requirePositive(Duration d, String name) {
    if (Objects.requireNonNull(d, name).isNegative() || d.isZero()) {
      throw new IllegalArgumentException(name + " must be positive: " + d);
    }
    return d;
  }

  /** This library's version from its build, for the User-Agent. */
  static String clientVersion() {
    try (InputStream in = RayDashboardClientBuilder.class.getResourceAsStream("client.properties")) {
      if (in != null) {
        Properties p = new Properties();
        p.load(in);
        String v = p.getProperty("version");
        if (v != null && !v.isBlank() && !v.startsWith("${")) {
          return v.trim();
        }
      }
    } catch (IOException unreadable) {
      // fall through to the neutral value
    }
    return "dev";
  }

  @Override
  public String toString() {
    return "RayDashboardClientBuilder{" + (baseUrl == null ? "no URL" : baseUrl.redact())
        + (token != null ? ", bearer token" : "") + "}";
  }
}
