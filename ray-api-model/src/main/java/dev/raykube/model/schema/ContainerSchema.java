package dev.raykube.model.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Required;

/**
 * Schema-only: a container (core/v1 Container) of a Pod template. Only {@code name} is declared (it is required, as in
 * the full schema); every other field is kept as written and validated by the API server when the Pod is created.
 */
@PreserveUnknownFields
public final class ContainerSchema {

  @JsonProperty("name")
  @JsonPropertyDescription("Name of the container, unique within the Pod.")
  @Required
  private String name;

  private ContainerSchema() {
  }
}
