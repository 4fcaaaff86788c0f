package dev.raykube.job.act;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Golden files under {@code ray-job-lifecycle/src/test/resources/golden}, compared byte for byte. Regenerate after an
 * intended change with {@code -Draykube.golden.update=true} (e.g. {@code ./mvnw -B -q -pl ray-job-lifecycle -am
 * verify -Draykube.golden.update=true -Dtest=SubmitterJobTest -Dsurefire.failIfNoSpecifiedTests=false}) and review
 * the diff.
 */
final class Golden {

  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private Golden() {
  }

  static String yaml(Object object) {
    return SERIALIZATION.asYaml(object);
  }

  static void assertMatches(String name, String actual) {
    Path file = dir().resolve(name);
    if (Boolean.getBoolean("raykube.golden.update")) {
      try {
        Files.writeString(file, actual, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      return;
    }
    if (!Files.exists(file)) {
      fail("golden file " + file + " is missing; run with -Draykube.golden.update=true to write it, then review it");
    }
    try {
      assertThat(actual).as("compared with golden file %s (regenerate with -Draykube.golden.update=true)", file)
          .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Path dir() {
    for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
      Path fromModule = d.resolve(Path.of("src", "test", "resources", "golden"));
      if (d.getFileName() != null && d.getFileName().toString().equals("ray-job-lifecycle")
          && Files.isDirectory(fromModule)) {
        return fromModule;
      }
      Path fromRoot = d.resolve(Path.of("ray-job-lifecycle", "src", "test", "resources", "golden"));
      if (Files.isDirectory(fromRoot)) {
        return fromRoot;
      }
    }
    throw new IllegalStateException("cannot find ray-job-lifecycle/src/test/resources/golden above "
        + Path.of("").toAbsolutePath());
  }
}
