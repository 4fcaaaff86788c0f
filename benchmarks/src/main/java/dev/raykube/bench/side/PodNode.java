package dev.raykube.bench.side;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.net.InetAddress;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The node of the side-by-side runs, the same for both operators: every Pod labelled {@code ray.io/cluster} is
 * reported Running and Ready at once (one status-subresource patch, as a kubelet would write; by the harness's own
 * user, so it is never counted against an operator), with a Pod IP of its own ({@link PodAddresses}) that routes to
 * the loopback address of its cluster's head Service ({@link ServiceHosts}). Before a head Pod is reported running,
 * its dashboard is brought up at that address ({@link HeadDashboards}); when the head Pod is deleted, the dashboard
 * goes down. Where a scenario reads Services' endpoints, the Pods are first bound to a {@link BenchNode}, as the
 * scheduler would, and removed when deleted, as their kubelet would confirm; elsewhere they stay unbound (the API
 * server removes an unbound Pod at once), as in the runs of {@code docs/performance.md} before the RayService
 * scenario (the kube-controller-manager then writes no endpoints for them). Nothing runs in the Pods: this measures
 * the operators, not Ray.
 */
public final class PodNode implements AutoCloseable {

  static final String CLUSTER_LABEL = "ray.io/cluster";
  static final String NODE_TYPE_LABEL = "ray.io/node-type";

  private final KubernetesClient client;
  private final ServiceHosts hosts;
  private final HeadDashboards heads;
  private final PodAddresses addresses;
  private final BenchNode bench;
  private final Set<String> started = ConcurrentHashMap.newKeySet();
  private final Set<String> terminating = ConcurrentHashMap.newKeySet();
  private final ExecutorService writers = Executors.newFixedThreadPool(8, r -> {
    Thread t = new Thread(r, "pod-node");
    t.setDaemon(true);
    return t;
  });
  private final SharedIndexInformer<Pod> informer;

  /** @param bench the Node to bind Pods to, or null to leave them unbound */
  public PodNode(KubernetesClient client, ServiceHosts hosts, PodAddresses addresses, HeadDashboards heads,
      BenchNode bench) {
    this.client = client;
    this.hosts = hosts;
    this.addresses = addresses;
    this.heads = heads;
    this.bench = bench;
    this.informer = client.pods().inAnyNamespace().withLabel(CLUSTER_LABEL).inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(Pod pod) {
        offer(pod);
      }

      @Override
      public void onUpdate(Pod old, Pod pod) {
        offer(pod);
      }

      @Override
      public void onDelete(Pod pod, boolean unknownFinalState) {
        started.remove(pod.getMetadata().getUid());
        terminating.remove(pod.getMetadata().getUid());
        addresses.release(pod.getMetadata().getUid());
        if (isHead(pod)) {
          heads.down(pod.getMetadata().getNamespace(), pod.getMetadata().getLabels().get(CLUSTER_LABEL));
        }
      }
    });
  }

  /** The dashboards this node brings up. */
  public HeadDashboards heads() {
    return heads;
  }

  private void offer(Pod pod) {
    if (pod.getMetadata().getDeletionTimestamp() != null && pod.getSpec().getNodeName() != null
        && terminating.add(pod.getMetadata().getUid())) {
      writers.execute(() -> terminate(pod));
      return;
    }
    boolean running = pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase());
    if (!running && pod.getMetadata().getDeletionTimestamp() == null && started.add(pod.getMetadata().getUid())) {
      writers.execute(() -> run(pod));
    }
  }

  private void run(Pod pod) {
    String namespace = pod.getMetadata().getNamespace();
    String cluster = pod.getMetadata().getLabels().get(CLUSTER_LABEL);
    InetAddress clusterAddress = hosts.assign(ServiceHosts.headServiceName(namespace, cluster));
    if (isHead(pod)) {
      heads.up(namespace, cluster, clusterAddress);
    }
    String podIp = addresses.assign(pod.getMetadata().getUid(), clusterAddress).getHostAddress();
    String patch = client.getKubernetesSerialization().asJson(Map.of("status", running(pod, podIp)));
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        if (bench != null) {
          bench.bind(pod);
        }
        client.pods().inNamespace(namespace).withName(pod.getMetadata().getName()).subresource("status")
            .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 404) {
          return;
        }
        if (attempt == 2) {
          System.err.println("pod-node: cannot report " + namespace + "/" + pod.getMetadata().getName() + " running: "
              + e.getMessage());
        }
      }
    }
  }

  /**
   * A bound Pod being deleted stays until its kubelet confirms that its containers stopped; this node confirms at once
   * (a delete with grace period 0, as the kubelet sends).
   */
  private void terminate(Pod pod) {
    try {
      client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
          .withGracePeriod(0).delete();
    } catch (KubernetesClientException e) {
      if (e.getCode() != 404) {
        System.err.println("pod-node: cannot remove " + pod.getMetadata().getNamespace() + "/"
            + pod.getMetadata().getName() + ": " + e.getMessage());
      }
    }
  }

  private static boolean isHead(Pod pod) {
    Map<String, String> labels = pod.getMetadata().getLabels();
    return labels != null && "head".equals(labels.get(NODE_TYPE_LABEL)) && labels.get(CLUSTER_LABEL) != null;
  }

  private static PodStatus running(Pod pod, String podIp) {
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    List<ContainerStatus> init = pod.getSpec().getInitContainers().stream().map(c -> base(c).withReady(false)
        .withStarted(false).withNewState().withNewTerminated().withExitCode(0).withReason("Completed")
        .withFinishedAt(now).endTerminated().endState().build()).toList();
    List<ContainerStatus> app = pod.getSpec().getContainers().stream().map(c -> base(c).withReady(true)
        .withStarted(true).withNewState().withNewRunning().withStartedAt(now).endRunning().endState().build())
        .toList();
    return new PodStatusBuilder().withPhase("Running").withPodIP(podIp).addNewPodIP().withIp(podIp).endPodIP()
        .withHostIP("127.0.0.1").withStartTime(now).withInitContainerStatuses(init).withContainerStatuses(app)
        .withConditions(condition("PodScheduled", now), condition("Initialized", now),
            condition("ContainersReady", now), condition("Ready", now))
        .build();
  }

  private static ContainerStatusBuilder base(Container c) {
    return new ContainerStatusBuilder().withName(c.getName()).withImage(c.getImage()).withImageID("")
        .withRestartCount(0);
  }

  private static PodCondition condition(String type, String now) {
    return new PodConditionBuilder().withType(type).withStatus("True").withLastTransitionTime(now).build();
  }

  @Override
  public void close() {
    informer.close();
    writers.shutdownNow();
    if (bench != null) {
      bench.close();
    }
  }
}
