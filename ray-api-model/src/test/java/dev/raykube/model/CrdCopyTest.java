package dev.raykube.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.client.CustomResource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The CRDs committed in {@code ray-operator/deploy/crds} are exactly the ones generated from the model. The build
 * copies them there only on request ({@code -DrefreshCrds}), so a model change without a refreshed copy fails here.
 */
class CrdCopyTest {

  private static final String REFRESH = "Refresh the copies with:"
      + " ./mvnw -pl ray-api-model process-classes -DrefreshCrds"
      + " (then commit ray-operator/deploy/crds).";

  static Stream<Class<? extends CustomResource<?, ?>>> resources() {
    return Crds.RESOURCES.stream();
  }

  @ParameterizedTest
  @MethodSource("resources")
  void committedCopyIsTheGeneratedCrd(Class<? extends CustomResource<?, ?>> type) throws IOException {
    Path copy = ProjectPaths.crdsDir().resolve(Crds.fileName(type));

    assertThat(copy).as("%s is missing. %s", copy, REFRESH).exists();
    assertThat(Files.readString(copy))
        .as("%s is stale: it differs from the CRD generated from the model. %s", copy, REFRESH)
        .isEqualTo(new String(Crds.generatedBytes(type), java.nio.charset.StandardCharsets.UTF_8));
  }

  @Test
  void theFolderHoldsExactlyTheGeneratedCrdsAndAKustomizationListingThem() throws IOException {
    List<String> expected = Crds.RESOURCES.stream().map(Crds::fileName).sorted().toList();
    List<String> yamlFiles;
    try (Stream<Path> files = Files.list(ProjectPaths.crdsDir())) {
      yamlFiles = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yml")).sorted().toList();
    }
    assertThat(yamlFiles).as("CRD files in %s. %s", ProjectPaths.crdsDir(), REFRESH)
        .containsExactlyElementsOf(expected);

    var kustomization = Manifests.tree(Manifests.read(ProjectPaths.crdsDir().resolve("kustomization.yaml")));
    List<String> listed = new java.util.ArrayList<>();
    kustomization.path("resources").forEach(r -> listed.add(r.asText()));
    assertThat(listed).containsExactlyInAnyOrderElementsOf(expected);
  }
}
