package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinitionCondition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Admission against the real kube-apiserver: the generated CRDs install with {@code kubectl apply --server-side} and
 * become Established; every manifest under {@code src/test/resources/invalid/} is rejected with the CEL or OpenAPI
 * schema message its first line names; every sample under {@code examples/manifests/} is accepted. Only kubectl talks
 * to the API server here, as a user would.
 */
class AdmissionE2eTest {

  static final List<String> CRDS = List.of("rayclusters.ray.io", "rayjobs.ray.io", "rayservices.ray.io",
      "raycronjobs.ray.io");

  private static final String NAMESPACE = "admission-e2e-" + UUID.randomUUID().toString().substring(0, 8);

  @BeforeAll
  static void installCrdsAndNamespace() {
    KubectlRun install = KubectlRun.run("apply", "--server-side", "-k", "ray-operator/deploy/crds");
    assertThat(install.exitCode()).as(install.describe()).isZero();
    assertThat(install.stderrLines()).as("errors or warnings of " + install.describe()).isEmpty();
    for (String crd : CRDS) {
      assertThat(install.stdout()).as(install.describe())
          .contains("customresourcedefinition.apiextensions.k8s.io/" + crd + " serverside-applied");
    }
    KubectlRun established = KubectlRun.run(Stream.concat(
        Stream.of("wait", "--for=condition=Established", "--timeout=120s"),
        CRDS.stream().map(crd -> "crd/" + crd)).toArray(String[]::new));
    assertThat(established.exitCode()).as(established.describe()).isZero();

    KubectlRun namespace = KubectlRun.run("create", "namespace", NAMESPACE);
    assertThat(namespace.exitCode()).as(namespace.describe()).isZero();
  }

  @AfterAll
  static void deleteNamespace() {
    KubectlRun.run("delete", "namespace", NAMESPACE, "--wait=false", "--ignore-not-found");
  }

  @Test
  void theCrdsAreEstablishedServedAndOwnedByServerSideApply() {
    try (KubernetesClient client = ControlPlane.client()) {
      for (String name : CRDS) {
        CustomResourceDefinition crd = client.apiextensions().v1().customResourceDefinitions().withName(name).get();
        assertThat(crd).as(name).isNotNull();
        Map<String, String> conditions = crd.getStatus().getConditions().stream().collect(
            Collectors.toMap(CustomResourceDefinitionCondition::getType, CustomResourceDefinitionCondition::getStatus));
        assertThat(conditions).as(name).containsEntry("Established", "True").containsEntry("NamesAccepted", "True");
        assertThat(crd.getStatus().getAcceptedNames().getKind()).as(name)
            .isEqualTo(crd.getSpec().getNames().getKind());
        assertThat(crd.getMetadata().getManagedFields()).as(name + ": server-side apply field manager")
            .anySatisfy(entry -> {
              assertThat(entry.getManager()).isEqualTo("kubectl");
              assertThat(entry.getOperation()).isEqualTo("Apply");
            });
      }
    }
    KubectlRun resources = KubectlRun.run("api-resources", "--api-group=ray.io", "-o", "name");
    assertThat(resources.exitCode()).as(resources.describe()).isZero();
    assertThat(resources.stdout().lines().toList())
        .containsExactlyInAnyOrderElementsOf(CRDS);
  }

  @Test
  void theInvalidManifestsCoverEveryKind() {
    List<InvalidManifest> manifests = InvalidManifest.all().toList();
    assertThat(manifests).hasSizeGreaterThanOrEqualTo(15);
    for (String kind : List.of("RayCluster", "RayJob", "RayService", "RayCronJob")) {
      assertThat(manifests).as(kind).anySatisfy(m -> assertThat(m.rejected()).contains("kind: " + kind + "\n"));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("dev.raykube.e2e.InvalidManifest#all")
  void anInvalidManifestIsRejectedAtAdmissionWithItsMessage(InvalidManifest manifest) {
    for (String document : manifest.setup()) {
      KubectlRun accepted = KubectlRun.withInput(document, "apply", "-n", NAMESPACE, "-f", "-");
      assertThat(accepted.exitCode()).as("setup document of " + manifest + ": " + accepted.describe()).isZero();
    }

    KubectlRun rejected = KubectlRun.withInput(manifest.rejected(), "apply", "-n", NAMESPACE, "-f", "-");

    assertThat(rejected.exitCode()).as(rejected.describe()).isNotZero();
    assertThat(rejected.stderr()).as(rejected.describe()).contains(manifest.expectedMessage());
    if (manifest.setup().isEmpty()) {
      KubectlRun get = KubectlRun.withInput(manifest.rejected(), "get", "-n", NAMESPACE, "-f", "-");
      assertThat(get.stderr()).as("a rejected object is not stored: " + get.describe()).contains("NotFound");
    } else {
      String last = manifest.setup().get(manifest.setup().size() - 1);
      KubectlRun diff = KubectlRun.withInput(last, "diff", "-n", NAMESPACE, "-f", "-");
      assertThat(diff.exitCode()).as("a rejected update leaves the object as it was: " + diff.describe()).isZero();
    }
  }

  static Stream<Path> examples() throws IOException {
    Path dir = ControlPlane.repositoryRoot().resolve("examples/manifests");
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> examples = files.filter(f -> f.getFileName().toString().endsWith(".yaml")).sorted().toList();
      assertThat(examples).as("samples in " + dir).isNotEmpty();
      return examples.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("examples")
  void everySampleManifestIsAccepted(Path example) {
    Path relative = ControlPlane.repositoryRoot().relativize(example);

    KubectlRun run = KubectlRun.run("apply", "--dry-run=server", "-n", NAMESPACE, "-f", relative.toString());

    assertThat(run.exitCode()).as(run.describe()).isZero();
    assertThat(run.stderrLines()).as("errors or warnings of " + run.describe()).isEmpty();
    assertThat(run.stdout()).as(run.describe()).contains("created (server dry run)");
  }
}
