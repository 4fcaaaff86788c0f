package dev.raykube.reconcile;

import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * A RayJob on the CRUD mock (its CRD installed by {@code dev.raykube.testing.RayCrds}): the custom resource with a
 * status subresource these tests write to.
 */
final class RayJobFixture {

  /** The namespace of every test object. */
  static final String NS = "ml";

  private RayJobFixture() {
  }

  /** Creates a RayJob {@code name} in {@link #NS} with entrypoint {@code echo hello}. */
  static RayJob create(KubernetesClient client, String name) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("echo hello");
    job.setSpec(spec);
    return client.resource(job).create();
  }
}
