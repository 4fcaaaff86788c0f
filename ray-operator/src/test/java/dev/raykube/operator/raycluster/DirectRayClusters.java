package dev.raykube.operator.raycluster;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The RayCluster controller's reconciler (production timings) called directly, one reconcile at a time, on the CRUD
 * mock, in a namespace of its own, at a clock that stands at the real time (the mock stamps deletions with it) until
 * the test moves it. The reconciler reads Pods and Services from the API server, as it does without informers. The
 * test plays the rest of the world: kubelet (before each step, the cluster's new Pods become Running and Ready) and
 * JOSDK (a RayCluster that is gone gets one last reconcile of its last copy, marked deleted; JOSDK adds no finalizer,
 * the controller manages its own).
 */
final class DirectRayClusters {

  static final RayClusterTimings TIMINGS = RayClusterTimings.defaults();
  /** Reconciles {@link #runUntil} and {@link #settle} take at most before they fail. */
  static final int MAX_STEPS = 20;
  /** Whether a RayCluster exists and is {@code ready}: a condition for {@link #runUntil}. */
  static final Predicate<RayCluster> READY =
      c -> c != null && c.getStatus() != null && "ready".equals(c.getStatus().getStateValue());
  private static final AtomicInteger SERIAL = new AtomicInteger();

  private final KubernetesClient client;
  final String ns = "ray-" + SERIAL.incrementAndGet();
  final MovableClock clock = MovableClock.atNow();
  final ClusterStateGauges states = new ClusterStateGauges(new SimpleMeterRegistry());
  private final RayClusterReconciler reconciler;
  private final Map<String, RayCluster> lastSeen = new HashMap<>();
  private int nextIp = 1;

  /** The reconciler as the operator builds it with the settings of {@code args}. */
  DirectRayClusters(KubernetesClient client, String... args) {
    this.client = client;
    this.reconciler = (RayClusterReconciler) new RayClusterController(TIMINGS).reconciler(new ControllerContext(
        TestSettings.of(args), client, new SimpleMeterRegistry(), states, clock));
  }

  /** Creates the RayCluster as a user would. */
  RayCluster create(RayCluster cluster) {
    return client.resource(cluster).create();
  }

  /** The RayCluster as stored, or {@code null}. */
  RayCluster get(String name) {
    return client.resources(RayCluster.class).inNamespace(ns).withName(name).get();
  }

  /** Changes the stored RayCluster as a user would. */
  RayCluster edit(String name, Consumer<RayCluster> change) {
    return client.resources(RayCluster.class).inNamespace(ns).withName(name).edit(c -> {
      change.accept(c);
      return c;
    });
  }

  /**
   * One reconcile of RayCluster {@code name} as JOSDK would run it now, after kubelet started its new Pods.
   *
   * @return when the controller asked to be called again, if it did
   */
  Optional<Duration> step(String name) {
    pods(name).stream().filter(p -> p.getStatus() == null || p.getStatus().getPhase() == null)
        .forEach(p -> kubelet(p, new PodStatusBuilder().withPhase("Running").withPodIP("10.1.0." + nextIp++)
            .addNewCondition().withType("Ready").withStatus("True").endCondition().build()));
    RayCluster cluster = get(name);
    if (cluster != null) {
      lastSeen.put(name, cluster);
      return reconcile(cluster);
    }
    RayCluster last = lastSeen.remove(name);
    if (last == null) {
      return Optional.empty();
    }
    return reconciler.reconcile(last, TestingContext.of(client, last).primaryDeleted()).getScheduleDelay()
        .map(Duration::ofMillis);
  }

  /** One reconcile of this copy of a RayCluster (as an informer might still hold it), without kubelet. */
  Optional<Duration> reconcile(RayCluster copy) {
    return reconciler.reconcile(copy, TestingContext.of(client, copy)).getScheduleDelay().map(Duration::ofMillis);
  }

  /** Steps RayCluster {@code name} until {@code done} holds for it (or for its absence: {@code null}). */
  void runUntil(String name, String what, Predicate<RayCluster> done) {
    for (int i = 0; i < MAX_STEPS && !done.test(get(name)); i++) {
      step(name);
    }
    if (!done.test(get(name))) {
      throw new AssertionError("not reached in " + MAX_STEPS + " reconciles: " + what);
    }
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
    kubelet(pod, new PodStatusBuilder().withPhase("Failed").addNewCondition().withType("Ready").withStatus("False")
        .endCondition().build());
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

  /** The Events about a RayCluster, of {@code reason} if one is given. */
  List<Event> events(String cluster, ClusterEventReason... reason) {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> cluster.equals(e.getInvolvedObject().getName()))
        .filter(e -> reason.length == 0 || reason[0].value().equals(e.getReason())).toList();
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

  private void kubelet(Pod pod, PodStatus status) {
    client.pods().inNamespace(ns).withName(pod.getMetadata().getName()).edit(p -> {
      p.setStatus(status);
      return p;
    });
  }
}
