package dev.raykube.bench.side;

import io.fabric8.kubernetes.api.model.BindingBuilder;
import io.fabric8.kubernetes.api.model.NodeBuilder;
import io.fabric8.kubernetes.api.model.NodeStatus;
import io.fabric8.kubernetes.api.model.NodeStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.api.model.coordination.v1.LeaseBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The Node object of the harness's node, for scenarios that read a Service's endpoints: the kube-controller-manager
 * writes Endpoints and EndpointSlices only for Pods bound to a Node that exists ("Node Not Found" otherwise). Made
 * Ready and kept alive as a kubelet would (its Lease in {@code kube-node-lease} renewed every 10 s, so the node
 * lifecycle controller neither marks its Pods not ready nor evicts them); {@link #bind(Pod)} binds a Pod to it as
 * the scheduler does. All by the harness's own user, never counted against an operator. {@link #close()} deletes
 * both.
 */
public final class BenchNode implements AutoCloseable {

  static final String NAME = "raykube-bench-node";
  private static final String LEASE_NAMESPACE = "kube-node-lease";

  private final KubernetesClient client;
  private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "bench-node-heartbeat");
    t.setDaemon(true);
    return t;
  });

  private BenchNode(KubernetesClient client) {
    this.client = client;
  }

  /** Registers the Node (Ready) and its Lease and starts renewing it. */
  public static BenchNode register(KubernetesClient client) {
    BenchNode node = new BenchNode(client);
    String now = ZonedDateTime.now().truncatedTo(ChronoUnit.SECONDS).toInstant().toString();
    client.nodes().resource(new NodeBuilder().withNewMetadata().withName(NAME)
        .addToLabels("kubernetes.io/hostname", NAME).endMetadata().build()).create();
    NodeStatus status = new NodeStatusBuilder()
        .addNewCondition().withType("Ready").withStatus("True").withReason("KubeletReady")
        .withMessage("the side-by-side harness runs this node's Pods").withLastHeartbeatTime(now)
        .withLastTransitionTime(now).endCondition()
        .addNewAddress().withType("InternalIP").withAddress("198.18.0.0").endAddress().build();
    client.nodes().withName(NAME).subresource("status").patch(PatchContext.of(PatchType.JSON_MERGE),
        client.getKubernetesSerialization().asJson(Map.of("status", status)));
    client.resources(Lease.class).inNamespace(LEASE_NAMESPACE).resource(new LeaseBuilder().withNewMetadata()
        .withName(NAME).withNamespace(LEASE_NAMESPACE).endMetadata().withNewSpec().withHolderIdentity(NAME)
        .withLeaseDurationSeconds(40).withRenewTime(ZonedDateTime.now()).endSpec().build()).create();
    node.heartbeat.scheduleWithFixedDelay(node::renew, 10, 10, TimeUnit.SECONDS);
    return node;
  }

  private void renew() {
    try {
      client.resources(Lease.class).inNamespace(LEASE_NAMESPACE).withName(NAME).edit(lease -> {
        lease.getSpec().setRenewTime(ZonedDateTime.now());
        return lease;
      });
    } catch (KubernetesClientException e) {
      System.err.println("bench-node: cannot renew the Lease of " + NAME + ": " + e.getMessage());
    }
  }

  /** Binds {@code pod} to this Node unless it is bound already; a Pod deleted meanwhile is left alone. */
  void bind(Pod pod) {
    if (pod.getSpec().getNodeName() != null) {
      return;
    }
    try {
      client.bindings().inNamespace(pod.getMetadata().getNamespace()).resource(new BindingBuilder()
          .withNewMetadata().withName(pod.getMetadata().getName()).withUid(pod.getMetadata().getUid()).endMetadata()
          .withNewTarget().withApiVersion("v1").withKind("Node").withName(NAME).endTarget().build()).create();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404 && e.getCode() != 409) {
        throw e;
      }
    }
  }

  @Override
  public void close() {
    heartbeat.shutdownNow();
    client.resources(Lease.class).inNamespace(LEASE_NAMESPACE).withName(NAME).delete();
    client.nodes().withName(NAME).delete();
  }
}
