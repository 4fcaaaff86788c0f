package dev.raykube.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;

/** Test helpers: read manifests as trees and as model objects, and compare trees. */
final class Manifests {

  static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  private static final Map<String, Class<? extends HasMetadata>> KINDS = Map.of(
      "RayCluster", RayCluster.class, "RayJob", RayJob.class, "RayService", RayService.class,
      "RayCronJob", RayCronJob.class);

  /**
   * Equal JSON values: numbers by value (1 equals 1.0, since Java number types normalize the written form), everything
   * else exactly.
   */
  static final Comparator<JsonNode> SAME_VALUE = (a, b) -> {
    if (a.isNumber() && b.isNumber()) {
      return new BigDecimal(a.asText()).compareTo(new BigDecimal(b.asText()));
    }
    return a.equals(b) ? 0 : 1;
  };

  private Manifests() {
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String resource(String name) {
    try (var in = Manifests.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static ObjectNode tree(String yaml) {
    try {
      return (ObjectNode) YAML.readTree(yaml);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Class<? extends HasMetadata> typeOf(JsonNode manifest) {
    Class<? extends HasMetadata> type = KINDS.get(manifest.path("kind").asText());
    if (type == null || !"ray.io/v1".equals(manifest.path("apiVersion").asText())) {
      throw new IllegalArgumentException("not a ray.io/v1 resource: " + manifest.path("kind"));
    }
    return type;
  }

  static HasMetadata parse(String yaml) {
    return SERIALIZATION.unmarshal(yaml, typeOf(tree(yaml)));
  }

  static JsonNode asTree(Object model) {
    return SERIALIZATION.convertValue(model, JsonNode.class);
  }
}
