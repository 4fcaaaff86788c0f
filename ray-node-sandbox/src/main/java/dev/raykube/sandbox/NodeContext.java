package dev.raykube.sandbox;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the simulated Pods of one simulator share: the API client, the Node they are bound to, the Pod network, the
 * status writer, the Ray installation and the stand-in heads, the port allocator, the ports of each cluster, the heads
 * that are up, and the timeouts.
 */
final class NodeContext {

  final KubernetesClient client;
  final SimulatedNode node;
  final PodNetwork network = new PodNetwork(this);
  final PodStatusWriter status;
  /** The Ray that runs real heads, workers and submitters; {@code null} if every head is a stand-in. */
  private final RayInstallation ray;
  /** Which clusters get a stand-in head instead of Ray; {@code null} if none does. */
  private final HeadStandIns standIns;
  private final Map<String, Boolean> standingIn = new ConcurrentHashMap<>();
  final PortAllocator ports = new PortAllocator();
  final LocalDashboards dashboards = new LocalDashboards();
  /** How long a head may take to answer {@code ray health-check} and its dashboard, a worker its agent. */
  final Duration startTimeout;
  /** How long after SIGTERM a process group may take before SIGKILL. */
  final Duration stopTimeout;
  private final Map<String, ClusterPorts> clusterPorts = new ConcurrentHashMap<>();
  private final Map<String, List<Long>> processGroups = new ConcurrentHashMap<>();

  NodeContext(KubernetesClient client, SimulatedNode node, RayInstallation ray, HeadStandIns standIns,
      Duration startTimeout, Duration stopTimeout) {
    this.client = client;
    this.node = node;
    this.status = new PodStatusWriter(client, network);
    this.ray = ray;
    this.standIns = standIns;
    this.startTimeout = startTimeout;
    this.stopTimeout = stopTimeout;
  }

  /**
   * The Ray installation.
   *
   * @throws IllegalStateException if the simulator was given none (only stand-in heads): a real head, a worker of a
   *     real cluster or a K8sJobMode submitter ({@code ray job submit}) cannot run then
   */
  RayInstallation ray() {
    if (ray == null) {
      throw new IllegalStateException("this node sandbox has no Ray installation (it was started with stand-in heads "
          + "only), so it cannot run real Ray processes such as this Pod's; give it a Ray virtual environment");
    }
    return ray;
  }

  /** Whether a Ray installation was given. */
  boolean hasRay() {
    return ray != null;
  }

  /**
   * Whether the head of cluster {@code namespace/name} is a stand-in ({@link HeadStandIns#standsIn}), decided when the
   * simulator first sees a Pod of the cluster and kept, so that its head and its workers agree.
   */
  boolean standsIn(String namespace, String cluster) {
    if (standIns == null) {
      return false;
    }
    return standingIn.computeIfAbsent(namespace + "/" + cluster, key -> {
      RayCluster owner = client.resources(RayCluster.class).inNamespace(namespace).withName(cluster).get();
      return owner != null && standIns.standsIn(owner);
    });
  }

  /** Starts the stand-in head of a cluster for which {@link #standsIn} said yes. */
  HeadStandIn startStandIn(String namespace, String cluster) {
    RayCluster owner = client.resources(RayCluster.class).inNamespace(namespace).withName(cluster).get();
    if (owner == null) {
      throw new IllegalStateException("RayCluster " + namespace + "/" + cluster + " is gone");
    }
    return standIns.start(owner);
  }

  /** The ports of cluster {@code namespace/name}, picked on first use. */
  ClusterPorts portsOf(String namespace, String cluster) {
    return clusterPorts.computeIfAbsent(namespace + "/" + cluster, key -> ClusterPorts.pick(ports));
  }

  /** The ports of cluster {@code namespace/name}, if picked already. */
  Optional<ClusterPorts> knownPorts(String namespace, String cluster) {
    return Optional.ofNullable(clusterPorts.get(namespace + "/" + cluster));
  }

  /** Records a {@code ray start} process group started for a Pod of the cluster. */
  void started(String namespace, String cluster, long pgid) {
    processGroups.computeIfAbsent(namespace + "/" + cluster, key -> new CopyOnWriteArrayList<>()).add(pgid);
  }

  /** Every {@code ray start} process group started for Pods of the cluster, in start order. */
  List<Long> processGroups(String namespace, String cluster) {
    return List.copyOf(processGroups.getOrDefault(namespace + "/" + cluster, List.of()));
  }
}
