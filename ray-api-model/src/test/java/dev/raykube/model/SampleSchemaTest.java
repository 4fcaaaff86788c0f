package dev.raykube.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.client.CustomResource;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The samples and the KubeRay-format status documents fit the generated CRD schemas: every field they contain is
 * declared (or lies in a part kept as written), so the API server prunes nothing; required fields are present and
 * types match.
 */
class SampleSchemaTest {

  private static final Map<String, Class<? extends CustomResource<?, ?>>> KINDS = Map.of(
      "RayCluster", RayCluster.class, "RayJob", RayJob.class, "RayService", RayService.class,
      "RayCronJob", RayCronJob.class);

  static Stream<Arguments> documents() throws Exception {
    List<Arguments> documents = new ArrayList<>();
    for (Path sample : SampleManifestsTest.samples().toList()) {
      documents.add(Arguments.of(sample.getFileName().toString(), SampleManifestsTest.rayDocument(sample)));
    }
    for (String name : List.of("raycluster-with-status.yaml", "rayjob-with-status.yaml",
        "rayservice-with-status.yaml", "raycronjob-with-status.yaml")) {
      documents.add(Arguments.of(name, Manifests.resource("/manifests/" + name)));
    }
    return documents.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("documents")
  void everyFieldIsDeclaredAndTyped(String name, String yaml) {
    JsonNode document = Manifests.tree(yaml);
    JSONSchemaProps schema = Crds.schema(Crds.generated(KINDS.get(document.path("kind").asText())));
    List<String> problems = new ArrayList<>();

    for (String root : List.of("spec", "status")) {
      if (document.has(root)) {
        check(root, document.get(root), schema.getProperties().get(root), problems);
      }
    }
    assertThat(problems).as(name).isEmpty();
  }

  private static void check(String path, JsonNode value, JSONSchemaProps schema, List<String> problems) {
    if (Boolean.TRUE.equals(schema.getXKubernetesIntOrString())) {
      if (!value.isTextual() && !value.isIntegralNumber()) {
        problems.add(path + ": expected int-or-string, found " + value.getNodeType());
      }
      return;
    }
    String type = schema.getType();
    if (type == null) {
      return;
    }
    switch (type) {
      case "object" -> checkObject(path, value, schema, problems);
      case "array" -> {
        if (!value.isArray()) {
          problems.add(path + ": expected array, found " + value.getNodeType());
          return;
        }
        for (int i = 0; i < value.size(); i++) {
          check(path + "[" + i + "]", value.get(i), schema.getItems().getSchema(), problems);
        }
      }
      case "string" -> expect(value.isTextual(), path, type, value, problems);
      case "integer" -> expect(value.isIntegralNumber(), path, type, value, problems);
      case "number" -> expect(value.isNumber(), path, type, value, problems);
      case "boolean" -> expect(value.isBoolean(), path, type, value, problems);
      default -> problems.add(path + ": unexpected schema type " + type);
    }
  }

  private static void checkObject(String path, JsonNode value, JSONSchemaProps schema, List<String> problems) {
    if (!value.isObject()) {
      problems.add(path + ": expected object, found " + value.getNodeType());
      return;
    }
    for (String required : schema.getRequired()) {
      if (!value.has(required)) {
        problems.add(path + "." + required + ": required but missing");
      }
    }
    boolean keepsUnknown = Boolean.TRUE.equals(schema.getXKubernetesPreserveUnknownFields());
    for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> field = it.next();
      String fieldPath = path + "." + field.getKey();
      JSONSchemaProps declared = schema.getProperties() == null ? null : schema.getProperties().get(field.getKey());
      if (declared != null) {
        check(fieldPath, field.getValue(), declared, problems);
      } else if (schema.getAdditionalProperties() != null && schema.getAdditionalProperties().getSchema() != null) {
        check(fieldPath, field.getValue(), schema.getAdditionalProperties().getSchema(), problems);
      } else if (!keepsUnknown) {
        problems.add(fieldPath + ": not declared in the CRD schema, the API server would prune it");
      }
    }
  }

  private static void expect(boolean ok, String path, String type, JsonNode value, List<String> problems) {
    if (!ok) {
      problems.add(path + ": expected " + type + ", found " + value.getNodeType());
    }
  }
}
