package dev.raykube.model.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import com.fasterxml.jackson.core.type.TypeReference;
import io.fabric8.kubernetes.api.model.DefaultKubernetesResourceList;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A spec the API server admitted but this model cannot read (a wrong type inside a Pod template, where the CRDs do
 * not look; found by the manifest fuzz) is read as a resource with metadata and status and a described problem,
 * instead of failing the read of every resource in the same list or watch.
 */
class SpecTolerantReaderTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private static final String CLUSTER = """
      apiVersion: ray.io/v1
      kind: RayCluster
      metadata:
        name: %s
        namespace: ns
        labels: {team: a}
      spec:
        headGroupSpec:
          rayStartParams: {}
          template:
            spec:
              containers:
                - name: ray-head
                  image: rayproject/ray:2.60.0
              volumes: %s
      status:
        state: ready
      madeUpTopLevel: kept
      """;

  @Test
  void aReadableClusterIsReadAsBefore() {
    RayCluster cluster = JSON.unmarshal(CLUSTER.formatted("fine", "[]"), RayCluster.class);
    assertThat(cluster.unreadableSpec()).isEmpty();
    assertThat(cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().getVolumes()).isEmpty();
    assertThat(cluster.getStatus().getStateValue()).isEqualTo("ready");
    assertThat(cluster.getAdditionalProperties()).containsEntry("madeUpTopLevel", "kept");
  }

  static Stream<Arguments> unreadable() {
    return Stream.of(
        Arguments.of("\"fuzz\"", "spec.headGroupSpec.template.spec.volumes: Cannot deserialize value of type"),
        Arguments.of("42", "spec.headGroupSpec.template.spec.volumes: Cannot deserialize value of type"),
        Arguments.of("[{name: v, emptyDir: {sizeLimit: [1]}}]",
            "spec.headGroupSpec.template.spec.volumes[0].emptyDir.sizeLimit: "));
  }

  @ParameterizedTest
  @MethodSource("unreadable")
  void anUnreadableSpecKeepsMetadataStatusAndTheProblem(String volumes, String problem) {
    RayCluster cluster = JSON.unmarshal(CLUSTER.formatted("broken", volumes), RayCluster.class);
    assertThat(cluster.getSpec()).isNull();
    assertThat(cluster.unreadableSpec()).hasValueSatisfying(p -> assertThat(p).startsWith(problem)
        .doesNotContain("(token").doesNotContain("through reference chain"));
    assertThat(cluster.getMetadata().getName()).isEqualTo("broken");
    assertThat(cluster.getMetadata().getLabels()).containsEntry("team", "a");
    assertThat(cluster.getStatus().getStateValue()).isEqualTo("ready");
    assertThat(cluster.getAdditionalProperties()).containsEntry("madeUpTopLevel", "kept");
    assertThat(cluster.getKind()).isEqualTo("RayCluster");
  }

  @Test
  void oneUnreadableItemDoesNotFailTheList() {
    String list = "{\"apiVersion\":\"ray.io/v1\",\"kind\":\"RayClusterList\",\"metadata\":{},\"items\":["
        + JSON.asJson(JSON.unmarshal(CLUSTER.formatted("fine", "[]"), Object.class)) + ","
        + JSON.asJson(JSON.unmarshal(CLUSTER.formatted("broken", "\"fuzz\""), Object.class)) + "]}";
    DefaultKubernetesResourceList<RayCluster> read = JSON.unmarshal(
        new ByteArrayInputStream(list.getBytes(StandardCharsets.UTF_8)),
        new TypeReference<DefaultKubernetesResourceList<RayCluster>>() {});
    assertThat(read.getItems()).extracting(c -> c.getMetadata().getName()).containsExactly("fine", "broken");
    assertThat(read.getItems()).extracting(c -> c.unreadableSpec().isPresent()).containsExactly(false, true);
  }

  @Test
  void anUnreadableStatusIsDroppedAndTheSpecKept() {
    String job = """
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: j}
        spec: {entrypoint: python job.py}
        status: {startTime: [not, a, time], jobStatus: RUNNING}
        """;
    RayJob read = JSON.unmarshal(job, RayJob.class);
    assertThat(read.getSpec().getEntrypoint()).isEqualTo("python job.py");
    assertThat(read.unreadableSpec()).isEmpty();
    assertThat(read.getStatus()).isNull();
  }

  @Test
  void aRayServiceWithAnUnreadableClusterConfigIsReadToo() {
    String service = """
        apiVersion: ray.io/v1
        kind: RayService
        metadata: {name: s}
        spec:
          serveConfigV2: "applications: []"
          rayClusterConfig:
            headGroupSpec:
              template:
                spec:
                  containers: [{name: ray-head}]
                  tolerations: {not: a list}
        """;
    RayService read = JSON.unmarshal(service, RayService.class);
    assertThat(read.unreadableSpec()).hasValueSatisfying(p ->
        assertThat(p).startsWith("spec.rayClusterConfig.headGroupSpec.template.spec.tolerations: "));
  }

  @Test
  void unreadableMetadataStillFails() {
    assertThatThrownBy(() -> JSON.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: [1]}
        spec: {entrypoint: [2]}
        """, RayJob.class)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theSpecIsWrittenBackAsItWasSoThatACopyIsReadTheSameWay() {
    RayCluster cluster = JSON.unmarshal(CLUSTER.formatted("broken", "\"fuzz\""), RayCluster.class);
    String written = JSON.asJson(cluster);
    assertThat(written).doesNotContain("Cannot deserialize").contains("\"volumes\":\"fuzz\"");
    assertThat(written).as("no second, empty spec").doesNotContain("\"spec\":null");
    RayCluster copy = JSON.clone(cluster);
    assertThat(copy.getSpec()).isNull();
    assertThat(copy.unreadableSpec()).isEqualTo(cluster.unreadableSpec());
  }
}
