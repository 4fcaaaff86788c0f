package dev.raykube.sandbox;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the simulated Pods of one simulator share: the API client, the Node they are bound to, the Pod network, the
 * status writer, the Ray installation, the port allocator, the ports of each cluster, the heads that are up, and the
 * timeouts.
 */
final class NodeContext {

  final KubernetesClient client;
  final SimulatedNode node;
  final PodNetwork network = new PodNetwork(this);
  final PodStatusWriter status;
  final RayInstallation ray;
  final PortAllocator ports = new PortAllocator();
  final LocalDashboards dashboards = new LocalDashboards();
  /** How long a head may take to answer {@code ray health-check} and its dashboard, a worker its agent. */
  final Duration startTimeout;
  /** How long after SIGTERM a process group may take before SIGKILL. */
  final Duration stopTimeout;
  private final Map<String, ClusterPorts> clusterPorts = new ConcurrentHashMap<>();
  private final Map<String, List<Long>> processGroups = new ConcurrentHashMap<>();

  NodeContext(KubernetesClient client, SimulatedNode node, RayInstallation ray, Duration startTimeout,
      Duration stopTimeout) {
    this.client = client;
    this.node = node;
    this.status = new PodStatusWriter(client, network);
    this.ray = ray;
    this.startTimeout = startTimeout;
    this.stopTimeout = stopTimeout;
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
