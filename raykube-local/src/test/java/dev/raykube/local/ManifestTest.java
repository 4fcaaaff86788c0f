package dev.raykube.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ManifestTest {

  @TempDir
  Path dir;

  @Test
  @DisplayName("every sample of examples/manifests reads, each object with its file and document number")
  void samplesRead() throws Exception {
    Path samples = Path.of("..", "examples", "manifests");
    try (Stream<Path> files = Files.list(samples)) {
      List<Path> all = files.filter(f -> f.toString().endsWith(".yaml")).sorted().toList();
      assertThat(all).isNotEmpty();
      List<Manifest> manifests = Manifest.read(all);
      assertThat(manifests).extracting(m -> m.object().getKind()).contains("RayJob", "RayCluster", "RayService",
          "ConfigMap");
    }
    Manifest service = Manifest.read(samples.resolve("rayservice.yaml")).get(1);
    assertThat(service.document()).isEqualTo(2);
    assertThat(service.describe()).isEqualTo("RayService rayservice-sample");
  }

  static Stream<Arguments> badFiles() {
    return Stream.of(
        Arguments.of("key: [unclosed", "not YAML"),
        Arguments.of("", "holds no Kubernetes object"),
        Arguments.of("---\n---\n", "holds no Kubernetes object"),
        Arguments.of("- a\n- b\n", "document 1 is not a Kubernetes object (a YAML array, not a mapping)"),
        Arguments.of("just text", "document 1 is not a Kubernetes object (a YAML string, not a mapping)"),
        Arguments.of("kind: RayJob\nmetadata: {name: x}\n", "document 1 has no apiVersion"),
        Arguments.of("apiVersion: ray.io/v1\nmetadata: {name: x}\n", "document 1 has no kind"),
        Arguments.of("apiVersion: ray.io/v1\nkind: RayJob\nmetadata: {}\n", "document 1 (RayJob) has no metadata.name"),
        Arguments.of("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: 7\n",
            "document 2 has no kind"),
        Arguments.of("apiVersion: v1\nkind: List\nitems: []\nmetadata: {name: a}\n", "document 1 is a List"));
  }

  @ParameterizedTest(name = "{1}")
  @MethodSource("badFiles")
  @DisplayName("bad input: one line naming the file and the reason")
  void badInput(String text, String reason) throws Exception {
    Path file = Files.writeString(dir.resolve("bad.yaml"), text);
    assertThatThrownBy(() -> Manifest.read(file)).isInstanceOf(ManifestException.class)
        .hasMessageStartingWith(file + ": ").hasMessageContaining(reason)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
  }

  @Test
  @DisplayName("a missing file is named")
  void missing() {
    Path file = dir.resolve("nope.yaml");
    assertThatThrownBy(() -> Manifest.read(List.of(file))).isInstanceOf(ManifestException.class)
        .hasMessage(file + ": no such file");
  }
}
