package dev.raykube.bench.soak;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Faults of the control plane that {@code local/start-control-plane} started in {@code state}: the kube-apiserver
 * stopped (SIGTERM, SIGKILL after 10 s: it waits for its long-running watches otherwise) and started again with the same command line, its
 * new pid in the pid file so that {@code local/stop-control-plane} still stops it; etcd paused (SIGSTOP, SIGCONT
 * later), which the API server sees as a hung database.
 */
final class ControlPlaneFaults {

  private final Path state;
  private final KubernetesClient admin;

  ControlPlaneFaults(Path state, KubernetesClient admin) {
    this.state = state;
    this.admin = admin;
  }

  /** Restarts the API server; returns how long it did not answer (stop → {@code /readyz} ok). */
  Duration restartApiServer() throws IOException, InterruptedException {
    Path pidFile = state.resolve("pids/kube-apiserver.pid");
    long pid = Long.parseLong(Files.readString(pidFile).strip());
    ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException(
        "kube-apiserver (pid " + pid + ") is not running"));
    List<String> command = commandLine(pid);
    Instant stopped = Instant.now();
    process.destroy();
    try {
      process.onExit().get(10, TimeUnit.SECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      process.destroyForcibly();
    }
    List<String> launch = new ArrayList<>(List.of("setsid", "bash", "-c", "echo $$ >\"$0\"; exec \"$@\"",
        pidFile.toString()));
    launch.addAll(command);
    new ProcessBuilder(launch).redirectInput(Redirect.from(Path.of("/dev/null").toFile()))
        .redirectErrorStream(true).redirectOutput(Redirect.appendTo(state.resolve("logs/kube-apiserver.log").toFile()))
        .start();
    awaitReady(Duration.ofMinutes(2));
    return Duration.between(stopped, Instant.now());
  }

  /** Pauses etcd for {@code pause}. */
  void pauseEtcd(Duration pause) throws IOException, InterruptedException {
    long pid = Long.parseLong(Files.readString(state.resolve("pids/etcd.pid")).strip());
    signal("STOP", pid);
    try {
      Thread.sleep(pause.toMillis());
    } finally {
      signal("CONT", pid);
    }
  }

  private void awaitReady(Duration timeout) throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (Instant.now().isBefore(deadline)) {
      try {
        if ("ok".equals(admin.raw("/readyz"))) {
          return;
        }
      } catch (RuntimeException notYet) {
        // connection refused while it starts
      }
      Thread.sleep(250);
    }
    throw new IllegalStateException("kube-apiserver not ready " + timeout.toSeconds() + " s after its restart; see "
        + state.resolve("logs/kube-apiserver.log"));
  }

  private static List<String> commandLine(long pid) throws IOException {
    byte[] raw = Files.readAllBytes(Path.of("/proc", String.valueOf(pid), "cmdline"));
    String text = new String(raw, StandardCharsets.UTF_8);
    return Arrays.asList(text.substring(0, text.length() - 1).split("\0"));
  }

  private static void signal(String signal, long pid) throws IOException, InterruptedException {
    Process kill = new ProcessBuilder("kill", "-" + signal, String.valueOf(pid)).inheritIO().start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new UncheckedIOException(new IOException("kill -" + signal + " " + pid + " failed"));
    }
  }
}
