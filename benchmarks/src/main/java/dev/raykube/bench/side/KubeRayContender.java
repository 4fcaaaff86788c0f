package dev.raykube.bench.side;

import dev.raykube.testkit.FreePorts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * KubeRay's operator, the baseline arm: {@code github.com/ray-project/kuberay/ray-operator} at {@value #VERSION}, built
 * from the Go module proxy by {@code benchmarks/build-kuberay} and cached beside {@code local/provision}'s binaries. Run with its defaults (reconcile concurrency 1, QPS
 * 100, burst 200), except leader election off and metrics and health on free loopback ports; it reaches dashboards
 * and Pod IPs (a Serve proxy's health) through {@code HTTP_PROXY} (see {@link DashboardProxy}).
 */
final class KubeRayContender implements Contender {

  static final String VERSION = "v1.5.0";
  /** The control plane user KubeRay's operator runs as. */
  static final String USER = "kuberay";

  private final Path binary;

  private KubeRayContender(Path binary) {
    this.binary = binary;
  }

  /**
   * The cached binary: {@code benchmarks/build-kuberay} builds it first if it is missing (about 3 minutes on 2 cores
   * with a warm Go module cache; its progress goes to this process's error stream).
   */
  static KubeRayContender build(Path root) {
    ProcessBuilder builder = new ProcessBuilder(root.resolve("benchmarks/build-kuberay").toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT);
    builder.environment().put("KUBERAY_VERSION", VERSION);
    try {
      Process process = builder.start();
      String binary = new String(process.getInputStream().readAllBytes()).strip();
      if (!process.waitFor(30, TimeUnit.MINUTES) || process.exitValue() != 0 || !Files.isExecutable(Path.of(binary))) {
        throw new IllegalStateException("benchmarks/build-kuberay failed (see its output above)");
      }
      return new KubeRayContender(Path.of(binary));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    }
  }

  @Override
  public String name() {
    return "KubeRay " + VERSION;
  }

  @Override
  public String user() {
    return USER;
  }

  @Override
  public RunningOperator start(Path kubeconfig, DashboardRoutes routes, Path log) {
    List<String> command = List.of(binary.toString(), "--kubeconfig=" + kubeconfig,
        "--enable-leader-election=false",
        "--metrics-addr=127.0.0.1:" + FreePorts.onLoopback(),
        "--health-probe-bind-address=127.0.0.1:" + FreePorts.onLoopback());
    return RunningOperator.start(name(), command,
        Map.of("HTTP_PROXY", routes.httpProxy(), "NO_PROXY", "127.0.0.1,localhost"), log);
  }
}
