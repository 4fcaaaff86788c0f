package dev.raykube.service.act;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.kernel.finalizer.CleanupOutcome;
import dev.raykube.kernel.finalizer.CleanupReason;
import dev.raykube.kernel.finalizer.CleanupStep;
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

  /** Why an attempt ended as it did; {@code RayServiceLoop} records its Events by these. */
  public enum Reason implements CleanupReason {
    /** No RayCluster of the RayService was there. Done. */
    NO_RAY_CLUSTERS_LEFT("NoRayClustersLeft"),
    /** The attempt deleted the remaining RayClusters and none is left. Done. */
    RAY_CLUSTERS_DELETED("RayClustersDeleted"),
    /** Some RayClusters are still being deleted. Failed, retryable. */
    RAY_CLUSTERS_TERMINATING("RayClustersTerminating"),
    /** The API server refused to list or delete them. Failed; retryable unless the refusal is permanent. */
    RAY_CLUSTER_DELETION_FAILED("RayClusterDeletionFailed");

    private final String value;

    Reason(String value) {
      this.value = value;
    }

    @Override
    public String value() {
      return value;
    }
  }

  /** Lists the RayClusters a RayService created: from the API server, or from a cache such as an informer's. */
  @FunctionalInterface
  public interface ClusterLister {
    /**
     * The RayClusters in {@code namespace} labelled as created by RayService {@code rayServiceName}.
     *
     * @param namespace the RayService's namespace
     * @param rayServiceName its name
     * @return the clusters, possibly empty
     */
    List<RayCluster> list(String namespace, String rayServiceName);
  }

  private final KubernetesClient client;
  private final ClusterLister lister;

  /** @param client the client to list (from the API server) and delete RayClusters with */
  public RayServiceClusterCleanup(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
    this.lister = this::listFromApi;
  }

  /**
   * @param client the client to delete RayClusters with
   * @param lister where the RayService's clusters are listed, e.g. a synced informer of them: a cluster it still
   *     shows after its deletion keeps the attempt failing (retryably) until it shows none
   */
  public RayServiceClusterCleanup(KubernetesClient client, ClusterLister lister) {
    this.client = Objects.requireNonNull(client, "client");
    this.lister = Objects.requireNonNull(lister, "lister");
  }

  @Override
  public CleanupOutcome attempt(RayService rayService) {
    Objects.requireNonNull(rayService, "rayService");
    String namespace = rayService.getMetadata().getNamespace();
    String name = rayService.getMetadata().getName();
    try {
      List<RayCluster> found = lister.list(namespace, name);
      if (found.isEmpty()) {
        return CleanupOutcome.done(Reason.NO_RAY_CLUSTERS_LEFT, "No RayCluster of RayService " + name + " remains");
      }
      List<String> deleted = new ArrayList<>();
      for (RayCluster cluster : found) {
        if (!cluster.isMarkedForDeletion()) {
          client.resources(RayCluster.class).inNamespace(namespace).withName(cluster.getMetadata().getName()).delete();
          deleted.add(cluster.getMetadata().getName());
        }
      }
      List<String> remaining = lister.list(namespace, name).stream().map(c -> c.getMetadata().getName()).toList();
      if (remaining.isEmpty()) {
        return CleanupOutcome.done(Reason.RAY_CLUSTERS_DELETED, "Deleted the RayClusters of RayService " + name + ": "
            + String.join(", ", deleted));
      }
      return CleanupOutcome.failed(Reason.RAY_CLUSTERS_TERMINATING, remaining.size() + " RayCluster(s) of RayService " + name
          + " still being deleted: " + String.join(", ", remaining)
          + (deleted.isEmpty() ? "" : " (deletion requested now for " + String.join(", ", deleted) + ")"), true);
    } catch (KubernetesClientException e) {
      int code = e.getCode();
      boolean retryable = code == 0 || code == 408 || code == 409 || code == 429 || code >= 500;
      return CleanupOutcome.failed(Reason.RAY_CLUSTER_DELETION_FAILED, "Could not delete the RayClusters of RayService " + name
          + " (HTTP " + code + "): " + e.getMessage(), retryable);
    }
  }

  private List<RayCluster> listFromApi(String namespace, String name) {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel(RayClusterLabels.ORIGINATED_FROM_CR_NAME, name)
        .withLabel(RayClusterLabels.ORIGINATED_FROM_CRD, RAYSERVICE_KIND)
        .list().getItems();
  }
}
