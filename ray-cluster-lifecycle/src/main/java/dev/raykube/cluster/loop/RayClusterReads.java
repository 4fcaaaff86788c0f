package dev.raykube.cluster.loop;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Collection;
import java.util.Objects;

/**
 * Where the RayCluster loop reads a cluster's Pods and Services: the caller's informer caches (the reference operator's
 * event sources), or the API server ({@link #fromApi}). The loop corrects what it reads by the expectations of its
 * own recent writes, so a cache that lags is fine. Implementations must be thread-safe.
 */
public interface RayClusterReads {

  /**
   * The cluster's Pods: those labelled {@code ray.io/cluster=<name>} in its namespace.
   *
   * @param cluster the RayCluster
   * @return its Pods, possibly empty
   */
  Collection<Pod> pods(RayCluster cluster);

  /**
   * The cluster's Services (the head Service among them).
   *
   * @param cluster the RayCluster
   * @return its Services, possibly empty
   */
  Collection<Service> services(RayCluster cluster);

  /**
   * Reads from the API server: one list of Pods and one of Services per reconcile, by label.
   *
   * @param client the client
   * @return the reads
   */
  static RayClusterReads fromApi(KubernetesClient client) {
    Objects.requireNonNull(client, "client");
    return new RayClusterReads() {
      @Override
      public Collection<Pod> pods(RayCluster cluster) {
        return client.pods().inNamespace(cluster.getMetadata().getNamespace())
            .withLabel(RayClusterLabels.CLUSTER, cluster.getMetadata().getName()).list().getItems();
      }

      @Override
      public Collection<Service> services(RayCluster cluster) {
        return client.services().inNamespace(cluster.getMetadata().getNamespace())
            .withLabel(RayClusterLabels.CLUSTER, cluster.getMetadata().getName()).list().getItems();
      }
    };
  }
}
