package dev.raykube.operator.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A child JVM running a main class on the test classpath (or a jar), with its standard output and error collected line
 * by line, each line stamped with the time it arrived.
 */
public final class JavaProcess implements AutoCloseable {

  /** One output line and when it was read (System.nanoTime). */
  public record Line(String text, long nanos) {
  }

  private final Process process;
  private final List<Line> out = new CopyOnWriteArrayList<>();
  private final List<Line> err = new CopyOnWriteArrayList<>();
  private final Thread outReader;
  private final Thread errReader;

  private JavaProcess(Process process) {
    this.process = process;
    this.outReader = pump(process.getInputStream(), out, "stdout");
    this.errReader = pump(process.getErrorStream(), err, "stderr");
  }

  /** Starts {@code mainClass} on this JVM's classpath. */
  public static JavaProcess mainClass(Class<?> mainClass, List<String> args, Map<String, String> env) {
    List<String> command = new ArrayList<>(List.of(javaExecutable(), "-cp", System.getProperty("java.class.path"),
        mainClass.getName()));
    command.addAll(args);
    return start(command, env);
  }

  /** Starts {@code java -jar jar}. */
  public static JavaProcess jar(Path jar, List<String> jvmArgs, List<String> args, Map<String, String> env) {
    List<String> command = new ArrayList<>(List.of(javaExecutable()));
    command.addAll(jvmArgs);
    command.addAll(List.of("-jar", jar.toString()));
    command.addAll(args);
    return start(command, env);
  }

  private static JavaProcess start(List<String> command, Map<String, String> env) {
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.equals("KUBECONFIG") || name.equals("WATCH_NAMESPACE"));
    builder.environment().putAll(env);
    try {
      return new JavaProcess(builder.start());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String javaExecutable() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static Thread pump(InputStream stream, List<Line> sink, String name) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          sink.add(new Line(line, System.nanoTime()));
        }
      } catch (IOException e) {
        // the process ended
      }
    }, "java-process-" + name);
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  /** Waits for the process to end and returns its exit code; kills it after {@code timeout}. */
  public int waitFor(Duration timeout) {
    try {
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("Process did not end within " + timeout + "; stdout: " + stdout() + " stderr: "
            + stderr());
      }
      outReader.join(5000);
      errReader.join(5000);
      return process.exitValue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** Waits until a standard-output line matches, returning it; fails after {@code timeout} or if the process ends. */
  public Line awaitStdout(Duration timeout, Predicate<String> match) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      for (Line line : out) {
        if (match.test(line.text())) {
          return line;
        }
      }
      if (!process.isAlive()) {
        break;
      }
      try {
        Thread.sleep(5);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
    throw new AssertionError("No matching output line (alive: " + process.isAlive() + "); stdout: " + stdout()
        + " stderr: " + stderr());
  }

  /**
   * Sends SIGTERM. Through the process handle: {@link Process#destroy()} would also close our ends of the output
   * pipes, losing what the process writes while it shuts down.
   */
  public void terminate() {
    process.toHandle().destroy();
  }

  /** The process id. */
  public long pid() {
    return process.pid();
  }

  /** Standard output lines so far. */
  public List<String> stdout() {
    return out.stream().map(Line::text).toList();
  }

  /** Standard error lines so far. */
  public List<String> stderr() {
    return err.stream().map(Line::text).toList();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
  }
}
