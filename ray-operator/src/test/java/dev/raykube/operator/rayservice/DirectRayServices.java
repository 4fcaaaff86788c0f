package dev.raykube.operator.rayservice;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.RunningOperator;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The RayService controller's reconciler ({@link RayServiceController#reconciler}) called directly, one reconcile at a
 * time, on the CRUD mock in one namespace, with a {@link FakeRayDashboard} as every head's dashboard (Serve deploys in
 * 100 ms), every serve proxy healthy, and a clock the test moves. The test plays the rest of the world: JOSDK (the
 * finalizer is on from the creation, {@code cleanup} is called while the RayService is being deleted and the
 * finalizer taken off when it says so) and the RayCluster controller (owned clusters are marked ready,
 * {@code HeadPodReady}, before each reconcile, unless {@linkplain #holdClustersPending held}). Reads what the tests
 * look at: RayServices, their conditions, clusters, Services and Events. Closing it removes every object of the
 * namespace it knows (the mock has no garbage collector).
 */
final class DirectRayServices implements AutoCloseable {

  /** Reconciles {@link #runUntil} takes at most before it fails. */
  static final int MAX_STEPS = 300;

  final FakeRayDashboard dashboard = FakeRayDashboard.builder().serveDeployDelay(Duration.ofMillis(100)).build()
      .start();
  final MovableClock clock = MovableClock.atNow();
  private final KubernetesClient client;
  private final String namespace;
  private final RayServiceReconciler reconciler;
  private boolean clustersReady = true;

  DirectRayServices(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ControllerContext context = new ControllerContext(TestSettings.of(), client, registry,
        new ClusterStateGauges(registry), clock);
    this.reconciler = (RayServiceReconciler) RunningOperator.rayServices(dashboard.url()).reconciler(context);
  }

  /** Whether a RayService exists and its condition {@code type} has {@code status} and {@code reason}. */
  static Predicate<RayService> condition(String type, String status, String reason) {
    return rayService -> condition(rayService, type)
        .filter(c -> status.equals(c.getStatus()) && reason.equals(c.getReason())).isPresent();
  }

  /** From now on the owned RayClusters are not marked ready (their heads never start); {@code false} resumes. */
  void holdClustersPending(boolean hold) {
    clustersReady = !hold;
  }

  /** Creates the RayService in the namespace with the controller's finalizer, as JOSDK puts it on first. */
  RayService create(RayService rayService) {
    rayService.getMetadata().setNamespace(namespace);
    List<String> finalizers = new ArrayList<>();
    finalizers.add(FinalizerNames.RAYSERVICE);
    rayService.getMetadata().setFinalizers(finalizers);
    return client.resource(rayService).create();
  }

  /**
   * One reconcile of RayService {@code name} as JOSDK would run it now: {@code cleanup} while it is being deleted (the
   * finalizer taken off when the cleanup says so), {@code reconcile} otherwise.
   *
   * @return when the controller asked to be called again, if it did
   */
  Optional<Duration> step(String name) {
    markClustersReady();
    RayService rayService = rayService(name);
    if (rayService == null) {
      return Optional.empty();
    }
    if (rayService.getMetadata().getDeletionTimestamp() != null) {
      DeleteControl control = reconciler.cleanup(rayService, TestingContext.of(client, rayService));
      if (control.isRemoveFinalizer()) {
        edit(name, r -> r.getMetadata().getFinalizers().remove(FinalizerNames.RAYSERVICE));
        return Optional.empty();
      }
      return control.getScheduleDelay().map(Duration::ofMillis);
    }
    return reconciler.reconcile(rayService, TestingContext.of(client, rayService)).getScheduleDelay()
        .map(Duration::ofMillis);
  }

  /**
   * Steps RayService {@code name} until {@code done} holds for it, with a short pause of real time between steps for
   * the fake dashboard's Serve deploys; the clock does not move.
   */
  void runUntil(String name, String what, Predicate<RayService> done) {
    for (int i = 0; i < MAX_STEPS; i++) {
      if (done.test(rayService(name))) {
        return;
      }
      step(name);
      if (done.test(rayService(name))) {
        return;
      }
      pause();
    }
    throw new AssertionError("not reached in " + MAX_STEPS + " reconciles: " + what + "; RayService "
        + Serialization.asYaml(rayService(name)) + "dashboard requests " + dashboard.requests());
  }

  /** Changes the stored RayService. */
  void edit(String name, Consumer<RayService> change) {
    client.resources(RayService.class).inNamespace(namespace).withName(name).edit(rayService -> {
      change.accept(rayService);
      return rayService;
    });
  }

  /** The RayService as stored, or null. */
  RayService rayService(String name) {
    return client.resources(RayService.class).inNamespace(namespace).withName(name).get();
  }

  /** Its condition of {@code type}, if it exists and has one. */
  Optional<Condition> condition(String name, String type) {
    return condition(rayService(name), type);
  }

  private static Optional<Condition> condition(RayService rayService, String type) {
    if (rayService == null || rayService.getStatus() == null || rayService.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return rayService.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
  }

  /** Whether its condition {@code type} has {@code status} and {@code reason}. */
  boolean hasCondition(String name, String type, String status, String reason) {
    return condition(type, status, reason).test(rayService(name));
  }

  /** Its active cluster's name, or null. */
  String activeCluster(String name) {
    RayService rayService = rayService(name);
    return rayService == null || rayService.getStatus() == null
        || rayService.getStatus().getActiveServiceStatus() == null ? null
        : rayService.getStatus().getActiveServiceStatus().getRayClusterName();
  }

  /** Its RayClusters (by the origin label), terminating ones included. */
  List<RayCluster> clusters(String name) {
    return client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel("ray.io/originated-from-cr-name", name).list().getItems();
  }

  /** {@code <name>-serve-svc}, or null. */
  Service serveService(String name) {
    return client.services().inNamespace(namespace).withName(name + "-serve-svc").get();
  }

  /** {@code <name>-head-svc}, or null. */
  Service headService(String name) {
    return client.services().inNamespace(namespace).withName(name + "-head-svc").get();
  }

  /** The Events about RayService {@code name} with {@code reason}. */
  List<Event> events(String name, String reason) {
    return client.v1().events().inNamespace(namespace).list().getItems().stream()
        .filter(e -> "RayService".equals(e.getInvolvedObject().getKind())
            && name.equals(e.getInvolvedObject().getName()) && reason.equals(e.getReason()))
        .toList();
  }

  /** Marks every owned RayCluster not being deleted ready with its head Pod ready, as the RayCluster controller would. */
  private void markClustersReady() {
    if (!clustersReady) {
      return;
    }
    for (RayCluster cluster : client.resources(RayCluster.class).inNamespace(namespace)
        .withLabel("ray.io/originated-from-crd", "RayService").list().getItems()) {
      if (cluster.getMetadata().getDeletionTimestamp() != null
          || cluster.getStatus() != null && cluster.getStatus().getState() == ClusterState.READY) {
        continue;
      }
      RayClusterStatus status = new RayClusterStatus();
      status.setState(ClusterState.READY);
      status.setConditions(List.of(new ConditionBuilder().withType(RayClusterConditionType.HEAD_POD_READY.value())
          .withStatus("True").withReason("HeadPodRunningAndReady").withLastTransitionTime(clock.instant().toString())
          .build()));
      cluster.setStatus(status);
      client.resource(cluster).updateStatus();
    }
  }

  private static void pause() {
    try {
      Thread.sleep(10);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  @Override
  public void close() {
    dashboard.close();
    for (RayService rayService : client.resources(RayService.class).inNamespace(namespace).list().getItems()) {
      client.resource(rayService).edit(r -> {
        r.getMetadata().setFinalizers(List.of());
        return r;
      });
    }
    client.resources(RayService.class).inNamespace(namespace).delete();
    client.resources(RayCluster.class).inNamespace(namespace).delete();
    client.services().inNamespace(namespace).delete();
    client.discovery().v1().endpointSlices().inNamespace(namespace).delete();
    client.v1().events().inNamespace(namespace).delete();
  }
}
