package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeCondition;
import io.fabric8.kubernetes.api.model.NodeConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Node object the simulator's Pods are bound to ({@code raykube-sim-<namespace>}, or {@code raykube-local}), as a kubelet would keep it:
 * created with condition {@code Ready=True}, its status heartbeat renewed every {@value #HEARTBEAT_SECONDS} s (else
 * the controller-manager's node lifecycle controller would mark it {@code Unknown} after its grace period, set every
 * Pod on it not ready and, later, evict them), and deleted on close. Pods are bound with a {@code Binding} (what the
 * scheduler would do) before they are started.
 *
 * <p>Why a Node at all: the EndpointSlice controller skips a Pod whose node does not exist ("skipping Pod for
 * Service, Node not found"), so without one no Service ever gets an endpoint.
 */
final class SimulatedNode implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(SimulatedNode.class);
  static final int HEARTBEAT_SECONDS = 10;

  private final KubernetesClient client;
  private final String name;
  private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread thread = new Thread(r, "node-sim-heartbeat");
    thread.setDaemon(true);
    return thread;
  });

  private SimulatedNode(KubernetesClient client, String name) {
    this.client = client;
    this.name = name;
  }

  /** Creates (or takes over) the Node {@code name} and starts its heartbeat. */
  static SimulatedNode register(KubernetesClient client, String name) {
    SimulatedNode node = new SimulatedNode(client, name);
    Node wanted = new NodeBuilder().withNewMetadata().withName(node.name)
        .addToLabels("kubernetes.io/hostname", node.name).addToLabels("app.kubernetes.io/part-of", "raykube")
        .endMetadata().build();
    client.nodes().resource(wanted).createOr(existing -> existing.update());
    node.beat();
    node.heartbeat.scheduleWithFixedDelay(node::beat, HEARTBEAT_SECONDS, HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    log.info("node {} registered (Ready, heartbeat every {} s)", node.name, HEARTBEAT_SECONDS);
    return node;
  }

  String name() {
    return name;
  }

  /** Binds the Pod to this Node; false if the Pod is gone (or was bound elsewhere meanwhile). */
  boolean bind(Pod pod) {
    if (name.equals(pod.getSpec().getNodeName())) {
      return true;
    }
    try {
      client.bindings().inNamespace(pod.getMetadata().getNamespace()).resource(new BindingBuilder()
          .withNewMetadata().withName(pod.getMetadata().getName()).withUid(pod.getMetadata().getUid()).endMetadata()
          .withNewTarget().withApiVersion("v1").withKind("Node").withName(name).endTarget().build()).create();
      return true;
    } catch (KubernetesClientException e) {
      log.info("{}/{}: not bound to {} ({} {})", pod.getMetadata().getNamespace(), pod.getMetadata().getName(), name,
          e.getCode(), e.getMessage());
      return false;
    }
  }

  private void beat() {
    try {
      String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
      client.nodes().withName(name).editStatus(node -> {
        String since = node.getStatus() == null || node.getStatus().getConditions() == null ? now
            : node.getStatus().getConditions().stream().filter(c -> "Ready".equals(c.getType()))
                .map(NodeCondition::getLastTransitionTime).findFirst().orElse(now);
        NodeCondition ready = new NodeConditionBuilder().withType("Ready").withStatus("True")
            .withReason("KubeletReady").withMessage("raykube node simulator is posting ready status")
            .withLastHeartbeatTime(now).withLastTransitionTime(since).build();
        return new NodeBuilder(node).editOrNewStatus().withConditions(List.of(ready))
            .withAddresses(List.of(new io.fabric8.kubernetes.api.model.NodeAddress("127.0.0.1", "InternalIP"),
                new io.fabric8.kubernetes.api.model.NodeAddress(name, "Hostname")))
            .endStatus().build();
      });
    } catch (RuntimeException e) {
      log.warn("node {}: heartbeat failed: {}", name, e.toString());
    }
  }

  @Override
  public void close() {
    heartbeat.shutdownNow();
    try {
      client.nodes().withName(name).delete();
    } catch (RuntimeException e) {
      log.warn("node {}: not deleted: {}", name, e.toString());
    }
  }
}
