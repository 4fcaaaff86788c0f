package dev.raykube.bench.soak;

import dev.raykube.bench.side.RayKubeContender;
import dev.raykube.testkit.FreePorts;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The operator's two replicas, as a Deployment of two would run them: separate processes of the shipped jar with the
 * shipped settings, leader election on (Lease {@value #LEASE} in {@value #NAMESPACE}), each its own identity
 * ({@code HOSTNAME}), its kubeconfig the operator's ServiceAccount token. A supervisor plays the kubelet: a replica
 * that exits (killed by the soak, or ending itself, e.g. after losing the Lease) is started again after a second, and
 * every exit is recorded. Each process's {@code /metrics} is read every few seconds so that counters of killed
 * processes are not lost.
 */
final class OperatorReplicas implements AutoCloseable {

  static final String NAMESPACE = "raykube-system";
  static final String LEASE = "raykube-operator-leader";
  private static final Duration RESTART_DELAY = Duration.ofSeconds(1);

  /** One exit of a replica's process. */
  record Exit(String replica, int code, Instant at, boolean killedBySoak) {}

  private final List<String> command;
  private final Map<String, String> env;
  private final Path logs;
  private final KubernetesClient admin;
  private final Map<String, Replica> replicas = new LinkedHashMap<>();
  private final List<Exit> exits = new ArrayList<>();
  private final Map<String, Double> finishedCounters = new LinkedHashMap<>();
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1))
      .proxy(java.net.ProxySelector.of(null)).build();
  private final ScheduledExecutorService supervisor = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "replica-supervisor");
    t.setDaemon(true);
    return t;
  });
  private volatile boolean closing;

  private final class Replica {
    final String name;
    Process process;
    int metricsPort;
    int incarnation;
    boolean killRequested;
    Instant exitedAt;
    Map<String, Double> lastCounters = Map.of();

    Replica(String name) {
      this.name = name;
    }
  }

  /**
   * @param hostsFile the head Services' names (see {@link dev.raykube.bench.side.ServiceHosts})
   * @param httpProxy the proxy that routes Pod IPs (see {@link dev.raykube.bench.side.PodAddresses})
   */
  OperatorReplicas(RayKubeContender shipped, Path jar, Path kubeconfig, Path hostsFile, String httpProxy, Path logs,
      KubernetesClient admin) {
    this.logs = logs;
    this.admin = admin;
    List<String> cmd = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
        "-XX:MaxRAM=" + shipped.memoryLimit()));
    cmd.addAll(shipped.jvmOptions());
    cmd.addAll(RayKubeContender.routeOptions(hostsFile, httpProxy));
    cmd.addAll(List.of("-jar", jar.toString(), "--kubeconfig=" + kubeconfig));
    this.command = cmd;
    Map<String, String> e = new LinkedHashMap<>(shipped.environment());
    e.remove("JAVA_TOOL_OPTIONS");
    e.put("ENABLE_LEADER_ELECTION", "true");
    e.put("LEADER_ELECTION_NAMESPACE", NAMESPACE);
    this.env = e;
    try {
      Files.createDirectories(logs);
    } catch (IOException ex) {
      throw new UncheckedIOException(ex);
    }
  }

  /** Starts replicas {@code names} and the supervisor. */
  synchronized void start(String... names) {
    for (String name : names) {
      Replica replica = new Replica(name);
      replicas.put(name, replica);
      launch(replica);
    }
    supervisor.scheduleWithFixedDelay(this::supervise, 500, 500, TimeUnit.MILLISECONDS);
    supervisor.scheduleWithFixedDelay(this::scrapeAll, 2, 3, TimeUnit.SECONDS);
  }

  private void launch(Replica replica) {
    replica.incarnation++;
    replica.metricsPort = FreePorts.onLoopback();
    replica.killRequested = false;
    replica.exitedAt = null;
    replica.lastCounters = Map.of();
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(logs.resolve(replica.name + "-" + replica.incarnation + ".log").toFile());
    builder.environment().remove("KUBECONFIG");
    builder.environment().putAll(env);
    builder.environment().put("HOSTNAME", replica.name);
    builder.environment().put("METRICS_PORT", String.valueOf(replica.metricsPort));
    builder.environment().put("HEALTH_PORT", String.valueOf(FreePorts.onLoopback()));
    try {
      replica.process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start replica " + replica.name, e);
    }
  }

  private synchronized void supervise() {
    if (closing) {
      return;
    }
    Instant now = Instant.now();
    for (Replica replica : replicas.values()) {
      if (replica.process.isAlive()) {
        continue;
      }
      if (replica.exitedAt == null) {
        replica.exitedAt = now;
        exits.add(new Exit(replica.name, replica.process.exitValue(), now, replica.killRequested));
        replica.lastCounters.forEach((k, v) -> finishedCounters.merge(k, v, Double::sum));
      } else if (!now.isBefore(replica.exitedAt.plus(RESTART_DELAY))) {
        launch(replica);
      }
    }
  }

  /** SIGKILLs the replica {@code name}; the supervisor starts it again. */
  synchronized void kill(String name) {
    Replica replica = replicas.get(name);
    if (replica != null && replica.process.isAlive()) {
      scrape(replica);
      replica.killRequested = true;
      replica.process.destroyForcibly(); // SIGKILL on Linux
    }
  }

  /** The identity in the leader-election Lease, if there is one. */
  Optional<String> leaseHolder() {
    try {
      Lease lease = admin.resources(Lease.class).inNamespace(NAMESPACE).withName(LEASE).get();
      return lease == null || lease.getSpec() == null ? Optional.empty()
          : Optional.ofNullable(lease.getSpec().getHolderIdentity());
    } catch (KubernetesClientException e) {
      return Optional.empty();
    }
  }

  /** The replica whose {@code raykube_leader} gauge is 1, if any (asked over each live replica's /metrics). */
  synchronized Optional<String> leading() {
    for (Replica replica : replicas.values()) {
      if (replica.process.isAlive() && metrics(replica).getOrDefault("raykube_leader", 0.0) == 1.0) {
        return Optional.of(replica.name);
      }
    }
    return Optional.empty();
  }

  /** The replicas' names. */
  synchronized List<String> names() {
    return List.copyOf(replicas.keySet());
  }

  /** Every exit so far. */
  synchronized List<Exit> exits() {
    return List.copyOf(exits);
  }

  /**
   * A counter summed over every process of both replicas (those that exited included, up to their last scrape), e.g.
   * {@code operator_sdk_reconciliations_failed_total}: the sum of all its series.
   */
  synchronized double counter(String name) {
    double total = finishedCounters.getOrDefault(name, 0.0);
    for (Replica replica : replicas.values()) {
      if (replica.exitedAt == null) {
        total += replica.lastCounters.getOrDefault(name, 0.0);
      }
    }
    return total;
  }

  private synchronized void scrapeAll() {
    replicas.values().stream().filter(r -> r.process.isAlive()).forEach(this::scrape);
  }

  private void scrape(Replica replica) {
    Map<String, Double> values = metrics(replica);
    if (!values.isEmpty()) {
      replica.lastCounters = values;
    }
  }

  /** The Prometheus text of every live replica's {@code /metrics}, now. */
  synchronized List<String> metricsTexts() throws IOException, InterruptedException {
    List<String> texts = new ArrayList<>();
    for (Replica replica : replicas.values()) {
      if (replica.process.isAlive()) {
        texts.add(metricsText(replica));
      }
    }
    return texts;
  }

  private String metricsText(Replica replica) throws IOException, InterruptedException {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + replica.metricsPort + "/metrics"))
        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString()).body();
  }

  /** Each metric's series summed, by metric name ({@code name{labels} value} lines of the Prometheus text). */
  private Map<String, Double> metrics(Replica replica) {
    try {
      String text = metricsText(replica);
      Map<String, Double> values = new LinkedHashMap<>();
      for (String line : text.split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        int brace = line.indexOf('{');
        int space = line.lastIndexOf(' ');
        String name = brace > 0 ? line.substring(0, brace) : line.substring(0, space);
        try {
          values.merge(name, Double.parseDouble(line.substring(space + 1)), Double::sum);
        } catch (NumberFormatException ignored) {
          // NaN or exemplar suffixes: not a counter of ours
        }
      }
      return values;
    } catch (IOException e) {
      return Map.of();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Map.of();
    }
  }

  /** Stops both replicas (SIGTERM, SIGKILL after 20 s). */
  @Override
  public synchronized void close() {
    closing = true;
    supervisor.shutdownNow();
    for (Replica replica : replicas.values()) {
      replica.process.destroy();
    }
    for (Replica replica : replicas.values()) {
      try {
        if (!replica.process.waitFor(20, TimeUnit.SECONDS)) {
          replica.process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        replica.process.destroyForcibly();
      }
    }
  }
}
