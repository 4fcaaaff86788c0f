package dev.raykube.operator.rayservice;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.service.observe.ServeEndpointCount;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import java.util.List;
import java.util.Objects;

/**
 * Which updates of a RayService's RayClusters and EndpointSlices reconcile it: those that can change a decision.
 * Every reconcile of a serving RayService asks Serve for its applications, so an update that changes nothing the
 * state machine reads would cost a dashboard request for nothing. Pure.
 *
 * <ul>
 *   <li>A RayCluster: its spec ({@code generation}), labels, annotations or {@code deletionTimestamp}; its
 *       {@code HeadPodReady} condition, {@code state}, head or endpoints (where its dashboard is). Not the rest of its
 *       status (worker counts, resources, other conditions): it is mirrored into the RayService's status only, and a
 *       change there alone does not write that status.</li>
 *   <li>An EndpointSlice: the number of its ready endpoints ({@link ServeEndpointCount}), which
 *       {@code numServeEndpoints} and {@code Ready} follow.</li>
 * </ul>
 *
 * <p>Creations and deletions always reconcile.
 */
final class RayServiceTriggers {

  private RayServiceTriggers() {
  }

  /** Whether an update of a RayCluster can change what its RayService decides. */
  static boolean clusterChanged(RayCluster now, RayCluster before) {
    if (now == null || before == null) {
      return true;
    }
    ObjectMeta a = now.getMetadata();
    ObjectMeta b = before.getMetadata();
    if (a == null || b == null || !Objects.equals(a.getGeneration(), b.getGeneration())
        || !Objects.equals(a.getLabels(), b.getLabels()) || !Objects.equals(a.getAnnotations(), b.getAnnotations())
        || !Objects.equals(a.getDeletionTimestamp(), b.getDeletionTimestamp())) {
      return true;
    }
    RayClusterStatus x = now.getStatus();
    RayClusterStatus y = before.getStatus();
    if (x == null || y == null) {
      return x != y;
    }
    return !Objects.equals(headPodReady(x), headPodReady(y)) || !Objects.equals(x.getStateValue(), y.getStateValue())
        || !Objects.equals(x.getHead(), y.getHead()) || !Objects.equals(x.getEndpoints(), y.getEndpoints());
  }

  /** Whether an update of an EndpointSlice changed how many ready endpoints it has. */
  static boolean readyEndpointsChanged(EndpointSlice now, EndpointSlice before) {
    if (now == null || before == null) {
      return true;
    }
    return ServeEndpointCount.of(List.of(now)) != ServeEndpointCount.of(List.of(before));
  }

  private static String headPodReady(RayClusterStatus status) {
    if (status.getConditions() == null) {
      return null;
    }
    return status.getConditions().stream()
        .filter(c -> c != null && RayClusterConditionType.HEAD_POD_READY.value().equals(c.getType()))
        .map(Condition::getStatus).findFirst().orElse(null);
  }
}
