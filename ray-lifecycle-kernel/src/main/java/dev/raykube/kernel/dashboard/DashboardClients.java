package dev.raykube.kernel.dashboard;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import dev.raykube.dashboard.RetryPolicy;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import okhttp3.OkHttpClient;

/**
 * Dashboard clients for the RayClusters of RayJobs: one {@link RayDashboardClient} per endpoint (base URL and token),
 * all sharing one OkHttp client (its connection pool and threads). A client is remembered for the RayClusters that
 * use it and closed when the last of them is {@linkplain #forget forgotten} (the cluster went away) or when the
 * endpoint of a cluster changes (a new address or a rotated token).
 *
 * <p>The default clients retry briefly (3 attempts, 200 ms to 1 s) and time out a connection after 3 s and a call
 * after 20 s, so that one unreachable dashboard holds a reconcile for seconds, not minutes; the RayJob state machine's
 * status-check timeout deals with longer outages. Thread-safe.
 */
public final class DashboardClients implements AutoCloseable {

  /** The retry policy of the default clients: 3 attempts, 200 ms doubling to 1 s, 50 % jitter. */
  public static final RetryPolicy DEFAULT_RETRY_POLICY = new RetryPolicy(3, Duration.ofMillis(200),
      Duration.ofSeconds(1), 2.0, 0.5);

  private record Entry(RayDashboardClient client, Set<String> clusters) {
  }

  private final OkHttpClient http;
  private final UnaryOperator<RayDashboardClientBuilder> configure;
  private final Map<DashboardEndpoint, Entry> byEndpoint = new HashMap<>();
  private final Map<String, DashboardEndpoint> byCluster = new HashMap<>();
  private boolean closed;

  /** Clients with {@link #DEFAULT_RETRY_POLICY}, a 3 s connect and a 20 s call timeout. */
  public DashboardClients() {
    this(builder -> builder.retryPolicy(DEFAULT_RETRY_POLICY).connectTimeout(Duration.ofSeconds(3))
        .callTimeout(Duration.ofSeconds(20)));
  }

  /**
   * Clients configured by {@code configure}, which gets a builder with base URL, token and the shared OkHttp client
   * set, and may change anything else (timeouts, retry policy, headers).
   */
  public DashboardClients(UnaryOperator<RayDashboardClientBuilder> configure) {
    this.configure = Objects.requireNonNull(configure, "configure");
    this.http = new OkHttpClient();
  }

  /**
   * The client for a RayCluster's dashboard endpoint, made on first use.
   *
   * @param namespace the RayCluster's namespace
   * @param clusterName the RayCluster's name
   * @param endpoint its dashboard endpoint
   * @throws IllegalStateException after {@link #close()}
   */
  public synchronized RayDashboardClient client(String namespace, String clusterName, DashboardEndpoint endpoint) {
    Objects.requireNonNull(endpoint, "endpoint");
    if (closed) {
      throw new IllegalStateException("DashboardClients is closed");
    }
    String cluster = key(namespace, clusterName);
    DashboardEndpoint previous = byCluster.put(cluster, endpoint);
    if (previous != null && !previous.equals(endpoint)) {
      release(cluster, previous);
    }
    Entry entry = byEndpoint.get(endpoint);
    if (entry == null) {
      RayDashboardClientBuilder builder = RayDashboardClient.builder().baseUrl(endpoint.url()).okHttpClient(http);
      if (endpoint.hasToken()) {
        builder.bearerToken(endpoint.token());
      }
      entry = new Entry(configure.apply(builder).build(), new HashSet<>());
      byEndpoint.put(endpoint, entry);
    }
    entry.clusters().add(cluster);
    return entry.client();
  }

  /**
   * Forgets a RayCluster (it was deleted, or its RayJob was): closes its client unless another cluster uses the same
   * endpoint. Forgetting an unknown cluster does nothing.
   */
  public synchronized void forget(String namespace, String clusterName) {
    String cluster = key(namespace, clusterName);
    DashboardEndpoint endpoint = byCluster.remove(cluster);
    if (endpoint != null) {
      release(cluster, endpoint);
    }
  }

  /** How many clients are open. */
  public synchronized int size() {
    return byEndpoint.size();
  }

  /** Closes every client and the shared OkHttp client. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    byEndpoint.values().forEach(e -> e.client().close());
    byEndpoint.clear();
    byCluster.clear();
    http.dispatcher().executorService().shutdown();
    http.connectionPool().evictAll();
  }

  private void release(String cluster, DashboardEndpoint endpoint) {
    Entry entry = byEndpoint.get(endpoint);
    if (entry == null) {
      return;
    }
    entry.clusters().remove(cluster);
    if (entry.clusters().isEmpty()) {
      byEndpoint.remove(endpoint);
      entry.client().close();
    }
  }

  private static String key(String namespace, String clusterName) {
    Objects.requireNonNull(clusterName, "clusterName");
    return (namespace == null ? "" : namespace) + "/" + clusterName;
  }

  @Override
  public synchronized String toString() {
    return "DashboardClients{" + byEndpoint.size() + " clients, " + byCluster.size() + " clusters}";
  }
}
