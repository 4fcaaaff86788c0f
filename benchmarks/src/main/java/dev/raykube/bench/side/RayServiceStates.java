package dev.raykube.bench.side;

import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceClusterStatus;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;

/** What the runners read from a RayService's status: whether it is Ready, and its active and pending cluster. */
public final class RayServiceStates {

  private RayServiceStates() {}

  /** Ready: the condition {@code Ready} is {@code True} and there is an active cluster. */
  public static boolean ready(RayService service) {
    List<Condition> conditions = service.getStatus() == null ? null : service.getStatus().getConditions();
    return conditions != null && conditions.stream()
        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()))
        && !activeCluster(service).isEmpty();
  }

  /** The active cluster's name, or {@code ""}. */
  public static String activeCluster(RayService service) {
    return service.getStatus() == null ? "" : clusterName(service.getStatus().getActiveServiceStatus());
  }

  /** The pending cluster's name, or {@code ""}. */
  public static String pendingCluster(RayService service) {
    return service.getStatus() == null ? "" : clusterName(service.getStatus().getPendingServiceStatus());
  }

  private static String clusterName(RayServiceClusterStatus status) {
    return status == null || status.getRayClusterName() == null ? "" : status.getRayClusterName();
  }
}
