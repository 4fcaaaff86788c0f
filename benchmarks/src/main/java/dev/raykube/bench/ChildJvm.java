package dev.raykube.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A child {@code java} process of a benchmark: its standard output and error are read line by line, and the arrival
 * time ({@link System#nanoTime}) of the first line matching a watched predicate is kept, as well as that of the first
 * line containing each of some marker strings.
 */
public final class ChildJvm implements AutoCloseable {

  private final Process process;
  private final Predicate<String> watched;
  private final List<String> lines = new ArrayList<>();
  private final Map<String, Long> markerNanos = new ConcurrentHashMap<>();
  private final List<String> markers;
  private volatile long watchedLineNanos = -1;

  private ChildJvm(List<String> command, Predicate<String> watched, List<String> markers) {
    this.watched = watched;
    this.markers = List.copyOf(markers);
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().remove("KUBECONFIG");
    builder.environment().remove("WATCH_NAMESPACE");
    try {
      this.process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Thread reader = new Thread(this::pump, "child-jvm-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** {@code java [jvmArgs] -jar jar args}. */
  public static ChildJvm jar(Path jar, List<String> jvmArgs, List<String> args, Predicate<String> watched) {
    return jar(jar, jvmArgs, args, watched, List.of());
  }

  /** {@code java [jvmArgs] -jar jar args}, timing the first line containing each of {@code markers}. */
  public static ChildJvm jar(Path jar, List<String> jvmArgs, List<String> args, Predicate<String> watched,
      List<String> markers) {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(jvmArgs);
    command.addAll(List.of("-jar", jar.toString()));
    command.addAll(args);
    return new ChildJvm(command, watched, markers);
  }

  /** {@code java [jvmArgs] -cp <this JVM's class path> mainClass}. */
  public static ChildJvm mainClass(Class<?> mainClass, List<String> jvmArgs, Predicate<String> watched) {
    List<String> command = new ArrayList<>(List.of(java()));
    command.addAll(jvmArgs);
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass.getName()));
    return new ChildJvm(command, watched, List.of());
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private void pump() {
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        long now = System.nanoTime();
        if (watchedLineNanos < 0 && watched.test(line)) {
          watchedLineNanos = now;
        }
        for (String marker : markers) {
          if (line.contains(marker)) {
            markerNanos.putIfAbsent(marker, now);
          }
        }
        synchronized (lines) {
          lines.add(line);
        }
      }
    } catch (IOException e) {
      // the process ended
    }
  }

  /** When the first line containing {@code marker} arrived, or -1. */
  public long markerNanos(String marker) {
    return markerNanos.getOrDefault(marker, -1L);
  }

  /** When the first watched line arrived, or -1. */
  public long watchedLineNanos() {
    return watchedLineNanos;
  }

  /** The first watched line, waiting up to {@code timeoutMillis}; fails if the process ends first. */
  public String awaitWatchedLine(long timeoutMillis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    while (System.nanoTime() < deadline) {
      synchronized (lines) {
        for (String line : lines) {
          if (watched.test(line)) {
            return line;
          }
        }
      }
      if (!process.isAlive() && watchedLineNanos < 0) {
        break;
      }
      BenchClusters.sleep(5);
    }
    throw new IllegalStateException("child JVM printed no expected line; output: " + output());
  }

  /** Waits for the end; returns the exit code. */
  public int waitFor(long timeoutMillis) {
    try {
      if (!process.waitFor(timeoutMillis, TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("child JVM did not end; output: " + output());
      }
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The child's standard input (closing it ends {@link MockApiServerMain}). */
  public java.io.OutputStream stdin() {
    return process.getOutputStream();
  }

  /** Everything the child printed so far, standard output and error merged, one line after another. */
  public String output() {
    synchronized (lines) {
      return String.join("\n", lines);
    }
  }

  /** Ends the child: destroys it, forcibly if it has not ended after 10 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
  }
}
