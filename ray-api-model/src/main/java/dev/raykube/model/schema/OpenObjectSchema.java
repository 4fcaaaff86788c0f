package dev.raykube.model.schema;

import io.fabric8.crd.generator.annotation.PreserveUnknownFields;

/**
 * Schema-only: an object whose content the CRD keeps as written ({@code type: object} with
 * {@code x-kubernetes-preserve-unknown-fields: true} and no declared properties). Used for alpha or free-form options.
 */
@PreserveUnknownFields
public final class OpenObjectSchema {

  private OpenObjectSchema() {
  }
}
