package dev.raykube.model.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;

/**
 * Schema-only: the CRD schema of an embedded Service (core/v1 Service) field. The Java field stays a fabric8
 * {@code Service}; its spec and status are kept as written and validated by the API server when the operator creates
 * the Service.
 */
public final class ServiceSchema {

  @JsonProperty("apiVersion")
  @JsonPropertyDescription("API version of the object, v1.")
  private String apiVersion;

  @JsonProperty("kind")
  @JsonPropertyDescription("Kind of the object, Service.")
  private String kind;

  @JsonProperty("metadata")
  @JsonPropertyDescription("Metadata of the Service: name, labels, annotations and so on.")
  private EmbeddedMetadataSchema metadata;

  @JsonProperty("spec")
  @JsonPropertyDescription("Spec of the Service (core/v1 ServiceSpec). Kept as written; the API server validates it "
      + "in full when the Service is created.")
  private OpenObjectSchema spec;

  @JsonProperty("status")
  @JsonPropertyDescription("Status of the Service (core/v1 ServiceStatus); ignored by the operator.")
  private OpenObjectSchema status;

  private ServiceSchema() {
  }
}
