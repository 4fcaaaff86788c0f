package dev.raykube.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Checks on the sources that a package of decisions is pure: no I/O import (files, sockets, HTTP, the Kubernetes
 * client and its informers — its JSON serialization is allowed —, the dashboard client, the recorders that write), no clock read, no randomness, no threads, no logging or
 * output, and no file over 400 lines. Comments do not count. A module's purity test lists the problems of its pure
 * packages and expects none:
 *
 * <pre>{@code
 * assertThat(PurePackage.at(moduleDir, "dev.raykube.job.decide").problems()).isEmpty();
 * }</pre>
 *
 * <p>A pure package may still draw randomness through one injected source: name the files allowed to
 * ({@link #allowingRandomnessIn}).
 */
public final class PurePackage {

  /** Imports a pure package must not have (prefixes). */
  public static final List<String> FORBIDDEN_IMPORTS = List.of("java.io.", "java.net.", "java.nio.file.",
      "java.nio.channels.", "okhttp3.", "okio.", "io.fabric8.kubernetes.client.KubernetesClient",
      "io.fabric8.kubernetes.client.dsl.", "io.fabric8.kubernetes.client.informers.", "java.util.concurrent.",
      "org.slf4j.", "java.lang.Thread", "io.javaoperatorsdk.", "dev.raykube.dashboard.RayDashboardClient",
      "dev.raykube.reconcile.EventRecorder", "dev.raykube.reconcile.StatusRecorder",
      "dev.raykube.reconcile.OwnedObjects");

  /** Calls a pure package must not make. */
  public static final List<String> FORBIDDEN_CALLS = List.of("Instant.now(", "Clock.", "System.currentTimeMillis",
      "System.nanoTime", "LocalDateTime.now(", "ZonedDateTime.now(", "new Random(", "Math.random",
      "ThreadLocalRandom", "UUID.randomUUID", "SecureRandom", "System.out", "System.err", "System.getenv",
      "System.exit", "Thread.sleep");

  /** The longest file a package of decisions may have. */
  public static final int MAX_LINES = 400;

  private static final Pattern IMPORT = Pattern.compile("(?m)^import\\s+(static\\s+)?([\\w.]+)");

  private final Path directory;
  private final Set<String> randomnessAllowed;

  private PurePackage(Path directory, Set<String> randomnessAllowed) {
    this.directory = directory;
    this.randomnessAllowed = randomnessAllowed;
  }

  /**
   * The package {@code packageName} under {@code moduleDir/src/main/java}.
   *
   * @param moduleDir the module's directory (Maven's {@code basedir})
   * @param packageName e.g. {@code dev.raykube.job.decide}
   * @return the check
   */
  public static PurePackage at(Path moduleDir, String packageName) {
    return new PurePackage(moduleDir.resolve("src/main/java").resolve(packageName.replace('.', '/')), Set.of());
  }

  /**
   * The module directory of a test run: Maven's {@code basedir}, else the working directory, or its child
   * {@code module} when the tests run from the repository's root.
   *
   * @param module the module's directory name, e.g. {@code ray-job-lifecycle}
   * @return the directory
   */
  public static Path moduleDir(String module) {
    String basedir = System.getProperty("basedir");
    Path dir = basedir != null ? Path.of(basedir) : Path.of("").toAbsolutePath();
    return Files.isDirectory(dir.resolve("src/main/java")) ? dir : dir.resolve(module);
  }

  /**
   * The same check, letting the named files draw randomness (the one injected source of a package).
   *
   * @param fileNames e.g. {@code RandomNameSuffixes.java}
   * @return the check
   */
  public PurePackage allowingRandomnessIn(String... fileNames) {
    return new PurePackage(directory, Set.of(fileNames));
  }

  /** The package's source files, sorted. */
  public List<Path> files() {
    try (Stream<Path> list = Files.list(directory)) {
      return list.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + directory, e);
    }
  }

  /**
   * What makes the package impure, one line per problem; empty when it is pure.
   *
   * @return the problems
   * @throws IllegalStateException if the package has no source file (a wrong directory would pass silently)
   */
  public List<String> problems() {
    List<Path> files = files();
    if (files.isEmpty()) {
      throw new IllegalStateException("no Java source in " + directory);
    }
    List<String> problems = new ArrayList<>();
    for (Path file : files) {
      try {
        problems.addAll(problems(file.getFileName().toString(), Files.readString(file)));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file, e);
      }
    }
    return problems;
  }

  /**
   * What makes one source impure.
   *
   * @param fileName its name, e.g. {@code RayJobStateMachine.java}
   * @param source its text
   * @return the problems
   */
  public List<String> problems(String fileName, String source) {
    Objects.requireNonNull(source, "source");
    String code = stripComments(source);
    List<String> problems = new ArrayList<>();
    Matcher m = IMPORT.matcher(code);
    while (m.find()) {
      for (String forbidden : FORBIDDEN_IMPORTS) {
        if (m.group(2).startsWith(forbidden)) {
          problems.add(fileName + " imports " + m.group(2));
        }
      }
    }
    for (String call : FORBIDDEN_CALLS) {
      boolean random = call.contains("Random") || call.contains("random");
      if (code.contains(call) && !(random && randomnessAllowed.contains(fileName))) {
        problems.add(fileName + " uses " + call);
      }
    }
    if (source.lines().count() > MAX_LINES) {
      problems.add(fileName + " has more than " + MAX_LINES + " lines");
    }
    return problems;
  }

  private static String stripComments(String source) {
    return source.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("(?m)//.*$", "");
  }
}
