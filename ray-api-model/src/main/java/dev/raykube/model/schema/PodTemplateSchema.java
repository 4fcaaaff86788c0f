package dev.raykube.model.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * Schema-only: the CRD schema of a Pod template (core/v1 PodTemplateSpec) field. The Java field stays a fabric8
 * {@code PodTemplateSpec}; only its schema is trimmed from about 150 KB to a few hundred bytes.
 */
public final class PodTemplateSchema {

  @JsonProperty("metadata")
  @JsonPropertyDescription("Metadata of the Pods: labels, annotations and so on.")
  private EmbeddedMetadataSchema metadata;

  @JsonProperty("spec")
  @JsonPropertyDescription("Spec of the Pods (core/v1 PodSpec). Kept as written; the API server validates it in full "
      + "when the Pod is created.")
  private PodSpecSchema spec;

  private PodTemplateSchema() {
  }
}
