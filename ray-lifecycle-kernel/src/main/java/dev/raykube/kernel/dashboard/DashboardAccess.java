package dev.raykube.kernel.dashboard;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the dashboard of a RayCluster is and how to authenticate to it: the one pluggable piece between a RayJob's
 * cluster and the dashboard client. {@link #inCluster(KubernetesClient)} is the address an operator running in the
 * Kubernetes cluster uses (head Service DNS name and dashboard port, token from the cluster's auth Secret);
 * {@link #fixed(String)} is for tests and end-to-end runs where the dashboard is somewhere else (a fake, a
 * port-forward).
 *
 * <p>Implementations must be thread-safe. They may read the Kubernetes API; they must not call the dashboard.
 */
@FunctionalInterface
public interface DashboardAccess {

  /**
   * The dashboard endpoint of a RayCluster.
   *
   * @param cluster the RayCluster as read; not null
   * @return the endpoint, or empty while it cannot be known yet (e.g. the head Service does not exist yet)
   * @throws DashboardAccessException if it cannot be known until someone fixes something (e.g. the auth token Secret
   *     is missing)
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if reading the API failed
   */
  Optional<DashboardEndpoint> endpoint(RayCluster cluster);

  /**
   * In-cluster access with the cluster domain {@code cluster.local}; see {@link InClusterDashboardAccess}.
   *
   * @param client reads the head Service and the auth token Secret
   */
  static DashboardAccess inCluster(KubernetesClient client) {
    return new InClusterDashboardAccess(client, InClusterDashboardAccess.DEFAULT_CLUSTER_DOMAIN);
  }

  /**
   * In-cluster access; see {@link InClusterDashboardAccess}.
   *
   * @param client reads the head Service and the auth token Secret
   * @param clusterDomain the Kubernetes cluster's DNS domain, e.g. {@code cluster.local}
   */
  static DashboardAccess inCluster(KubernetesClient client, String clusterDomain) {
    return new InClusterDashboardAccess(client, clusterDomain);
  }

  /**
   * In-cluster access that reads the head Service through {@code services} (an informer cache first, for one); see
   * {@link InClusterDashboardAccess}.
   *
   * @param client reads the auth token Secret
   * @param clusterDomain the Kubernetes cluster's DNS domain, e.g. {@code cluster.local}
   * @param services where the head Service is read
   */
  static DashboardAccess inCluster(KubernetesClient client, String clusterDomain, ServiceReads services) {
    return new InClusterDashboardAccess(services, client, clusterDomain);
  }

  /**
   * The same dashboard for every RayCluster, without a token: tests against a fake dashboard, a port-forward.
   *
   * @param url the dashboard URL, e.g. {@code http://127.0.0.1:8265}
   */
  static DashboardAccess fixed(String url) {
    return fixed(url, null);
  }

  /**
   * The same dashboard and token for every RayCluster.
   *
   * @param url the dashboard URL, e.g. {@code http://127.0.0.1:8265}
   * @param token the bearer token, or {@code null}
   */
  static DashboardAccess fixed(String url, String token) {
    DashboardEndpoint endpoint = new DashboardEndpoint(url, token);
    return new DashboardAccess() {
      @Override
      public Optional<DashboardEndpoint> endpoint(RayCluster cluster) {
        Objects.requireNonNull(cluster, "cluster");
        return Optional.of(endpoint);
      }

      @Override
      public String toString() {
        return "DashboardAccess.fixed(" + endpoint + ")";
      }
    };
  }
}
