package dev.raykube.job.observe;

import dev.raykube.job.stop.StopTarget;
import dev.raykube.job.stop.StopTargetResolver;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardAccessException;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;
import java.util.Optional;

/**
 * A {@link StopTargetResolver} for RayClusters with or without token authentication: the dashboard address and
 * submission id come from the RayJob's status ({@code status.dashboardURL}, {@code status.jobId}) as with
 * {@link StopTargetResolver#fromStatus}, the token from the RayCluster named in {@code status.rayClusterName} through
 * the {@link DashboardAccess}, and the client from {@link DashboardClients}. When the RayCluster no longer exists the
 * stop is tried without a token (its dashboard is most likely gone as well; the outcome says so).
 *
 * <p>A {@link DashboardAccessException} (e.g. the auth Secret is missing) is thrown, which the finalizer's cleanup
 * counts as a failed, retryable attempt. Thread-safe.
 */
public final class ClusterStopTargets implements StopTargetResolver {
  private final KubernetesClient client;
  private final DashboardAccess access;
  private final DashboardClients clients;

  /**
   * @param client reads the RayCluster
   * @param access gives the cluster's token
   * @param clients the dashboard clients
   */
  public ClusterStopTargets(KubernetesClient client, DashboardAccess access, DashboardClients clients) {
    this.client = Objects.requireNonNull(client, "client");
    this.access = Objects.requireNonNull(access, "access");
    this.clients = Objects.requireNonNull(clients, "clients");
  }

  @Override
  public Optional<StopTarget> resolve(RayJob rayJob) {
    RayJobStatus status = rayJob.getStatus();
    if (status == null || isBlank(status.getJobId()) || isBlank(status.getDashboardURL())) {
      return Optional.empty();
    }
    String namespace = rayJob.getMetadata().getNamespace();
    String clusterName = isBlank(status.getRayClusterName()) ? "" : status.getRayClusterName();
    String token = null;
    if (!clusterName.isEmpty()) {
      RayCluster cluster = client.resources(RayCluster.class).inNamespace(namespace).withName(clusterName).get();
      if (cluster != null) {
        token = access.endpoint(cluster).map(DashboardEndpoint::token).orElse(null);
      }
    }
    DashboardEndpoint endpoint = new DashboardEndpoint(DashboardEndpoint.urlOf(status.getDashboardURL()), token);
    return Optional.of(new StopTarget(clients.client(namespace, clusterName, endpoint), status.getJobId()));
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
