package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps package {@code dev.raykube.cluster} pure: no Kubernetes client, no HTTP, no files or sockets, no
 * clock, no randomness, no logging, no output. Checked on the sources, so a new file cannot slip through.
 */
class ClusterPackagePurityTest {

  private static final List<String> FORBIDDEN = List.of(
      "import java.io.", "import java.net.", "import java.nio.file", "import java.nio.channels", "import okhttp3.", "import org.slf4j.",
      "io.fabric8.kubernetes.client.KubernetesClient", "io.fabric8.kubernetes.client.dsl.",
      "io.javaoperatorsdk.", "Instant.now(", "Clock.", "System.currentTimeMillis", "System.nanoTime",
      "new Random(", "ThreadLocalRandom", "UUID.randomUUID", "System.out", "System.err", "System.getenv",
      "System.exit");

  @Test
  void sourcesUseNoIoClockOrRandomness() throws IOException {
    Path sources = TestFiles.goldenDir().resolve("../../../main/java/dev/raykube/cluster").normalize();
    List<Path> files;
    try (Stream<Path> list = Files.list(sources)) {
      files = list.filter(p -> p.toString().endsWith(".java")).toList();
    }
    assertThat(files).hasSizeGreaterThan(20);
    for (Path file : files) {
      String text = Files.readString(file);
      for (String token : FORBIDDEN) {
        assertThat(text).as("%s must not use %s", file.getFileName(), token).doesNotContain(token);
      }
    }
  }
}
