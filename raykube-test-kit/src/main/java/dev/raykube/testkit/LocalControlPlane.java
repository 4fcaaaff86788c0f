package dev.raykube.testkit;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Kubernetes control plane on loopback: kube-apiserver (TLS, token auth, RBAC), etcd and
 * kube-controller-manager (garbage collector, Job, namespace, service-account, EndpointSlice and the other default
 * controllers), with no scheduler and no kubelet (the node sandbox plays those).
 *
 * <p>{@link #startOrReuse()} reuses the control plane whose admin kubeconfig {@value #KUBECONFIG_VARIABLE} names (set
 * by sourcing the {@code env} file of {@code local/start-control-plane}, as the end-to-end suite and
 * {@code raykube local up} do) and otherwise starts one of its own: the kit's copy of {@code local/provision} builds
 * the binaries once into {@code ~/.cache/raykube} (Go and Python needed; about 8 minutes on 2 cores the first time,
 * nothing after), and {@code local/start-control-plane} starts them on free ports in a temporary directory (about 10
 * s). {@link #close()} stops and removes exactly what was started; a reused control plane is left running.
 *
 * <p>Real Ray, when wanted, is the virtual environment {@code RAYKUBE_RAY_VENV} names, or the one {@code provision}
 * makes on first use ({@link #rayVenv()}, a few minutes of pip the first time).
 */
public final class LocalControlPlane implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalControlPlane.class);
  /** The variable naming the admin kubeconfig of a running control plane to reuse. */
  public static final String KUBECONFIG_VARIABLE = "RAYKUBE_E2E_KUBECONFIG";
  /** The variable naming a virtual environment with Ray to use instead of provisioning one. */
  public static final String RAY_VENV_VARIABLE = "RAYKUBE_RAY_VENV";
  private static final long PROVISION_MINUTES = 40;
  private static final long START_MINUTES = 5;

  private final Path kubeconfig;
  private final Path workDir;
  private final Map<String, String> scriptEnv;
  private ControlPlaneScripts scripts;
  /** A directory made only to provision Ray for a reused control plane; removed on close. */
  private Path rayScriptsDir;
  private Path rayVenv;
  private boolean closed;

  private LocalControlPlane(Path kubeconfig, Path workDir, Map<String, String> scriptEnv,
      ControlPlaneScripts scripts) {
    this.kubeconfig = kubeconfig;
    this.workDir = workDir;
    this.scriptEnv = scriptEnv;
    this.scripts = scripts;
  }

  /**
   * The control plane {@value #KUBECONFIG_VARIABLE} names, or a new one ({@link #start()}) if it is unset.
   *
   * @throws ControlPlaneException if the named kubeconfig is not readable, or the new one cannot be started
   */
  public static LocalControlPlane startOrReuse() {
    String existing = System.getenv(KUBECONFIG_VARIABLE);
    if (existing != null && !existing.isBlank()) {
      return reuse(Path.of(existing));
    }
    return start();
  }

  /**
   * The control plane of an admin kubeconfig written by {@code local/start-control-plane}; {@link #close()} leaves
   * it running.
   *
   * @throws ControlPlaneException if the file is not readable
   */
  public static LocalControlPlane reuse(Path kubeconfig) {
    if (!Files.isReadable(kubeconfig)) {
      throw new ControlPlaneException("kubeconfig " + kubeconfig + " (" + KUBECONFIG_VARIABLE + ") is not readable: "
          + "is its control plane up?");
    }
    log.info("reusing the control plane of {}", kubeconfig);
    return new LocalControlPlane(kubeconfig, null, Map.of(), null);
  }

  /**
   * Provisions the binaries if they are not cached and starts a control plane of its own on free ports.
   *
   * @throws ControlPlaneException if provisioning or the start fails (with the script's last lines)
   */
  public static LocalControlPlane start() {
    Path work;
    try {
      work = Files.createTempDirectory("raykube-test-kit-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary directory for the control plane", e);
    }
    ControlPlaneScripts scripts = ControlPlaneScripts.extractTo(work);
    Map<String, String> env = new HashMap<>();
    env.put("RAYKUBE_E2E_STATE", work.resolve("state").toString());
    List<Integer> ports = freePorts(4);
    env.put("RAYKUBE_ETCD_PORT", ports.get(0).toString());
    env.put("RAYKUBE_ETCD_PEER_PORT", ports.get(1).toString());
    env.put("RAYKUBE_APISERVER_PORT", ports.get(2).toString());
    env.put("RAYKUBE_KCM_PORT", ports.get(3).toString());
    env.put("RAYKUBE_E2E_USERS", "");
    env.put("RAYKUBE_E2E_AUDIT", "0");
    LocalControlPlane plane = new LocalControlPlane(work.resolve("state/kubeconfig"), work, env, scripts);
    Runtime.getRuntime().addShutdownHook(new Thread(plane::close, "raykube-test-kit-stop"));
    try {
      long started = System.nanoTime();
      scripts.run("provision", env, PROVISION_MINUTES, "--no-ray");
      scripts.run("start-control-plane", env, START_MINUTES);
      log.info("control plane up in {} ms: https://127.0.0.1:{} (state {})", (System.nanoTime() - started) / 1_000_000,
          env.get("RAYKUBE_APISERVER_PORT"), work.resolve("state"));
      return plane;
    } catch (RuntimeException e) {
      plane.close();
      throw e;
    }
  }

  /** The admin kubeconfig. */
  public Path kubeconfig() {
    return kubeconfig;
  }

  /** A fabric8 configuration for the admin user (every RBAC permission). */
  public Config config() {
    try {
      return Config.fromKubeconfig(Files.readString(kubeconfig));
    } catch (IOException e) {
      throw new ControlPlaneException("cannot read " + kubeconfig + ": " + e.getMessage(), e);
    }
  }

  /** A new client for the admin user; the caller closes it. */
  public KubernetesClient newClient() {
    return new KubernetesClientBuilder().withConfig(config()).build();
  }

  /** Whether this object started the control plane (and {@link #close()} stops it). */
  public boolean owned() {
    return workDir != null;
  }

  /**
   * A virtual environment with Ray and Ray Serve: the one {@value #RAY_VENV_VARIABLE} names, else the one
   * {@code local/provision} keeps in the cache (made on first use).
   *
   * @throws ControlPlaneException if provisioning fails
   */
  public synchronized Path rayVenv() {
    if (rayVenv != null) {
      return rayVenv;
    }
    String named = System.getenv(RAY_VENV_VARIABLE);
    if (named != null && !named.isBlank()) {
      rayVenv = Path.of(named);
      return rayVenv;
    }
    if (scripts == null) {
      try {
        rayScriptsDir = Files.createTempDirectory("raykube-test-kit-ray-");
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create a temporary directory for local/provision", e);
      }
      scripts = ControlPlaneScripts.extractTo(rayScriptsDir);
    }
    scripts.run("provision", scriptEnv, PROVISION_MINUTES, "--no-k8s");
    rayVenv = Path.of(scripts.setting(RAY_VENV_VARIABLE, scriptEnv));
    return rayVenv;
  }

  /** Stops the control plane if this object started it and removes its directory; otherwise does nothing. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (rayScriptsDir != null) {
      deleteTree(rayScriptsDir);
    }
    if (workDir == null) {
      return;
    }
    try {
      scripts.run("stop-control-plane", scriptEnv, 2);
    } catch (RuntimeException e) {
      log.warn("stopping the control plane in {} failed: {}", workDir, e.getMessage());
    }
    deleteTree(workDir);
    log.info("control plane stopped and {} removed", workDir);
  }

  @Override
  public String toString() {
    return "LocalControlPlane[" + kubeconfig + (owned() ? ", started here" : ", reused") + "]";
  }

  /**
   * Distinct ports free on 127.0.0.1, below the kernel's ephemeral range: a port from that range (what binding port 0
   * gives) can be taken by one of etcd's or the apiserver's own outgoing connections before the controller-manager,
   * started last, binds it.
   */
  private static List<Integer> freePorts(int count) {
    int low = 32768;
    // Read by line: Files.readString trusts the size /proc reports and returns a truncated value.
    try (java.io.BufferedReader range = Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
      low = Integer.parseInt(range.readLine().trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      log.debug("no ephemeral port range from /proc ({}); assuming it starts at 32768", e.toString());
    }
    int top = Math.max(low, 20_001);
    List<ServerSocket> held = new ArrayList<>();
    try {
      for (int attempt = 0; held.size() < count && attempt < 1_000; attempt++) {
        ServerSocket socket = new ServerSocket();
        try {
          socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(),
              ThreadLocalRandom.current().nextInt(20_000, top)));
          held.add(socket);
        } catch (IOException taken) {
          socket.close();
        }
      }
      if (held.size() < count) {
        throw new ControlPlaneException("no " + count + " free ports on 127.0.0.1 between 20000 and " + top);
      }
      return held.stream().map(ServerSocket::getLocalPort).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot open a socket on 127.0.0.1", e);
    } finally {
      for (ServerSocket socket : held) {
        try {
          socket.close();
        } catch (IOException ignored) {
          // closing a bound, unaccepted socket does not fail in practice; nothing to do if it does
        }
      }
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.debug("cannot remove {} completely: {}", root, e.getMessage());
    }
  }
}
