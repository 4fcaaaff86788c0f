package dev.raykube.bench.side;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * An operator process of one arm: started with its output to a log file, measured through {@code /proc}, stopped with
 * SIGTERM (SIGKILL after 20 s).
 */
final class RunningOperator implements AutoCloseable {

  private final String name;
  private final Process process;
  private final Instant started;
  private final Path log;

  private RunningOperator(String name, Process process, Instant started, Path log) {
    this.name = name;
    this.process = process;
    this.started = started;
    this.log = log;
  }

  /** Starts {@code command} with {@code env} added to this process's environment (minus KUBECONFIG). */
  static RunningOperator start(String name, List<String> command, Map<String, String> env, Path log) {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().remove("KUBECONFIG");
    builder.environment().putAll(env);
    try {
      Instant started = Instant.now();
      return new RunningOperator(name, builder.start(), started, log);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start " + name + ": " + command, e);
    }
  }

  /** When the process was started (wall clock, to compare with the audit log's timestamps). */
  Instant started() {
    return started;
  }

  /** Resident set size now, in bytes. */
  long rss() {
    return statusField("VmRSS");
  }

  /** Peak resident set size since start, in bytes. */
  long peakRss() {
    return statusField("VmHWM");
  }

  /** Threads now. */
  long threads() {
    return statusField("Threads");
  }

  /**
   * CPU time the process has used since it started (user + system, from {@code /proc/<pid>/stat}), in seconds; a
   * Go binary and a JVM spend it differently, but on a machine the API server shares it is what they take from it.
   */
  double cpuSeconds() {
    requireAlive();
    try {
      String stat = Files.readString(Path.of("/proc", String.valueOf(process.pid()), "stat"));
      String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
      long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
      return ticks / (double) CLOCK_TICKS;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code getconf CLK_TCK}: 100 on Linux for every architecture the kernel ships. */
  private static final int CLOCK_TICKS = 100;

  /** Fails if the process has exited. */
  void requireAlive() {
    if (!process.isAlive()) {
      throw new IllegalStateException(name + " exited with " + process.exitValue() + "; log " + log + ":\n"
          + tail());
    }
  }

  private long statusField(String field) {
    requireAlive();
    try {
      for (String line : Files.readAllLines(Path.of("/proc", String.valueOf(process.pid()), "status"))) {
        if (line.startsWith(field + ":")) {
          String[] words = line.substring(field.length() + 1).trim().split("\\s+");
          long value = Long.parseLong(words[0]);
          return words.length > 1 && words[1].equals("kB") ? value * 1024 : value;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new IllegalStateException("no " + field + " in /proc/" + process.pid() + "/status");
  }

  private String tail() {
    try {
      List<String> lines = Files.readAllLines(log);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  /** SIGKILL, and waits until the process has exited. */
  void kill() {
    process.destroyForcibly();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        throw new IllegalStateException(name + " still runs 10 s after SIGKILL");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
