package dev.raykube.operator.rayservice;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import dev.raykube.model.service.RayServiceStatus;
import dev.raykube.operator.testing.DirectReconciles;
import dev.raykube.operator.testing.RunningOperator;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The RayService controller's reconciler ({@link RayServiceController#reconciler}) called directly
 * ({@link DirectReconciles}), every head's dashboard a {@link FakeRayDashboard} (Serve deploys in 100 ms) and every
 * serve proxy healthy. Reads what the tests look at: the conditions, the active cluster, the clusters and the Services
 * of a RayService.
 */
final class DirectRayServices extends DirectReconciles<RayService> {

  DirectRayServices(KubernetesClient client, String namespace) {
    super(client, RayService.class, namespace, FinalizerNames.RAYSERVICE,
        FakeRayDashboard.builder().serveDeployDelay(Duration.ofMillis(100)).build().start(),
        (context, dashboard) -> RunningOperator.rayServices(dashboard.url()).reconciler(context));
  }

  /** Whether a RayService exists and its condition {@code type} has {@code status} and {@code reason}. */
  static Predicate<RayService> condition(String type, String status, String reason) {
    return rayService -> condition(rayService, type)
        .filter(c -> status.equals(c.getStatus()) && reason.equals(c.getReason())).isPresent();
  }

  private static Optional<Condition> condition(RayService rayService, String type) {
    return Optional.ofNullable(rayService).map(RayService::getStatus).map(RayServiceStatus::getConditions)
        .flatMap(conditions -> conditions.stream().filter(c -> type.equals(c.getType())).findFirst());
  }

  /** Its condition of {@code type}, if it exists and has one. */
  Optional<Condition> condition(String name, String type) {
    return condition(get(name), type);
  }

  /** Whether its condition {@code type} has {@code status} and {@code reason}. */
  boolean hasCondition(String name, String type, String status, String reason) {
    return condition(type, status, reason).test(get(name));
  }

  /** Its active cluster's name, or null. */
  String activeCluster(String name) {
    return Optional.ofNullable(get(name)).map(RayService::getStatus).map(RayServiceStatus::getActiveServiceStatus)
        .map(RayServiceClusterStatus::getRayClusterName).orElse(null);
  }

  /** Its RayClusters (by the origin label), terminating ones included. */
  List<RayCluster> clusters(String name) {
    return client.resources(RayCluster.class).inNamespace(ns)
        .withLabel("ray.io/originated-from-cr-name", name).list().getItems();
  }

  /** {@code <name>-serve-svc}, or null. */
  Service serveService(String name) {
    return client.services().inNamespace(ns).withName(name + "-serve-svc").get();
  }

  /** {@code <name>-head-svc}, or null. */
  Service headService(String name) {
    return client.services().inNamespace(ns).withName(name + "-head-svc").get();
  }
}
