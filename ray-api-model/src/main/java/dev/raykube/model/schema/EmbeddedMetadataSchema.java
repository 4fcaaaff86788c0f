package dev.raykube.model.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import java.util.List;
import java.util.Map;

/**
 * Schema-only: the metadata of a Pod template embedded in a Ray resource. Only the fields
 * that make sense before the object exists are declared; the API server prunes the rest, as for KubeRay's CRDs.
 */
public final class EmbeddedMetadataSchema {

  @JsonProperty("name")
  @JsonPropertyDescription("Name of the object.")
  private String name;

  @JsonProperty("generateName")
  @JsonPropertyDescription("Prefix for a generated name.")
  private String generateName;

  @JsonProperty("namespace")
  @JsonPropertyDescription("Namespace of the object.")
  private String namespace;

  @JsonProperty("labels")
  @JsonPropertyDescription("Labels of the object.")
  private Map<String, String> labels;

  @JsonProperty("annotations")
  @JsonPropertyDescription("Annotations of the object.")
  private Map<String, String> annotations;

  @JsonProperty("finalizers")
  @JsonPropertyDescription("Finalizers of the object.")
  private List<String> finalizers;

  private EmbeddedMetadataSchema() {
  }
}
