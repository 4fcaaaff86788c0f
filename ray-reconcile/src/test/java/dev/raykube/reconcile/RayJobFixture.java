package dev.raykube.reconcile;

import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.mockwebserver.http.RecordedRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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

  /** Drains the requests the mock server recorded so far, as {@code "METHOD path"}. */
  static List<String> drainRequests(KubernetesMockServer server) {
    List<String> requests = new ArrayList<>();
    try {
      RecordedRequest request;
      while ((request = server.takeRequest(1, TimeUnit.MILLISECONDS)) != null) {
        requests.add(request.getMethod() + " " + request.getPath());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    return requests;
  }
}
