package dev.raykube.sandbox;

import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.RayCluster;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The dashboards of the heads that are up, by RayCluster: {@code http://127.0.0.1:<dashboard port>} and the token the
 * head was started with (token authentication). It is the {@link DashboardAccess} the operator uses in end-to-end
 * runs: the head Service has no endpoints (no kubelet, loopback Pod IPs), so the dashboard is reached at its local
 * port. Empty while the cluster's head is not up.
 */
final class LocalDashboards implements DashboardAccess {

  private final Map<String, DashboardEndpoint> byCluster = new ConcurrentHashMap<>();

  void up(String namespace, String cluster, int port, String token) {
    byCluster.put(namespace + "/" + cluster, new DashboardEndpoint("http://127.0.0.1:" + port, token));
  }

  void down(String namespace, String cluster) {
    byCluster.remove(namespace + "/" + cluster);
  }

  Optional<DashboardEndpoint> of(String namespace, String cluster) {
    return Optional.ofNullable(byCluster.get(namespace + "/" + cluster));
  }

  @Override
  public Optional<DashboardEndpoint> endpoint(RayCluster cluster) {
    return of(cluster.getMetadata().getNamespace(), cluster.getMetadata().getName());
  }

  @Override
  public String toString() {
    return "LocalDashboards" + byCluster.keySet();
  }
}
