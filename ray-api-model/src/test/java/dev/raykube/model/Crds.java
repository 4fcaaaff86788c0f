package dev.raykube.model;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import io.fabric8.kubernetes.api.model.apiextensions.v1.ValidationRule;
import io.fabric8.kubernetes.client.CustomResource;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** Test helpers for the CRDs generated into {@code META-INF/fabric8} at build time. */
final class Crds {

  /**
   * Every resource class of the model: each has a generated CRD, committed in {@code ray-operator/deploy/crds} and
   * installed by its kustomization.
   */
  static final List<Class<? extends CustomResource<?, ?>>> RESOURCES = List.of(
      RayCluster.class, RayJob.class, RayService.class, RayCronJob.class);

  private Crds() {
  }

  /** File name of the generated CRD of a resource class, for example {@code rayjobs.ray.io-v1.yml}. */
  static String fileName(Class<? extends CustomResource<?, ?>> type) {
    return CustomResource.getCRDName(type) + "-v1.yml";
  }

  static byte[] generatedBytes(Class<? extends CustomResource<?, ?>> type) {
    String resource = "/META-INF/fabric8/" + fileName(type);
    try (InputStream in = Crds.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(resource + " is not on the classpath: the crd-generator did not run");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static CustomResourceDefinition generated(Class<? extends CustomResource<?, ?>> type) {
    return Manifests.SERIALIZATION.unmarshal(new String(generatedBytes(type), java.nio.charset.StandardCharsets.UTF_8),
        CustomResourceDefinition.class);
  }

  static JSONSchemaProps schema(CustomResourceDefinition crd) {
    return crd.getSpec().getVersions().get(0).getSchema().getOpenAPIV3Schema();
  }

  /** The schema at a dotted path; {@code []} steps into array items, {@code {}} into map values. */
  static JSONSchemaProps at(JSONSchemaProps root, String path) {
    JSONSchemaProps node = root;
    for (String step : path.split("\\.")) {
      boolean items = step.endsWith("[]");
      boolean values = step.endsWith("{}");
      String name = items || values ? step.substring(0, step.length() - 2) : step;
      node = node.getProperties().get(name);
      if (node == null) {
        throw new AssertionError("no property " + name + " on the way to " + path);
      }
      if (items) {
        node = node.getItems().getSchema();
      } else if (values) {
        node = node.getAdditionalProperties().getSchema();
      }
    }
    return node;
  }

  /** Visits every schema node below {@code root} with its dotted path (same notation as {@link #at}). */
  static void walk(JSONSchemaProps root, BiConsumer<String, JSONSchemaProps> visitor) {
    walk("", root, visitor);
  }

  private static void walk(String path, JSONSchemaProps node, BiConsumer<String, JSONSchemaProps> visitor) {
    visitor.accept(path, node);
    if (node.getProperties() != null) {
      for (Map.Entry<String, JSONSchemaProps> property : node.getProperties().entrySet()) {
        walk(path.isEmpty() ? property.getKey() : path + "." + property.getKey(), property.getValue(), visitor);
      }
    }
    if (node.getItems() != null && node.getItems().getSchema() != null) {
      walk(path + "[]", node.getItems().getSchema(), visitor);
    }
    if (node.getAdditionalProperties() != null && node.getAdditionalProperties().getSchema() != null) {
      walk(path + "{}", node.getAdditionalProperties().getSchema(), visitor);
    }
  }

  /** All CEL rules of a CRD as "path: rule => message" lines. */
  static List<String> rules(CustomResourceDefinition crd) {
    List<String> rules = new ArrayList<>();
    walk(schema(crd), (path, node) -> {
      for (ValidationRule rule : node.getXKubernetesValidations()) {
        rules.add(path + ": " + rule.getRule() + " => " + rule.getMessage());
      }
    });
    return rules;
  }
}
