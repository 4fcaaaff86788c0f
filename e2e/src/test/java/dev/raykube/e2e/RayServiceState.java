package dev.raykube.e2e;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Optional;

/**
 * What the RayService end-to-end tests read off a RayService and its RayClusters on the API server: whether it is
 * Ready and serving as the issue defines it, which cluster is active, which clusters exist.
 *
 * @param service the RayService as read, or null if it does not exist
 */
record RayServiceState(RayService service) {

  /** Reads {@code namespace/name}. */
  static RayServiceState read(KubernetesClient client, String namespace, String name) {
    return new RayServiceState(client.resources(RayService.class).inNamespace(namespace).withName(name).get());
  }

  /** Condition {@code Ready=True}, {@code serviceStatus: Running} and at least one serve endpoint. */
  boolean readyAndRunning() {
    RayServiceStatus status = service == null ? null : service.getStatus();
    return status != null && "Running".equals(status.getServiceStatus())
        && status.getNumServeEndpoints() != null && status.getNumServeEndpoints() >= 1
        && status.getConditions() != null && status.getConditions().stream()
            .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
  }

  /** The active cluster's name, if the status names one. */
  Optional<String> activeCluster() {
    RayServiceStatus status = service == null ? null : service.getStatus();
    return Optional.ofNullable(status == null || status.getActiveServiceStatus() == null ? null
        : status.getActiveServiceStatus().getRayClusterName()).filter(name -> !name.isBlank());
  }

  /** The pending cluster's name, if the status names one. */
  Optional<String> pendingCluster() {
    RayServiceStatus status = service == null ? null : service.getStatus();
    return Optional.ofNullable(status == null || status.getPendingServiceStatus() == null ? null
        : status.getPendingServiceStatus().getRayClusterName()).filter(name -> !name.isBlank());
  }

  /** The names of the RayClusters labelled as created by RayService {@code name}. */
  static List<String> clusters(KubernetesClient client, String namespace, String name) {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel("ray.io/originated-from-cr-name", name).withLabel("ray.io/originated-from-crd", "RayService")
        .list().getItems().stream().map(c -> c.getMetadata().getName()).sorted().toList();
  }

  @Override
  public String toString() {
    return service == null ? "(no RayService)" : service.getMetadata().getName() + " status "
        + io.fabric8.kubernetes.client.utils.Serialization.asJson(service.getStatus());
  }
}
