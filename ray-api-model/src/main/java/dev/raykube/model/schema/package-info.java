/**
 * Schema-only types: they shape the OpenAPI schema of the generated CRDs through {@code @SchemaFrom} and are never
 * instantiated. The Java fields they describe keep their real types (fabric8 {@code PodTemplateSpec}, maps); only the
 * CRD schema is smaller.
 *
 * <p>Why: the full OpenAPI schema of one {@code PodTemplateSpec} is about 150 KB, and a RayCluster embeds two, a RayJob
 * three. With the full schemas the CRDs would exceed the 256 KiB limit of a client-side {@code kubectl apply}. The
 * trimmed schema types the metadata of a Pod template, requires its containers and their names, and keeps the rest of
 * the Pod spec as written ({@code x-kubernetes-preserve-unknown-fields}); the API server validates that spec in full
 * when the operator creates the Pod. See {@code docs/crd-reference.md}.
 */
package dev.raykube.model.schema;
