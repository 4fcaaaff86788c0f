package dev.raykube.bench.side;

import dev.raykube.bench.BenchClusters;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The real control plane both operators run against: {@code local/start-control-plane} (etcd, kube-apiserver, kube-controller-manager
 * on loopback) on free ports, in a state directory of its own, with the API server's audit log on and one static-token
 * user per operator ({@value #KUBERAY_USER}, {@value #RAYKUBE_USER}), so that the audit log tells their requests apart.
 * The RayKube CRDs are installed (both operators run against them). {@link #close()} runs {@code local/stop-control-plane}.
 */
public final class LocalControlPlane implements AutoCloseable {

  static final String KUBERAY_USER = "kuberay";
  static final String RAYKUBE_USER = "raykube";

  private final Path root;
  private final Path state;
  private final Map<String, String> env;
  private final KubernetesClient admin;

  private LocalControlPlane(Path root, Path state, Map<String, String> env) {
    this.root = root;
    this.state = state;
    this.env = env;
    Config config = Config.fromKubeconfig(read(state.resolve("kubeconfig")));
    config.setRequestTimeout(60_000);
    this.admin = new KubernetesClientBuilder().withConfig(config).build();
  }

  /** Starts a control plane (about 10 s) and installs the CRDs. */
  public static LocalControlPlane start(Path root) {
    Path state = Path.of(System.getProperty("java.io.tmpdir"), "raykube-side-by-side-" + ProcessHandle.current().pid());
    Map<String, String> env = Map.of(
        "RAYKUBE_E2E_STATE", state.toString(),
        "RAYKUBE_ETCD_PORT", String.valueOf(freePort()),
        "RAYKUBE_ETCD_PEER_PORT", String.valueOf(freePort()),
        "RAYKUBE_APISERVER_PORT", String.valueOf(freePort()),
        "RAYKUBE_KCM_PORT", String.valueOf(freePort()),
        "RAYKUBE_E2E_AUDIT", "1",
        "RAYKUBE_E2E_USERS", KUBERAY_USER + " " + RAYKUBE_USER);
    run(root, env, Duration.ofMinutes(3), root.resolve("local/start-control-plane").toString());
    LocalControlPlane plane = new LocalControlPlane(root, state, env);
    try {
      plane.installCrds();
    } catch (RuntimeException e) {
      plane.close(); // nothing may be left running
      throw e;
    }
    return plane;
  }

  private void installCrds() {
    List<Path> files;
    try (Stream<Path> listing = Files.list(root.resolve("ray-operator/deploy/crds"))) {
      files = listing.filter(f -> f.toString().endsWith(".yml")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> names = new ArrayList<>();
    for (Path file : files) {
      CustomResourceDefinition crd = admin.getKubernetesSerialization().unmarshal(read(file),
          CustomResourceDefinition.class);
      admin.apiextensions().v1().customResourceDefinitions().resource(crd).create();
      names.add(crd.getMetadata().getName());
    }
    for (String name : names) {
      BenchClusters.await(Duration.ofSeconds(30), Duration.ofMillis(200), "CRD " + name + " established", () -> {
        CustomResourceDefinition crd = admin.apiextensions().v1().customResourceDefinitions().withName(name).get();
        return crd != null && crd.getStatus() != null && crd.getStatus().getConditions() != null
            && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
      });
    }
  }

  /** The admin client (the harness's own user, never counted). */
  public KubernetesClient admin() {
    return admin;
  }

  /** The kubeconfig of one of the operators' users. */
  public Path kubeconfig(String user) {
    return state.resolve("users").resolve(user + ".kubeconfig");
  }

  /** The API server's audit log. */
  Path auditLog() {
    return state.resolve("logs/audit.log");
  }

  /** The state directory (logs of the control plane and of the operators). */
  public Path state() {
    return state;
  }

  /**
   * Stops the control plane and removes its state directory; with {@code -Draykube.bench.keepAuditLog=FILE} the audit
   * log is copied to FILE first (for a look at every request of a run, e.g. the server's time per request).
   */
  @Override
  public void close() {
    admin.close();
    String keep = System.getProperty("raykube.bench.keepAuditLog");
    if (keep != null && !keep.isBlank()) {
      try {
        Files.copy(auditLog(), Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        System.err.println("could not keep the audit log: " + e.getMessage());
      }
    }
    run(root, env, Duration.ofMinutes(1), root.resolve("local/stop-control-plane").toString());
  }

  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void run(Path root, Map<String, String> env, Duration timeout, String... command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(root.toFile()).redirectErrorStream(true);
    builder.environment().putAll(env);
    Path log = Path.of(System.getProperty("java.io.tmpdir"), "raykube-side-by-side-control-plane.log");
    builder.redirectOutput(log.toFile());
    try {
      Process process = builder.start();
      if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new IllegalStateException(String.join(" ", command) + " did not finish in " + timeout + "; see " + log);
      }
      if (process.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed (exit " + process.exitValue()
            + "):\n" + read(log));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }
}
