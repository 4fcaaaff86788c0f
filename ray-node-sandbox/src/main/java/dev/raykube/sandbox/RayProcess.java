package dev.raykube.sandbox;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One process the simulator runs in a session of its own ({@code setsid}, so its pid is also its process group id):
 * a {@code ray start --block}, or a {@code wait-gcs-ready} script. Its output goes to a file, and each line is also
 * logged at INFO when {@code echo} is set. {@link #stop(Duration)} sends SIGTERM to that one process (a
 * {@code ray start --block} stops its own children) and SIGKILL to the whole group if anything is left after the
 * timeout. Never anything broader: other Ray processes on the machine are not ours.
 */
final class RayProcess {

  private static final Logger log = LoggerFactory.getLogger(RayProcess.class);

  private final String name;
  private final Process process;
  private final Path output;

  private RayProcess(String name, Process process, Path output) {
    this.name = name;
    this.process = process;
    this.output = output;
  }

  /**
   * Starts {@code setsid <command>} with exactly {@code env} as its environment.
   *
   * @param name what to call it in logs, e.g. {@code ns/pod head}
   * @param echo whether to log each output line
   */
  static RayProcess start(String name, List<String> command, Map<String, String> env, Path output, boolean echo) {
    List<String> full = new ArrayList<>();
    full.add("setsid");
    full.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(full).redirectErrorStream(true)
        .redirectInput(ProcessBuilder.Redirect.from(Path.of("/dev/null").toFile()));
    builder.environment().clear();
    builder.environment().putAll(env);
    if (!echo) {
      builder.redirectOutput(output.toFile());
    }
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + ": " + String.join(" ", full), e);
    }
    RayProcess started = new RayProcess(name, process, output);
    if (echo) {
      started.pumpOutput();
    }
    log.info("{}: started pid {} ({}), output {}", name, process.pid(), String.join(" ", command), output);
    return started;
  }

  private void pumpOutput() {
    Thread pump = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
          var file = java.nio.file.Files.newBufferedWriter(output, StandardCharsets.UTF_8)) {
        String line;
        while ((line = reader.readLine()) != null) {
          log.info("{} | {}", name, line);
          file.write(line);
          file.newLine();
          file.flush();
        }
      } catch (IOException e) {
        log.debug("{}: output ended: {}", name, e.getMessage());
      }
    }, "node-sim-output-" + process.pid());
    pump.setDaemon(true);
    pump.start();
  }

  long pid() {
    return process.pid();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  /** Waits for the process to exit; returns its exit code, or {@code null} on timeout. */
  Integer waitFor(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : null;
  }

  /** The process's output so far (the last {@code lines} lines). */
  String tail(int lines) {
    try {
      List<String> all = java.nio.file.Files.readAllLines(output, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException e) {
      return "(no output: " + e.getMessage() + ")";
    }
  }

  /**
   * SIGTERM to the process, then waits until its whole process group is gone; SIGKILL to the group after
   * {@code timeout}. Returns once nothing of the group is left (or after a further 10 s).
   */
  void stop(Duration timeout) {
    long pid = process.pid();
    long started = System.nanoTime();
    if (process.isAlive()) {
      signal("-TERM", Long.toString(pid));
    }
    boolean gone = awaitGroupGone(pid, timeout);
    if (!gone) {
      log.warn("{}: process group {} still alive {} ms after SIGTERM; sending SIGKILL to the group", name, pid,
          timeout.toMillis());
      signal("-KILL", "-" + pid);
      gone = awaitGroupGone(pid, Duration.ofSeconds(10));
    }
    try {
      process.waitFor(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    long millis = (System.nanoTime() - started) / 1_000_000;
    if (gone) {
      log.info("{}: process group {} stopped in {} ms", name, pid, millis);
    } else {
      log.error("{}: process group {} survived SIGKILL for 10 s", name, pid);
    }
  }

  /** Whether any process of group {@code pgid} is alive ({@code kill -0 -- -pgid}). */
  static boolean groupAlive(long pgid) {
    return signal("-0", "-" + pgid);
  }

  private static boolean awaitGroupGone(long pgid, Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (groupAlive(pgid)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      try {
        Thread.sleep(200);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return !groupAlive(pgid);
      }
    }
    return true;
  }

  private static boolean signal(String signal, String target) {
    try {
      Process kill = new ProcessBuilder("kill", signal, "--", target).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot run kill", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public String toString() {
    return name + " (pid " + process.pid() + ")";
  }
}
