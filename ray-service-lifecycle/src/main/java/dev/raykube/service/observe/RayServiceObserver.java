package dev.raykube.service.observe;

import dev.raykube.dashboard.AuthenticationException;
import dev.raykube.dashboard.DashboardUnavailableException;
import dev.raykube.dashboard.RayDashboardException;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardAccessException;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.service.decide.ObservedCluster;
import dev.raykube.service.decide.RayServiceLabels;
import dev.raykube.service.decide.RayServiceObservation;
import dev.raykube.service.decide.ServeDeployment;
import dev.raykube.service.decide.ServeLookup;
import dev.raykube.service.decide.ServePod;
import dev.raykube.service.decide.ServiceNames;
import dev.raykube.service.decide.ServiceTarget;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Observes a RayService's world into a {@link RayServiceObservation}, as its Javadoc asks:
 *
 * <ul>
 *   <li>its RayClusters, by the labels ({@link RayServiceReads#rayClusters}), leaving out any whose controller owner
 *       is another object; each head's readiness from the cluster's {@code HeadPodReady} condition or its head Pod
 *       ({@link RayPodReadiness#headPodReady});</li>
 *   <li>Serve on the cluster that is to run the config, the pending one while there is one, else the active one,
 *       once its head is ready ({@code GET /api/serve/applications/} through the {@link DashboardAccess} and
 *       {@link DashboardClients}), an error as {@link ServeLookup#failed(String)}. While a pending cluster comes up
 *       the active one is not asked (as in KubeRay): its applications' statuses stay as last mirrored;</li>
 *   <li>the last deployment to each cluster from {@link LastServeDeployments} (none after an operator restart, so
 *       the config is sent once more, as KubeRay does: Serve leaves applications whose config did not change as
 *       they are); the memory forgets the clusters that are gone;</li>
 *   <li>which cluster the head and serve Services select, the serve Service's ready EndpointSlice endpoints
 *       ({@link ServeEndpointCount}), and the proxy health of the head Pods of the active and pending clusters named
 *       in the stored status ({@link ServeProxyProbe}; a Pod that does not run or has no IP is unhealthy; workers'
 *       proxies are checked by their readiness probe).</li>
 * </ul>
 *
 * <p>It changes nothing, except that it forgets the dashboard clients and deployments of clusters that are gone.
 * Kubernetes API errors are thrown. Thread-safe when its parts are.
 */
public final class RayServiceObserver {
  private static final Logger LOG = LoggerFactory.getLogger(RayServiceObserver.class);

  private final RayServiceReads reads;
  private final DashboardAccess access;
  private final DashboardClients clients;
  private final LastServeDeployments deployments;
  private final ServeProxyProbe probe;

  /**
   * @param reads where the Kubernetes objects are read
   * @param access resolves a RayCluster's dashboard endpoint
   * @param clients the dashboard clients to query with
   * @param deployments the last deployment per cluster (shared with the actuator)
   * @param probe asks a Pod's Serve proxy for its health
   */
  public RayServiceObserver(RayServiceReads reads, DashboardAccess access, DashboardClients clients,
      LastServeDeployments deployments, ServeProxyProbe probe) {
    this.reads = Objects.requireNonNull(reads, "reads");
    this.access = Objects.requireNonNull(access, "access");
    this.clients = Objects.requireNonNull(clients, "clients");
    this.deployments = Objects.requireNonNull(deployments, "deployments");
    this.probe = Objects.requireNonNull(probe, "probe");
  }

  /**
   * Observes a RayService.
   *
   * @param rayService the RayService as read; not changed
   * @return the observation
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the Kubernetes API cannot be read
   */
  public ObservedRayService observe(RayService rayService) {
    Objects.requireNonNull(rayService, "rayService");
    String namespace = rayService.getMetadata().getNamespace();
    String name = rayService.getMetadata().getName();
    Set<String> servingNames = servingClusterNames(rayService);
    String pendingName = clusterName(rayService.getStatus() == null ? null
        : rayService.getStatus().getPendingServiceStatus());

    List<ObservedCluster> clusters = new ArrayList<>();
    List<ServePod> servePods = new ArrayList<>();
    Map<String, DashboardEndpoint> dashboards = new HashMap<>();
    Set<String> uids = new HashSet<>();
    Set<String> known = new HashSet<>();
    for (RayCluster cluster : reads.rayClusters(namespace, name)) {
      if (!ownedBy(cluster, rayService)) {
        continue;
      }
      String clusterName = cluster.getMetadata().getName();
      known.add(clusterName);
      if (cluster.getMetadata().getUid() != null) {
        uids.add(cluster.getMetadata().getUid());
      }
      boolean serving = servingNames.contains(clusterName) && cluster.getMetadata().getDeletionTimestamp() == null;
      List<Pod> pods = serving ? reads.pods(namespace, clusterName) : List.of();
      boolean headReady = RayPodReadiness.headPodReady(cluster, pods);
      ServeLookup serve = ServeLookup.notQueried();
      if (headReady && (pendingName == null || pendingName.equals(clusterName))) {
        serve = lookUpServe(namespace, cluster, dashboards);
      }
      clusters.add(new ObservedCluster(cluster, headReady, serve, lastDeployment(cluster)));
      for (Pod pod : pods) {
        if (RayPodReadiness.isHead(pod)) { // workers' proxies are their readiness probe's
          servePods.add(servePod(pod, clusterName));
        }
      }
    }
    deployments.retainOnly(namespace, name, uids);
    for (String gone : servingNames) {
      if (!known.contains(gone)) {
        clients.forget(namespace, gone);
      }
    }

    String serveServiceName = ServiceNames.serveService(rayService);
    ServiceTarget head = target(reads.service(namespace, ServiceNames.headService(rayService)));
    ServiceTarget serveTarget = target(reads.service(namespace, serveServiceName));
    int endpoints = serveTarget instanceof ServiceTarget.Absent ? 0
        : ServeEndpointCount.of(reads.endpointSlices(namespace, serveServiceName));
    return new ObservedRayService(rayService,
        new RayServiceObservation(clusters, head, serveTarget, endpoints, servePods), dashboards);
  }

  private ServeLookup lookUpServe(String namespace, RayCluster cluster, Map<String, DashboardEndpoint> dashboards) {
    String clusterName = cluster.getMetadata().getName();
    DashboardEndpoint endpoint;
    try {
      endpoint = access.endpoint(cluster).orElse(null);
    } catch (DashboardAccessException e) {
      LOG.warn("RayCluster {}/{}: cannot address the dashboard: {}", namespace, clusterName, e.getMessage());
      return ServeLookup.failed("cannot address the dashboard of RayCluster " + clusterName + ": " + e.getMessage());
    }
    if (endpoint == null) {
      return ServeLookup.failed("the dashboard of RayCluster " + clusterName + " has no address yet");
    }
    dashboards.put(clusterName, endpoint);
    try {
      return ServeLookup.details(clients.client(namespace, clusterName, endpoint).getServeApplications());
    } catch (IllegalArgumentException e) {
      return ServeLookup.failed("cannot make a dashboard client for " + endpoint.url() + ": " + e.getMessage());
    } catch (RayDashboardException e) {
      return ServeLookup.failed(describe(e, endpoint.url()));
    }
  }

  /** A dashboard error as a message that names its kind. */
  static String describe(RayDashboardException e, String url) {
    String detail = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (e instanceof DashboardUnavailableException) {
      return "dashboard " + url + " unreachable: " + detail;
    }
    if (e instanceof AuthenticationException) {
      return "dashboard " + url + " refused the credentials: " + detail;
    }
    return "dashboard " + url + " answered with an error: " + detail;
  }

  private ServeDeployment lastDeployment(RayCluster cluster) {
    return deployments.last(cluster.getMetadata().getUid()).orElse(null);
  }

  private ServePod servePod(Pod pod, String clusterName) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    String label = labels == null ? null : labels.get(RayServiceLabels.SERVE);
    boolean healthy = RayPodReadiness.probeable(pod)
        && probe.healthy(pod.getStatus().getPodIP(), RayPodReadiness.servePort(pod));
    return new ServePod(pod.getMetadata().getName(), clusterName, RayPodReadiness.isHead(pod), label, healthy);
  }

  private static Set<String> servingClusterNames(RayService rayService) {
    Set<String> names = new HashSet<>();
    if (rayService.getStatus() != null) {
      addName(names, rayService.getStatus().getActiveServiceStatus());
      addName(names, rayService.getStatus().getPendingServiceStatus());
    }
    return names;
  }

  private static String clusterName(RayServiceClusterStatus status) {
    return status == null ? null : status.getRayClusterName();
  }

  private static void addName(Set<String> names, RayServiceClusterStatus status) {
    if (status != null && status.getRayClusterName() != null) {
      names.add(status.getRayClusterName());
    }
  }

  /** Labelled as the RayService's, and not controlled by another object. */
  private static boolean ownedBy(RayCluster cluster, RayService rayService) {
    List<OwnerReference> owners = cluster.getMetadata().getOwnerReferences();
    if (owners == null || rayService.getMetadata().getUid() == null) {
      return true;
    }
    return owners.stream().noneMatch(o -> Boolean.TRUE.equals(o.getController())
        && !rayService.getMetadata().getUid().equals(o.getUid()));
  }

  private static ServiceTarget target(Service service) {
    if (service == null) {
      return ServiceTarget.absent();
    }
    Map<String, String> selector = service.getSpec() == null ? null : service.getSpec().getSelector();
    String cluster = selector == null ? null : selector.get(RayClusterLabels.CLUSTER);
    return cluster == null ? ServiceTarget.selectsNoCluster() : ServiceTarget.selects(cluster);
  }
}
