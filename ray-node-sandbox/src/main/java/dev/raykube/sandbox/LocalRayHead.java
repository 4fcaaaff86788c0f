package dev.raykube.sandbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A real Ray head outside any Pod, started the way the node simulator starts a head Pod's ({@code setsid ray start
 * --head --block}, loopback only, 1 CPU, 100 MB object store, private HOME and temp dir, no auth), for tests that need
 * a head under their own control: the GCS readiness script, the dashboard client's contract suite. Stopped with
 * SIGTERM to the {@code ray start} process and SIGKILL to its group after 20 s.
 */
public final class LocalRayHead implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(LocalRayHead.class);

  private final RayInstallation ray;
  private final ClusterPorts ports;
  private final Path dir;
  private final Map<String, String> env;
  private final RayProcess process;

  private LocalRayHead(RayInstallation ray, ClusterPorts ports, Path dir) {
    this.ray = ray;
    this.ports = ports;
    this.dir = dir;
    this.env = ray.environment(dir.resolve("home"), Map.of());
    this.process = RayProcess.start("local head " + ports.gcs(), ray.headStart(ports, dir.resolve("r")), env,
        dir.resolve("ray-start.log"), false);
  }

  /** Starts a head on free ports; returns at once (see {@link #awaitUp(Duration)}). */
  public static LocalRayHead start() {
    PortAllocator allocator = new PortAllocator();
    return start(allocator.next(), allocator);
  }

  /** Starts a head whose GCS listens on {@code gcsPort} (the other ports are free ones); returns at once. */
  public static LocalRayHead start(int gcsPort) {
    return start(gcsPort, new PortAllocator());
  }

  private static LocalRayHead start(int gcsPort, PortAllocator allocator) {
    ClusterPorts ports = new ClusterPorts(gcsPort, allocator.next(), allocator.next(), allocator.next(),
        allocator.next());
    try {
      Path dir = Files.createTempDirectory(Path.of("/tmp"), "rkh");
      Files.createDirectories(dir.resolve("home"));
      return new LocalRayHead(RayInstallation.fromEnvironment(), ports, dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a temp dir for a Ray head", e);
    }
  }

  /** A free port on 127.0.0.1 (for a GCS port to wait on before any head listens there). */
  public static int freePort() {
    return new PortAllocator().next();
  }

  /**
   * The environment a Ray CLI client or a script running {@code ray} needs for loopback heads: the machine's
   * environment without Ray's variables, the venv first on {@code PATH}, {@code RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER=0},
   * {@code RAY_AUTH_MODE=disabled}, HOME = {@code home}.
   */
  public static Map<String, String> clientEnvironment(Path home) {
    return RayInstallation.fromEnvironment().environment(home, Map.of());
  }

  public int gcsPort() {
    return ports.gcs();
  }

  /** {@code 127.0.0.1:<gcs port>}. */
  public String gcsAddress() {
    return "127.0.0.1:" + ports.gcs();
  }

  /** {@code http://127.0.0.1:<dashboard port>}. */
  public String dashboardUrl() {
    return "http://127.0.0.1:" + ports.dashboard();
  }

  /** The process group of the {@code ray start} process. */
  public long processGroup() {
    return process.pid();
  }

  /** One {@code ray health-check --address 127.0.0.1:<gcs>}: whether it passed. */
  public boolean healthCheck() throws InterruptedException {
    return ray.healthCheck(ports.gcs(), env);
  }

  /** Waits until the GCS passes {@code ray health-check} and the dashboard answers {@code /api/gcs_healthz}. */
  public void awaitUp(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!(healthCheck() && RayInstallation.httpStatus(ports.dashboard(), "/api/gcs_healthz", null) == 200)) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new IllegalStateException("Ray head on GCS port " + ports.gcs() + " not up (alive: "
            + process.isAlive() + "); output:\n" + process.tail(30));
      }
      Thread.sleep(500);
    }
    log.info("local Ray head up: GCS {}, dashboard {}", gcsAddress(), dashboardUrl());
  }

  @Override
  public void close() {
    process.stop(NodeSimulator.STOP_TIMEOUT);
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      log.debug("cannot remove {}: {}", dir, e.getMessage());
    }
  }
}
