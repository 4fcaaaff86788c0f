package dev.raykube.model;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Locates files of the repository outside this module for tests: the sample manifests in {@code examples/manifests}
 * and the committed CRD copies in {@code ray-operator/deploy/crds}. Maven passes both directories as system
 * properties; without them (an IDE run) the directories are searched upwards from the working directory, so the tests
 * work from the repository root and from the module directory alike.
 */
final class ProjectPaths {

  private ProjectPaths() {
  }

  static Path manifestsDir() {
    return resolve("raykube.manifests.dir", Path.of("examples", "manifests"));
  }

  static Path crdsDir() {
    return resolve("raykube.crds.dir", Path.of("ray-operator", "deploy", "crds"));
  }

  private static Path resolve(String property, Path relative) {
    String configured = System.getProperty(property);
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured).toAbsolutePath().normalize();
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve(relative);
      if (Files.isDirectory(candidate)) {
        return candidate.normalize();
      }
    }
    throw new IllegalStateException("cannot find " + relative + " above " + Path.of("").toAbsolutePath()
        + "; set -D" + property);
  }
}
