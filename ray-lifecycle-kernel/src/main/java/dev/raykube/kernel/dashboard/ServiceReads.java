package dev.raykube.kernel.dashboard;

import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;

/**
 * Where {@link InClusterDashboardAccess} reads a RayCluster's head Service. {@link #fromApi} asks the API server on
 * every call (a program without informers); an operator that already watches head Services passes its cache first
 * and the API server as the fallback ({@link #orElse}), so resolving a dashboard costs no API read while the Service
 * is in the cache, and a Service the cache has not seen yet (just created, or not labelled as a head) is still found.
 *
 * <p>Implementations must be thread-safe; they read, never write.
 */
@FunctionalInterface
public interface ServiceReads {

  /**
   * The Service, or {@code null} when this source does not have it.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  Service service(String namespace, String name);

  /** Reads from the API server on every call. */
  static ServiceReads fromApi(KubernetesClient client) {
    Objects.requireNonNull(client, "client");
    return (namespace, name) -> client.services().inNamespace(namespace).withName(name).get();
  }

  /** Reads from this source, and from {@code fallback} only for what this one does not have. */
  default ServiceReads orElse(ServiceReads fallback) {
    Objects.requireNonNull(fallback, "fallback");
    ServiceReads first = this;
    return (namespace, name) -> {
      Service service = first.service(namespace, name);
      return service != null ? service : fallback.service(namespace, name);
    };
  }
}
