package dev.raykube.bench.soak;

import dev.raykube.bench.side.HeadDashboards;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The head dashboards of the soak: a {@link FakeRayDashboard} per head Pod incarnation, and a ledger that outlives
 * them. When a head Pod goes (deleted under a job, or with its cluster), its dashboard's accepted submissions, their
 * last statuses and its stop requests are kept, so that the invariants can be checked over the whole run: a
 * submission id accepted by two incarnations of a head was submitted twice. Dashboard faults are applied to every
 * dashboard that is up, and to those that come up while the fault lasts. Each dashboard requires its cluster's token
 * (token authentication, as Ray with {@code RAY_AUTH_MODE=token}) and runs a Serve HTTP proxy on
 * {@value #SERVE_PORT} of its address while Serve runs there (the RayServices' heads). Thread-safe.
 */
final class SoakDashboards implements HeadDashboards {

  /** One submission a dashboard accepted: where, and how it ended there (its last status). */
  record Submission(String cluster, int incarnation, String submissionId, String lastStatus, boolean stopRequested) {}

  private final KubernetesClient admin;
  private final Set<String> tokens = ConcurrentHashMap.newKeySet();
  private final Map<String, FakeRayDashboard> up = new ConcurrentHashMap<>();
  private final Map<String, Integer> incarnations = new ConcurrentHashMap<>();
  private final List<Submission> gone = new ArrayList<>();
  private long goneRequests;
  private volatile Fault fault;
  private volatile Instant faultUntil = Instant.MIN;

  /** @param admin reads each cluster's token Secret (named after the cluster, key {@code auth_token}) */
  SoakDashboards(KubernetesClient admin) {
    this.admin = admin;
  }

  @Override
  public synchronized void up(String namespace, String cluster, InetAddress address) {
    String key = namespace + "/" + cluster;
    if (up.containsKey(key)) {
      return;
    }
    String token = token(namespace, cluster);
    tokens.add(token);
    FakeRayDashboard fake = FakeRayDashboard.builder().address(address).port(DASHBOARD_PORT).authToken(token)
        .requestLogCapacity(100_000).serveProxy(true).serveProxyPort(SERVE_PORT).build().start();
    incarnations.merge(key, 1, Integer::sum);
    up.put(key, fake);
    Fault current = fault;
    if (current != null && Instant.now().isBefore(faultUntil)) {
      fake.injectFault(Integer.MAX_VALUE, current);
    }
  }

  @Override
  public synchronized void down(String namespace, String cluster) {
    String key = namespace + "/" + cluster;
    FakeRayDashboard fake = up.remove(key);
    if (fake != null) {
      gone.addAll(submissions(key, incarnations.get(key), fake));
      goneRequests += fake.requests().size();
      fake.close();
    }
  }

  /** The cluster's token, from the Secret the operator created before the head Pod (waits up to 30 s for it). */
  private String token(String namespace, String cluster) {
    Instant until = Instant.now().plusSeconds(30);
    while (true) {
      try {
        Optional<String> token = SecretValues.read(admin, namespace, cluster, TokenAuth.SECRET_KEY);
        if (token.isPresent()) {
          return token.get();
        }
      } catch (KubernetesClientException e) {
        // the API server is away (a fault): try again
      }
      if (Instant.now().isAfter(until)) {
        throw new IllegalStateException("no token Secret " + namespace + "/" + cluster + " 30 s after its head Pod");
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  /** Every token a head's dashboard has required. */
  Set<String> tokens() {
    return Set.copyOf(tokens);
  }

  private static List<Submission> submissions(String key, int incarnation, FakeRayDashboard fake) {
    List<Submission> list = new ArrayList<>();
    for (String id : fake.submissionIds()) {
      list.add(new Submission(key, incarnation, id, fake.jobStatus(id).orElse("?"), fake.stopRequested(id)));
    }
    return list;
  }

  /** Every submission accepted so far, by heads that are gone and heads that are up. */
  synchronized List<Submission> ledger() {
    List<Submission> all = new ArrayList<>(gone);
    up.forEach((key, fake) -> all.addAll(submissions(key, incarnations.get(key), fake)));
    return all;
  }

  /** The status of a submission on the dashboard of {@code namespace/cluster} that is up now, if any. */
  String statusNow(String namespace, String cluster, String submissionId) {
    FakeRayDashboard fake = up.get(namespace + "/" + cluster);
    return fake == null ? null : fake.jobStatus(submissionId).orElse(null);
  }

  /** The status of a Serve application on the dashboard of {@code namespace/cluster} that is up now, if any. */
  String serveStatusNow(String namespace, String cluster, String application) {
    FakeRayDashboard fake = up.get(namespace + "/" + cluster);
    return fake == null ? null : fake.serveApplicationStatus(application).orElse(null);
  }

  /** Every dashboard answers with {@code fault} for {@code duration} (also dashboards that come up meanwhile). */
  synchronized void fault(Fault fault, Duration duration) {
    this.fault = fault;
    this.faultUntil = Instant.now().plus(duration);
    up.values().forEach(f -> f.injectFault(Integer.MAX_VALUE, fault));
  }

  /** Every dashboard refuses connections for {@code duration} (closed and bound again afterwards). */
  synchronized void refuseConnections(Duration duration) {
    up.values().forEach(f -> f.refuseConnectionsFor(duration));
  }

  /** Ends the fault of {@link #fault}. */
  synchronized void clearFault() {
    fault = null;
    faultUntil = Instant.MIN;
    up.values().forEach(FakeRayDashboard::clearFaults);
  }

  /** Head incarnations by cluster ({@code namespace/cluster}). */
  Map<String, Integer> incarnations() {
    return new LinkedHashMap<>(incarnations);
  }

  @Override
  public synchronized long requests() {
    return goneRequests + up.values().stream().mapToLong(f -> f.requests().size()).sum();
  }

  @Override
  public synchronized void close() {
    new ArrayList<>(up.keySet()).forEach(key -> down(key.substring(0, key.indexOf('/')),
        key.substring(key.indexOf('/') + 1)));
  }
}
