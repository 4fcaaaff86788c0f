package dev.raykube.model.schema;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.crd.generator.annotation.PreserveUnknownFields;
import io.fabric8.generator.annotation.Required;
import java.util.List;

/**
 * Schema-only: the spec (core/v1 PodSpec) of a Pod template. {@code containers} is declared and required, as in the
 * full schema; every other field is kept as written and validated by the API server when the Pod is created.
 */
@PreserveUnknownFields
public final class PodSpecSchema {

  @JsonProperty("containers")
  @JsonPropertyDescription("Containers of the Pod; for Ray Pods the first one runs Ray.")
  @Required
  private List<ContainerSchema> containers;

  private PodSpecSchema() {
  }
}
