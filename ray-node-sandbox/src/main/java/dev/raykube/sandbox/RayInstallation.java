package dev.raykube.sandbox;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The Ray of a virtual environment (by default the one {@value #VENV_VARIABLE} names, as {@code local/provision} provisions
 * it) and the environment every Ray process
 * of the simulator gets: the machine's environment without Ray's own variables, the venv's {@code bin} first on
 * {@code PATH} (job entrypoints find {@code python}), a private {@code HOME}, and the loopback, no-drain, no-usage-stats
 * switches. Also the two checks a head must pass before its Pod is Ready.
 */
final class RayInstallation {

  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  /** The object store of every simulated node: 100 MiB. */
  static final long OBJECT_STORE_BYTES = 100L * 1024 * 1024;

  private final Path ray;

  private RayInstallation(Path ray) {
    this.ray = ray;
  }

  /** The environment variable naming the Ray virtual environment: its {@code bin/ray} runs every Ray process. */
  static final String VENV_VARIABLE = "RAYKUBE_RAY_VENV";

  static RayInstallation fromEnvironment() {
    String venv = System.getenv(VENV_VARIABLE);
    if (venv == null || venv.isBlank()) {
      throw new IllegalStateException(VENV_VARIABLE + " is not set: it must name a virtual environment with Ray "
          + "installed (local/provision makes one)");
    }
    return of(Path.of(venv));
  }

  /** The Ray of virtual environment {@code venv}; fails at once if it has no {@code bin/ray}. */
  static RayInstallation of(Path venv) {
    Path ray = venv.resolve("bin").resolve("ray");
    if (!Files.isExecutable(ray)) {
      throw new IllegalStateException(ray + " does not exist: " + venv + " is not a virtual environment with Ray "
          + "installed (local/provision makes one)");
    }
    return new RayInstallation(ray);
  }

  Path ray() {
    return ray;
  }

  /** {@code ray start --head --block} on {@code ports}, loopback only, 1 CPU, 100 MB object store, temp dir {@code tmp}. */
  List<String> headStart(ClusterPorts ports, Path tmp) {
    return List.of(ray.toString(), "start", "--head", "--block",
        "--node-ip-address=127.0.0.1", "--port=" + ports.gcs(),
        "--dashboard-host=127.0.0.1", "--dashboard-port=" + ports.dashboard(),
        "--ray-client-server-port=" + ports.clientServer(),
        "--dashboard-agent-listen-port=" + ports.agentListen(),
        "--num-cpus=1", "--object-store-memory=" + OBJECT_STORE_BYTES,
        "--temp-dir=" + tmp, "--disable-usage-stats");
  }

  /**
   * The command that starts a worker: {@code ray start} through {@link #WORKER_LAUNCHER}, written to
   * {@code dir/ray_worker_start.py} and run by the venv's python.
   *
   * <p>Why: a worker must keep {@code RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0}, as the head does, or Ray rewrites
   * 127.0.0.1 to the machine's outward address and binds its GCS client, raylet and agent ports on all interfaces; but
   * with that switch at 0, Ray 2.60's CLI refuses {@code ray start --address} ("Multi-node Ray clusters are not
   * supported on Windows and OSX"). The launcher lifts that one CLI check and nothing else: every process the worker
   * starts (raylet, agent, log monitor) still sees the switch at 0 and stays on 127.0.0.1.
   */
  List<String> workerStart(Path dir) {
    Path launcher = dir.resolve("ray_worker_start.py");
    try {
      Files.writeString(launcher, WORKER_LAUNCHER);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + launcher, e);
    }
    return List.of(ray.getParent().resolve("python").toString(), launcher.toString(), "start");
  }

  /** Runs Ray's own CLI ({@code ray.scripts.scripts.main}) with the CLI's multi-node check lifted; see above. */
  static final String WORKER_LAUNCHER = """
      # Written by the RayKube node sandbox: `ray start` for a worker on loopback.
      import sys
      import types

      import ray._private.ray_constants as constants
      import ray.scripts.scripts as scripts


      class _CliConstants(types.ModuleType):
          def __getattr__(self, name):
              return getattr(constants, name)


      view = _CliConstants("ray_constants_for_the_cli")
      view.ENABLE_RAY_CLUSTER = True  # only the CLI's "no multi-node clusters" check sees this
      scripts.ray_constants = view
      sys.argv[0] = "ray"
      sys.exit(scripts.main())
      """;

  /**
   * The environment of a Ray process (or of a script that runs {@code ray}), with {@code HOME=home} and
   * {@code RAY_AUTH_MODE} set from {@code auth} (disabled when it holds no mode).
   *
   * @param auth {@code RAY_AUTH_MODE} and {@code RAY_AUTH_TOKEN} as the Pod would have them; may be empty
   */
  Map<String, String> environment(Path home, Map<String, String> auth) {
    Map<String, String> env = new HashMap<>();
    System.getenv().forEach((name, value) -> {
      if (!name.startsWith("RAY_") && !name.startsWith("KUBERAY_")) {
        env.put(name, value);
      }
    });
    env.put("PATH", ray.getParent() + ":" + System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("HOME", home.toString());
    env.put("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0");
    env.put("RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S", "0");
    env.put("RAY_USAGE_STATS_ENABLED", "0");
    env.put("RAY_AUTH_MODE", auth.getOrDefault("RAY_AUTH_MODE", "disabled"));
    if (auth.containsKey("RAY_AUTH_TOKEN")) {
      env.put("RAY_AUTH_TOKEN", auth.get("RAY_AUTH_TOKEN"));
    }
    return env;
  }

  /** Whether {@code ray health-check --address 127.0.0.1:<gcsPort>} passes (within 30 s). */
  boolean healthCheck(int gcsPort, Map<String, String> env) throws InterruptedException {
    try {
      ProcessBuilder builder = new ProcessBuilder(ray.toString(), "health-check", "--address", "127.0.0.1:" + gcsPort)
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
      builder.environment().clear();
      builder.environment().putAll(env);
      Process check = builder.start();
      try {
        return check.waitFor(30, TimeUnit.SECONDS) && check.exitValue() == 0;
      } finally {
        check.destroyForcibly(); // also when interrupted (the Pod deleted, the sandbox closing): never left behind
      }
    } catch (IOException e) {
      return false;
    }
  }

  /**
   * The HTTP status of {@code GET http://127.0.0.1:<port><path>} (with the bearer token if not null), or -1 if nothing
   * answers.
   */
  static int httpStatus(int port, String path, String token) throws InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .timeout(Duration.ofSeconds(5)).GET();
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    try {
      return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    } catch (IOException e) {
      return -1;
    }
  }
}
