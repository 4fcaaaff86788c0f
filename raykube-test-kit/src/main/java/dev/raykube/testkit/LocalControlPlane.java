package dev.raykube.testkit;

import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
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
 * <p>{@link #builder()} starts one with options: its state directory in a given place, the API server's audit log on
 * ({@link #auditLog()}), users with a static token and a kubeconfig each ({@link #kubeconfig(String)}), so that the
 * audit log tells their requests apart, and the audit log kept on close:
 *
 * <pre>{@code
 * try (LocalControlPlane plane = LocalControlPlane.builder().auditLog().users("operator-a", "operator-b").start()) {
 *   Path operatorA = plane.kubeconfig("operator-a");
 *   ...
 * }
 * }</pre>
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
  private final Path state;
  private final Path workDir;
  private final Map<String, String> scriptEnv;
  private final Path keepAuditLogAt;
  private ControlPlaneScripts scripts;
  /** A directory made only to provision Ray for a reused control plane; removed on close. */
  private Path rayScriptsDir;
  private Path rayVenv;
  private boolean closed;

  private LocalControlPlane(Path kubeconfig, Path workDir, Map<String, String> scriptEnv,
      ControlPlaneScripts scripts, Path keepAuditLogAt) {
    this.kubeconfig = kubeconfig;
    this.state = kubeconfig.toAbsolutePath().getParent();
    this.workDir = workDir;
    this.scriptEnv = scriptEnv;
    this.scripts = scripts;
    this.keepAuditLogAt = keepAuditLogAt;
  }

  /** Options for a control plane of its own; {@link Builder#start()} starts it. */
  public static Builder builder() {
    return new Builder();
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
    return new LocalControlPlane(kubeconfig, null, Map.of(), null, null);
  }

  /**
   * Provisions the binaries if they are not cached and starts a control plane of its own on free ports, with no audit
   * log and no users but the admin: {@code builder().start()}.
   *
   * @throws ControlPlaneException if provisioning or the start fails (with the script's last lines)
   */
  public static LocalControlPlane start() {
    return builder().start();
  }

  private static LocalControlPlane start(Builder options) {
    Path work;
    try {
      work = Files.createTempDirectory("raykube-test-kit-");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temporary directory for the control plane", e);
    }
    ControlPlaneScripts scripts = ControlPlaneScripts.extractTo(work);
    Path state = options.stateDirectory != null ? options.stateDirectory : work.resolve("state");
    Map<String, String> env = new HashMap<>();
    env.put("RAYKUBE_E2E_STATE", state.toString());
    List<Integer> ports = FreePorts.onLoopback(4);
    env.put("RAYKUBE_ETCD_PORT", ports.get(0).toString());
    env.put("RAYKUBE_ETCD_PEER_PORT", ports.get(1).toString());
    env.put("RAYKUBE_APISERVER_PORT", ports.get(2).toString());
    env.put("RAYKUBE_KCM_PORT", ports.get(3).toString());
    env.put("RAYKUBE_E2E_USERS", String.join(" ", options.users));
    env.put("RAYKUBE_E2E_AUDIT", options.auditLog ? "1" : "0");
    LocalControlPlane plane = new LocalControlPlane(state.resolve("kubeconfig"), work, env, scripts,
        options.keepAuditLogAt);
    Runtime.getRuntime().addShutdownHook(new Thread(plane::close, "raykube-test-kit-stop"));
    try {
      long started = System.nanoTime();
      scripts.run("provision", env, PROVISION_MINUTES, "--no-ray");
      scripts.run("start-control-plane", env, START_MINUTES);
      log.info("control plane up in {} ms: https://127.0.0.1:{} (state {})", (System.nanoTime() - started) / 1_000_000,
          env.get("RAYKUBE_APISERVER_PORT"), state);
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

  /**
   * A new client for the admin user whose requests may take up to {@code requestTimeout} (fabric8's default is 10 s;
   * a list of thousands of objects can take longer); the caller closes it.
   */
  public KubernetesClient newClient(Duration requestTimeout) {
    Config config = config();
    config.setRequestTimeout(Math.toIntExact(requestTimeout.toMillis()));
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /**
   * The state directory of {@code local/start-control-plane}: certificates ({@code pki/}), component logs
   * ({@code logs/}), pid files ({@code pids/}), etcd's data and the kubeconfigs; of a reused control plane, the
   * directory of its admin kubeconfig. Removed when a control plane started here stops.
   */
  public Path state() {
    return state;
  }

  /**
   * The API server's audit log in {@link #state()} (JSON lines, level Metadata, one line per request when its response
   * is complete, a watch's when it starts). Written only by a control plane started with {@link Builder#auditLog()}.
   */
  public Path auditLog() {
    return state.resolve("logs/audit.log");
  }

  /**
   * The kubeconfig of a user the control plane was started with ({@link Builder#users}): a static token of its own, in
   * {@code system:masters}.
   *
   * @throws ControlPlaneException if the control plane has no such user
   */
  public Path kubeconfig(String user) {
    Path file = state.resolve("users").resolve(user + ".kubeconfig");
    if (!Files.isReadable(file)) {
      throw new ControlPlaneException("the control plane of " + state + " has no user " + user + " (" + file
          + " is not readable): start it with LocalControlPlane.builder().users(\"" + user + "\")");
    }
    return file;
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
    if (keepAuditLogAt != null) {
      keepAuditLog();
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

  private void keepAuditLog() {
    try {
      Files.copy(auditLog(), keepAuditLogAt, StandardCopyOption.REPLACE_EXISTING);
      log.info("audit log kept in {}", keepAuditLogAt);
    } catch (IOException e) {
      log.warn("cannot keep the audit log {} in {}: {}", auditLog(), keepAuditLogAt, e.toString());
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.debug("cannot remove {} completely: {}", root, e.getMessage());
    }
  }

  /**
   * Options for a control plane of its own. Each option is off unless set: its state directory is then
   * {@code state/} in the temporary directory the control plane runs in, with no audit log and no user but the admin.
   */
  public static final class Builder {

    private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

    private Path stateDirectory;
    private boolean auditLog;
    private final List<String> users = new ArrayList<>();
    private Path keepAuditLogAt;

    private Builder() {
    }

    /**
     * Where {@code local/start-control-plane} keeps its state ({@link LocalControlPlane#state()}): a directory that
     * does not exist or is empty. {@link LocalControlPlane#close()} removes it.
     */
    public Builder stateDirectory(Path directory) {
      this.stateDirectory = Objects.requireNonNull(directory, "directory").toAbsolutePath();
      return this;
    }

    /** Turns the API server's audit log on ({@link LocalControlPlane#auditLog()}). */
    public Builder auditLog() {
      this.auditLog = true;
      return this;
    }

    /**
     * Adds users besides the admin, each with a static token and a kubeconfig of its own
     * ({@link LocalControlPlane#kubeconfig(String)}), in {@code system:masters}: with the audit log on, the requests of
     * each can be told apart by their {@code user.username}.
     *
     * @throws IllegalArgumentException if a name is not a DNS label
     */
    public Builder users(String... names) {
      for (String name : names) {
        if (!DNS_LABEL.matcher(name).matches()) {
          throw new IllegalArgumentException("a user name must be a DNS label: '" + name + "'");
        }
        if (!users.contains(name)) {
          users.add(name);
        }
      }
      return this;
    }

    /**
     * Turns the audit log on and has {@link LocalControlPlane#close()} copy it to {@code file} before the control
     * plane stops and its state directory goes (to look at every request of a run afterwards).
     */
    public Builder keepAuditLogAt(Path file) {
      this.keepAuditLogAt = Objects.requireNonNull(file, "file");
      this.auditLog = true;
      return this;
    }

    /**
     * Provisions the binaries if they are not cached and starts the control plane on free ports (about 10 s).
     *
     * @throws ControlPlaneException if provisioning or the start fails (with the script's last lines)
     */
    public LocalControlPlane start() {
      return LocalControlPlane.start(this);
    }
  }
}
