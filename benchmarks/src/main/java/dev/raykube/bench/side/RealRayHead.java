package dev.raykube.bench.side;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.raykube.bench.BenchClusters;
import dev.raykube.testkit.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A real Ray head from the e2e cache's venv ({@code RAYKUBE_RAY_VENV}, else {@code <cache>/ray/2.60.0/venv}), outside
 * any Pod: {@code ray start --head --block} on loopback with free ports, 4 CPUs, no auth, private HOME and temp dir.
 * The harness reads jobs from its dashboard directly (not through the relay, so it is never counted).
 */
final class RealRayHead implements AutoCloseable {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final Process process;
  private final int dashboardPort;
  private final Path dir;

  private RealRayHead(Process process, int dashboardPort, Path dir) {
    this.process = process;
    this.dashboardPort = dashboardPort;
    this.dir = dir;
  }

  /** Starts a head and waits until its dashboard answers (about 10-20 s). */
  static RealRayHead start() throws IOException {
    Path venv = Path.of(Optional.ofNullable(System.getenv("RAYKUBE_RAY_VENV")).orElse(
        System.getProperty("user.home") + "/.cache/raykube/ray/2.60.0/venv"));
    Path ray = venv.resolve("bin/ray");
    if (!Files.isExecutable(ray)) {
      throw new IllegalStateException(ray + " is missing: run local/provision");
    }
    Path dir = Files.createTempDirectory(Path.of("/tmp"), "rkb");
    Files.createDirectories(dir.resolve("home"));
    int dashboard = FreePorts.onLoopback();
    // setsid: its own process group, so that close() can end every process the head started
    ProcessBuilder builder = new ProcessBuilder("setsid", ray.toString(), "start", "--head", "--block",
        "--node-ip-address=127.0.0.1", "--port=" + FreePorts.onLoopback(),
        "--dashboard-host=127.0.0.1", "--dashboard-port=" + dashboard,
        "--ray-client-server-port=" + FreePorts.onLoopback(),
        "--dashboard-agent-listen-port=" + FreePorts.onLoopback(),
        "--num-cpus=4", "--object-store-memory=100000000", "--temp-dir=" + dir.resolve("r"),
        "--disable-usage-stats").redirectErrorStream(true).redirectOutput(dir.resolve("ray-start.log").toFile());
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(k -> k.startsWith("RAY_"));
    env.put("PATH", venv.resolve("bin") + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
    env.put("HOME", dir.resolve("home").toString());
    env.put("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0");
    env.put("RAY_GRACEFUL_SHUTDOWN_DRAIN_TIMEOUT_S", "0");
    env.put("RAY_USAGE_STATS_ENABLED", "0");
    env.put("RAY_AUTH_MODE", "disabled");
    RealRayHead head = new RealRayHead(builder.start(), dashboard, dir);
    BenchClusters.await(Duration.ofMinutes(2), Duration.ofMillis(500), "Ray head dashboard", () -> {
      if (!head.process.isAlive()) {
        throw new IllegalStateException("ray start exited; see " + dir.resolve("ray-start.log"));
      }
      return head.get("/api/version").isPresent();
    });
    return head;
  }

  /** Where the dashboard listens. */
  InetSocketAddress dashboard() {
    return new InetSocketAddress("127.0.0.1", dashboardPort);
  }

  /** {@code GET /api/jobs/<id>}: the job's details, empty if unknown. */
  Optional<JsonNode> job(String submissionId) {
    return get("/api/jobs/" + submissionId);
  }

  /** {@code GET /api/jobs/}: every job the head knows (empty if it does not answer). */
  List<JsonNode> jobs() {
    List<JsonNode> jobs = new ArrayList<>();
    get("/api/jobs/").ifPresent(list -> list.forEach(jobs::add));
    return jobs;
  }

  /** Submits {@code entrypoint} ({@code POST /api/jobs/}); returns the submission id. */
  String submit(String entrypoint) {
    try {
      HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url("/api/jobs/"))
          .POST(HttpRequest.BodyPublishers.ofString(JSON.writeValueAsString(Map.of("entrypoint", entrypoint))))
          .header("Content-Type", "application/json").timeout(Duration.ofSeconds(10)).build(),
          HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("submit answered " + response.statusCode() + ": " + response.body());
      }
      return JSON.readTree(response.body()).path("submission_id").asText();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private Optional<JsonNode> get(String path) {
    try {
      HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(url(path)).timeout(Duration.ofSeconds(5))
          .build(), HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 ? Optional.of(JSON.readTree(response.body())) : Optional.empty();
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private URI url(String path) {
    return URI.create("http://127.0.0.1:" + dashboardPort + path);
  }

  @Override
  public void close() {
    process.destroy();
    try {
      process.waitFor(20, TimeUnit.SECONDS);
      new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).start().waitFor(10, TimeUnit.SECONDS);
    } catch (IOException e) {
      System.err.println("cannot kill the Ray head's process group: " + e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ProcessBuilder cleanup = new ProcessBuilder("rm", "-rf", dir.toString());
    try {
      cleanup.start().waitFor(30, TimeUnit.SECONDS);
    } catch (IOException | InterruptedException e) {
      System.err.println("cannot remove " + dir + ": " + e);
    }
  }
}
