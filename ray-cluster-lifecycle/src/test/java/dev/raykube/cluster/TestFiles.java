package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Files of the tests: sample manifests from {@code examples/manifests}, cluster inputs and golden outputs under
 * {@code src/test/resources/golden}.
 *
 * <p>Golden files are compared byte for byte. To regenerate them after an intended change, run the tests with
 * {@code -Draykube.golden.update=true} (for example
 * {@code ./mvnw -B -q -pl ray-cluster-lifecycle -am verify -Draykube.golden.update=true -Dtest='Golden*'
 * -Dsurefire.failIfNoSpecifiedTests=false}) and review the diff with {@code git diff}.
 */
final class TestFiles {

  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();
  static final String UID = "6f1c2a3b-0000-4000-8000-000000000001";

  private TestFiles() {
  }

  /** Reads a RayCluster and gives it namespace {@code ray} (if it has none), a fixed UID and generation 1. */
  static RayCluster cluster(Path file) {
    RayCluster cluster = SERIALIZATION.unmarshal(read(file), RayCluster.class);
    if (cluster.getMetadata().getNamespace() == null) {
      cluster.getMetadata().setNamespace("ray");
    }
    cluster.getMetadata().setUid(UID);
    cluster.getMetadata().setGeneration(1L);
    return cluster;
  }

  /** A cluster input of the golden tests, {@code src/test/resources/golden/inputs/<name>.yaml}. */
  static RayCluster input(String name) {
    return cluster(goldenDir().resolve("inputs").resolve(name + ".yaml"));
  }

  /** A sample manifest, {@code examples/manifests/<file>}. */
  static RayCluster sample(String file) {
    return cluster(findUp(Path.of("examples", "manifests")).resolve(file));
  }

  static String yaml(Object object) {
    return SERIALIZATION.asYaml(object);
  }

  /** Compares {@code actual} with the golden file, or rewrites the file in update mode. */
  static void assertGolden(String name, String actual) {
    Path file = goldenDir().resolve(name);
    if (Boolean.getBoolean("raykube.golden.update")) {
      try {
        Files.createDirectories(file.getParent());
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return;
    }
    if (!Files.exists(file)) {
      fail("golden file " + file + " is missing; run the tests with -Draykube.golden.update=true to write it, "
          + "then review it");
    }
    assertThat(actual).as("output compared with golden file %s (regenerate with -Draykube.golden.update=true)",
        file).isEqualTo(read(file));
  }

  static Path goldenDir() {
    String configured = System.getProperty("raykube.golden.dir");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path fromModule = dir.resolve(Path.of("src", "test", "resources", "golden"));
      if (dir.getFileName() != null && dir.getFileName().toString().equals("ray-cluster-lifecycle")
          && Files.isDirectory(fromModule)) {
        return fromModule;
      }
      Path fromRoot = dir.resolve(Path.of("ray-cluster-lifecycle", "src", "test", "resources", "golden"));
      if (Files.isDirectory(fromRoot)) {
        return fromRoot;
      }
    }
    throw new IllegalStateException("cannot find ray-cluster-lifecycle/src/test/resources/golden above "
        + Path.of("").toAbsolutePath() + "; set -Draykube.golden.dir");
  }

  private static Path findUp(Path relative) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve(relative))) {
        return dir.resolve(relative);
      }
    }
    throw new IllegalStateException("cannot find " + relative + " above " + Path.of("").toAbsolutePath());
  }

  static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
