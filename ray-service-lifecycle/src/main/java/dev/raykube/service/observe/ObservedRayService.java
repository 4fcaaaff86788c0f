package dev.raykube.service.observe;

import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.service.RayService;
import dev.raykube.service.decide.RayServiceObservation;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One observation of a RayService: the RayService it was made for, what the state machine decides from, and what
 * the actuator needs besides (the dashboard endpoint of each cluster whose head was ready). Immutable.
 *
 * @param rayService the RayService as read
 * @param observation what the decision is made from
 * @param dashboards the dashboard endpoint of each cluster whose dashboard could be addressed, by cluster name;
 *     unmodifiable
 */
public record ObservedRayService(RayService rayService, RayServiceObservation observation,
    Map<String, DashboardEndpoint> dashboards) {

  /** Checks and copies. */
  public ObservedRayService {
    Objects.requireNonNull(rayService, "rayService");
    Objects.requireNonNull(observation, "observation");
    dashboards = dashboards == null ? Map.of() : Map.copyOf(dashboards);
  }

  /** The dashboard endpoint of a cluster, if it could be addressed. */
  public Optional<DashboardEndpoint> dashboard(String clusterName) {
    return Optional.ofNullable(dashboards.get(clusterName));
  }

  /** Returns a copy with another observation (the same RayService and endpoints). */
  public ObservedRayService withObservation(RayServiceObservation value) {
    return new ObservedRayService(rayService, value, dashboards);
  }
}
