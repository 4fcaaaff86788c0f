package dev.raykube.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.GenericKubernetesResourceBuilder;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link RayCrds} on the fabric8 CRUD mock, which answers without a status: nothing is waited for. */
@EnableKubernetesMockClient(crud = true)
class RayCrdsTest {

  KubernetesClient client;
  KubernetesMockServer server;

  @BeforeEach
  void emptyServer() {
    server.reset();
  }

  @Test
  void installsTheFourKindsAtOnceAndAgainAsAnUpdate() {
    long started = System.nanoTime();
    RayCrds.install(client);
    RayCrds.install(client);

    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(RayCrds.ESTABLISHED_TIMEOUT);
    assertThat(crdNames()).containsExactlyInAnyOrder("rayclusters.ray.io", "rayjobs.ray.io", "rayservices.ray.io",
        "raycronjobs.ray.io");
    CustomResourceDefinition jobs = client.apiextensions().v1().customResourceDefinitions().withName("rayjobs.ray.io")
        .get();
    assertThat(jobs.getSpec().getNames().getKind()).isEqualTo("RayJob");
    assertThat(jobs.getStatus()).isNull();
  }

  @Test
  void installsASubsetByPlural() {
    RayCrds.install(client, "rayjobs", "rayclusters");

    assertThat(crdNames()).containsExactlyInAnyOrder("rayjobs.ray.io", "rayclusters.ray.io");
  }

  @Test
  void theMockThenServesTheKindWithStatusAsASubresource() {
    RayCrds.install(client, "rayjobs");
    GenericKubernetesResource job = new GenericKubernetesResourceBuilder().withApiVersion("ray.io/v1")
        .withKind("RayJob").withNewMetadata().withName("train").withNamespace("ml").endMetadata()
        .addToAdditionalProperties("spec", Map.of("entrypoint", "echo hello"))
        .addToAdditionalProperties("status", Map.of("jobStatus", "RUNNING")).build();

    GenericKubernetesResource created = client.resource(job).create();

    assertThat(created.getAdditionalProperties()).doesNotContainKey("status");
  }

  @Test
  void aMissingFileIsNamed() {
    assertThatThrownBy(() -> RayCrds.install(client, "rayjobs", "raywidgets"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("META-INF/fabric8/raywidgets.ray.io-v1.yml is not on the class path")
        .hasMessageContaining("ray-api-model");
    assertThat(crdNames()).as("nothing is installed when a file is missing").isEmpty();
  }

  private java.util.List<String> crdNames() {
    return client.apiextensions().v1().customResourceDefinitions().list().getItems().stream()
        .map(crd -> crd.getMetadata().getName()).toList();
  }
}
