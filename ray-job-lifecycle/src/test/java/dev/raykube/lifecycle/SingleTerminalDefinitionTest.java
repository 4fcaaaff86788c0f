package dev.raykube.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Issue 4, item 1: {@link TerminalStates} is the only definition of terminal states. Scans {@code src/main/java} of
 * every module of the repository for a second one and fails naming file and line.
 */
class SingleTerminalDefinitionTest {

  private static final String THE_DEFINITION =
      "ray-job-lifecycle/src/main/java/dev/raykube/lifecycle/TerminalStates.java";

  /**
   * Files allowed to hold their own list, with the reason. Each entry must still match, or the test fails (no stale
   * exceptions).
   */
  private static final Map<String, String> ALLOWED = Map.of(
      "ray-dashboard-fake/src/main/java/dev/raykube/dashboard/fake/FakeJob.java",
      "the fake plays Ray's server, whose own JobStatus.is_terminal() it reproduces; by the module rules it depends "
          + "only on mockwebserver3 and Moshi, so it cannot call ray-job-lifecycle");

  @Test
  @DisplayName("no module's src/main/java defines terminal states a second time")
  void onlyOneDefinition() throws IOException {
    Path root = repositoryRoot();
    Map<String, List<TerminalDefinitionScanner.Finding>> byFile = new TreeMap<>();
    List<Path> sources = mainSources(root);
    for (Path file : sources) {
      String relative = root.relativize(file).toString().replace('\\', '/');
      List<TerminalDefinitionScanner.Finding> findings = TerminalDefinitionScanner.scan(relative,
          Files.readString(file));
      if (!findings.isEmpty()) {
        byFile.put(relative, findings);
      }
    }
    List<String> relatives = sources.stream().map(p -> root.relativize(p).toString().replace('\\', '/')).toList();
    assertThat(relatives).as("the scan covers the modules").contains(THE_DEFINITION,
        "ray-api-model/src/main/java/dev/raykube/model/job/JobStatus.java",
        "ray-dashboard-client/src/main/java/dev/raykube/dashboard/JobStatus.java");
    assertThat(byFile).as("the scanner recognizes the real definition").containsKey(THE_DEFINITION);

    List<String> violations = new ArrayList<>();
    byFile.forEach((file, findings) -> {
      if (!file.equals(THE_DEFINITION) && !ALLOWED.containsKey(file)) {
        findings.forEach(f -> violations.add(f.toString()));
      }
    });
    assertThat(violations).as("Terminal states are defined once, in " + THE_DEFINITION
        + "; call TerminalStates.isTerminal(...) instead of listing states").isEmpty();
    for (String allowed : ALLOWED.keySet()) {
      assertThat(byFile).as("stale exception: " + allowed + " no longer lists terminal states; remove it from ALLOWED")
          .containsKey(allowed);
    }
  }

  private static List<Path> mainSources(Path root) throws IOException {
    List<Path> found = new ArrayList<>();
    Files.walkFileTree(root, new SimpleFileVisitor<>() {
      @Override
      public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
        boolean skip = !dir.equals(root) && (name.startsWith(".") || name.equals("target")
            || name.equals("node_modules"));
        return skip ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
        String s = root.relativize(file).toString().replace('\\', '/');
        if (s.endsWith(".java") && s.contains("/src/main/java/")) {
          found.add(file);
        }
        return FileVisitResult.CONTINUE;
      }

      @Override
      public FileVisitResult visitFileFailed(Path file, IOException e) {
        return FileVisitResult.CONTINUE; // unreadable scratch directories are not sources
      }
    });
    found.sort(null);
    return found;
  }

  /** The repository root: the nearest directory above the module with the Maven wrapper and an aggregator pom. */
  static Path repositoryRoot() throws IOException {
    String basedir = System.getProperty("basedir");
    Path start = (basedir != null ? Path.of(basedir) : Path.of("")).toAbsolutePath().normalize();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      Path pom = dir.resolve("pom.xml");
      if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isRegularFile(pom)
          && Files.readString(pom).contains("<module>ray-job-lifecycle</module>")) {
        return dir;
      }
    }
    throw new IllegalStateException("no repository root (mvnw + pom.xml listing ray-job-lifecycle) above " + start);
  }
}
