package dev.raykube.operator.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A child JVM running a main class on the test classpath, its standard output and error written to files (so that
 * nothing it prints while it shuts down is lost) and read line by line.
 */
public final class JavaProcess implements AutoCloseable {

  private final Process process;
  private final Path out;
  private final Path err;

  private JavaProcess(Process process, Path out, Path err) {
    this.process = process;
    this.out = out;
    this.err = err;
  }

  /** Starts {@code mainClass} on this JVM's classpath, without the caller's KUBECONFIG and WATCH_NAMESPACE. */
  public static JavaProcess mainClass(Class<?> mainClass, List<String> args, Map<String, String> env) {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), mainClass.getName()));
    command.addAll(args);
    try {
      Path out = Files.createTempFile("java-process-", ".out");
      Path err = Files.createTempFile("java-process-", ".err");
      ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
      builder.environment().keySet().removeIf(name -> name.equals("KUBECONFIG") || name.equals("WATCH_NAMESPACE"));
      builder.environment().putAll(env);
      return new JavaProcess(builder.start(), out, err);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits for the process to end and returns its exit code; kills it and fails after {@code timeout}. */
  public int waitFor(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("Process did not end within " + timeout + "; stdout: " + stdout() + " stderr: "
          + stderr());
    }
    return process.exitValue();
  }

  /** Waits until a standard-output line matches; fails after {@code timeout} or once the process has ended. */
  public void awaitStdout(Duration timeout, Predicate<String> match) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (stdout().stream().noneMatch(match)) {
      if (!process.isAlive() || System.nanoTime() > deadline) {
        throw new AssertionError("No matching output line (alive: " + process.isAlive() + "); stdout: " + stdout()
            + " stderr: " + stderr());
      }
      Thread.sleep(10);
    }
  }

  /** Sends SIGTERM. */
  public void terminate() {
    process.destroy();
  }

  /** Standard output lines so far. */
  public List<String> stdout() {
    return lines(out);
  }

  /** Standard error lines so far. */
  public List<String> stderr() {
    return lines(err);
  }

  private static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    process.destroyForcibly();
    Files.deleteIfExists(out);
    Files.deleteIfExists(err);
  }
}
