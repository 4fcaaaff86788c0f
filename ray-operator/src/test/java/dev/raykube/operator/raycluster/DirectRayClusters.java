package dev.raykube.operator.raycluster;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.testing.DirectReconciles;
import dev.raykube.testing.PodSimulator;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * The RayCluster controller's reconciler (production timings) called directly ({@link DirectReconciles}) in a
 * namespace of its own, at a clock that stands at the real time (the mock stamps deletions with it) until the test
 * moves it. The reconciler reads Pods and Services from the API server, as it does without informers. The test plays
 * kubelet: before each step, the cluster's new Pods become Running and Ready. JOSDK adds no finalizer (the controller
 * manages its own) and calls the reconciler on every event, a deleted RayCluster's last copy included.
 */
final class DirectRayClusters extends DirectReconciles<RayCluster> {

  static final RayClusterTimings TIMINGS = RayClusterTimings.defaults();
  /** Reconciles {@link #settle} takes at most before it fails. */
  static final int MAX_STEPS = 20;
  /** Whether a RayCluster exists and is {@code ready}: a condition for {@link #runUntil}. */
  static final Predicate<RayCluster> READY =
      c -> c != null && c.getStatus() != null && "ready".equals(c.getStatus().getStateValue());
  private static final AtomicInteger SERIAL = new AtomicInteger();

  private int nextIp = 1;

  /** The reconciler as the operator builds it with the settings of {@code args}. */
  DirectRayClusters(KubernetesClient client, String... args) {
    super(client, RayCluster.class, "ray-" + SERIAL.incrementAndGet(), null, null,
        (context, noDashboard) -> new RayClusterController(TIMINGS).reconciler(context), args);
  }

  /** Kubelet starts the cluster's new Pods. */
  @Override
  protected void beforeStep(String name) {
    pods(name).stream().filter(p -> p.getStatus() == null || p.getStatus().getPhase() == null)
        .forEach(p -> PodSimulator.setStatus(client, ns, p.getMetadata().getName(),
            pod -> PodSimulator.running(pod, nextIp++, clock.instant())));
  }

  /** Steps RayCluster {@code name} until a reconcile waits for nothing (no requeue, or the periodic resync). */
  void settle(String name) {
    for (int i = 0; i < MAX_STEPS; i++) {
      if (step(name).filter(after -> after.compareTo(TIMINGS.resync()) < 0).isEmpty()) {
        return;
      }
    }
    throw new AssertionError(name + " does not settle in " + MAX_STEPS + " reconciles");
  }

  /** Marks the Pod Failed and not Ready, as kubelet does when its Ray container exits with an error. */
  void fail(Pod pod) {
    PodSimulator.setStatus(client, ns, pod.getMetadata().getName(), PodSimulator::failed);
  }

  /** The Pods of a RayCluster, of node type {@code head} or {@code worker} if one is given, by name. */
  List<Pod> pods(String cluster, String... nodeType) {
    return client.pods().inNamespace(ns).withLabel(RayClusterLabels.CLUSTER, cluster).list().getItems().stream()
        .filter(p -> nodeType.length == 0
            || nodeType[0].equals(p.getMetadata().getLabels().get(RayClusterLabels.NODE_TYPE)))
        .sorted(Comparator.comparing(p -> p.getMetadata().getName())).toList();
  }

  /** Its worker Pods, by name. */
  List<Pod> workers(String cluster) {
    return pods(cluster, "worker");
  }

  /** Its head Pod, or {@code null}. */
  Pod head(String cluster) {
    return pods(cluster, "head").stream().findFirst().orElse(null);
  }

  /** The Service of that name, or {@code null}. */
  Service service(String name) {
    return client.services().inNamespace(ns).withName(name).get();
  }

  /** The Events about a RayCluster of {@code reason}. */
  List<Event> events(String cluster, ClusterEventReason reason) {
    return events(cluster, reason.value());
  }

  /** How many Pods the Events name ({@code <namespace>/<pod>} each; one Event names every Pod of one change). */
  int podsNamed(List<Event> events) {
    return events.stream().mapToInt(e -> e.getMessage().split(ns + "/", -1).length - 1).sum();
  }

  /** The status condition of that type, {@code null} if there is none. */
  static Condition condition(RayClusterStatus status, String type) {
    return status.getConditions() == null ? null
        : status.getConditions().stream().filter(c -> type.equals(c.getType())).findFirst().orElse(null);
  }
}
