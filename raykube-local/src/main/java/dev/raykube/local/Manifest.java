package dev.raykube.local;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One object of a manifest file, as {@code kubectl apply -f} would read it: the file, the document's position in it,
 * and the object. {@link #read} checks what can be checked without an API server: the file is readable YAML, every
 * non-empty document is a mapping with {@code apiVersion}, {@code kind} and {@code metadata.name} (strings).
 *
 * @param file the file it came from
 * @param document its document number in the file, from 1
 * @param object the object
 */
public record Manifest(Path file, int document, GenericKubernetesResource object) {

  private static final YAMLMapper YAML = new YAMLMapper();
  private static final KubernetesSerialization SERIALIZATION = new KubernetesSerialization();

  /** A manifest; {@code object} is not copied. */
  public Manifest {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(object, "object");
  }

  /** {@code Kind namespace/name} (or {@code Kind name} without a namespace), for messages. */
  public String describe() {
    String namespace = object.getMetadata().getNamespace();
    return object.getKind() + " " + (namespace == null ? "" : namespace + "/") + object.getMetadata().getName();
  }

  /**
   * Reads every object of {@code files}, in order.
   *
   * @throws ManifestException for the first file that cannot be read or holds something that is not an object
   */
  public static List<Manifest> read(List<Path> files) throws ManifestException {
    List<Manifest> all = new ArrayList<>();
    for (Path file : files) {
      all.addAll(read(file));
    }
    return all;
  }

  /** Reads every object of one file; see {@link #read(List)}. */
  public static List<Manifest> read(Path file) throws ManifestException {
    if (!Files.isRegularFile(file)) {
      throw new ManifestException(file + ": no such file");
    }
    if (!Files.isReadable(file)) {
      throw new ManifestException(file + ": not readable");
    }
    List<Manifest> manifests = new ArrayList<>();
    int document = 0;
    // One tree per document; not readValues, which would take a top-level sequence for a list of documents.
    try (JsonParser parser = YAML.createParser(file.toFile())) {
      while (parser.nextToken() != null) {
        JsonNode node = YAML.readTree(parser);
        document++;
        if (node == null || node.isNull() || node.isMissingNode() || (node.isObject() && node.isEmpty())) {
          continue; // an empty document, as between two "---"
        }
        manifests.add(new Manifest(file, document, object(file, document, node)));
      }
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      var at = e.getLocation();
      throw new ManifestException(file + ": not YAML" + (at == null ? "" : " at line " + at.getLineNr() + ", column "
          + at.getColumnNr()) + " (" + firstLine(e.getOriginalMessage()) + ")");
    } catch (IOException | RuntimeException e) {
      throw new ManifestException(file + ": not YAML (" + firstLine(e.getMessage()) + ")");
    }
    if (manifests.isEmpty()) {
      throw new ManifestException(file + ": holds no Kubernetes object");
    }
    return manifests;
  }

  private static GenericKubernetesResource object(Path file, int document, JsonNode node) throws ManifestException {
    String where = file + ": document " + document;
    if (!node.isObject()) {
      throw new ManifestException(where + " is not a Kubernetes object (a YAML " + node.getNodeType().toString()
          .toLowerCase(java.util.Locale.ROOT) + ", not a mapping)");
    }
    for (String field : List.of("apiVersion", "kind")) {
      if (!node.path(field).isTextual() || node.path(field).asText().isBlank()) {
        throw new ManifestException(where + " has no " + field);
      }
    }
    if (node.path("kind").asText().endsWith("List")) {
      throw new ManifestException(where + " is a " + node.path("kind").asText() + "; list the objects as documents "
          + "of their own");
    }
    if (!node.path("metadata").path("name").isTextual() || node.path("metadata").path("name").asText().isBlank()) {
      throw new ManifestException(where + " (" + node.path("kind").asText() + ") has no metadata.name");
    }
    try {
      return SERIALIZATION.convertValue(node, GenericKubernetesResource.class);
    } catch (RuntimeException e) {
      throw new ManifestException(where + " (" + node.path("kind").asText() + ") is not a Kubernetes object ("
          + firstLine(e.getMessage()) + ")");
    }
  }

  static String firstLine(String message) {
    if (message == null || message.isBlank()) {
      return "no detail";
    }
    String line = message.strip().lines().findFirst().orElse(message.strip());
    return line.length() > 200 ? line.substring(0, 200) + "…" : line;
  }
}
