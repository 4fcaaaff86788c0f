package dev.raykube.lifecycle.kube;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.lifecycle.finalizer.CleanupOutcome;
import dev.raykube.lifecycle.finalizer.CleanupStep;
import dev.raykube.lifecycle.job.RayJobLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The cleanup behind {@code ray.io/rayservice-finalizer}: delete every RayCluster in the RayService's namespace
 * labelled {@code ray.io/originated-from-cr-name=<name>} and {@code ray.io/originated-from-crd=RayService}. Done when
 * none remains; while some are still terminating the attempt fails, retryably. Repeating it is harmless: clusters
 * already being deleted are not deleted again.
 */
public final class RayServiceClusterCleanup implements CleanupStep<RayService> {
  /** The value of {@link RayClusterLabels#ORIGINATED_FROM_CRD} on clusters a RayService created. */
  public static final String RAYSERVICE_KIND = "RayService";

  private final KubernetesClient client;

  /** @param client the client to list and delete RayClusters with */
  public RayServiceClusterCleanup(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  @Override
  public CleanupOutcome attempt(RayService rayService) {
    Objects.requireNonNull(rayService, "rayService");
    String namespace = rayService.getMetadata().getNamespace();
    String name = rayService.getMetadata().getName();
    try {
      List<RayCluster> found = list(namespace, name);
      if (found.isEmpty()) {
        return CleanupOutcome.done("NoRayClustersLeft", "No RayCluster of RayService " + name + " remains");
      }
      List<String> deleted = new ArrayList<>();
      for (RayCluster cluster : found) {
        if (!cluster.isMarkedForDeletion()) {
          client.resources(RayCluster.class).inNamespace(namespace).withName(cluster.getMetadata().getName()).delete();
          deleted.add(cluster.getMetadata().getName());
        }
      }
      List<String> remaining = list(namespace, name).stream().map(c -> c.getMetadata().getName()).toList();
      if (remaining.isEmpty()) {
        return CleanupOutcome.done("RayClustersDeleted", "Deleted the RayClusters of RayService " + name + ": "
            + String.join(", ", deleted));
      }
      return CleanupOutcome.failed("RayClustersTerminating", remaining.size() + " RayCluster(s) of RayService " + name
          + " still being deleted: " + String.join(", ", remaining)
          + (deleted.isEmpty() ? "" : " (deletion requested now for " + String.join(", ", deleted) + ")"), true);
    } catch (KubernetesClientException e) {
      int code = e.getCode();
      boolean retryable = code == 0 || code == 408 || code == 409 || code == 429 || code >= 500;
      return CleanupOutcome.failed("RayClusterDeletionFailed", "Could not delete the RayClusters of RayService " + name
          + " (HTTP " + code + "): " + e.getMessage(), retryable);
    }
  }

  private List<RayCluster> list(String namespace, String name) {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel(RayJobLabels.ORIGINATED_FROM_CR_NAME, name)
        .withLabel(RayClusterLabels.ORIGINATED_FROM_CRD, RAYSERVICE_KIND)
        .list().getItems();
  }
}
