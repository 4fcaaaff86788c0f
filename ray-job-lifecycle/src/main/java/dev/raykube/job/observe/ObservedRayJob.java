package dev.raykube.job.observe;

import dev.raykube.job.decide.ClusterObservation;
import dev.raykube.job.decide.RayJobObservation;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import java.util.Objects;
import java.util.Optional;

/**
 * A RayJob together with what {@link RayJobObserver} saw of its world: the observation for
 * {@link dev.raykube.job.decide.RayJobStateMachine#decide}, plus what acting on the decision needs and the state
 * machine does not (the resolved dashboard endpoint with its token). Immutable as far as this record goes; the objects
 * it holds are the ones read and must not be changed.
 *
 * @param rayJob the RayJob as read; not null
 * @param observation what the state machine needs; not null
 * @param dashboard the endpoint of the RayCluster's dashboard when it was resolved (the cluster exists and its address
 *     is known), else {@code null}
 * @param dashboardProblem why the dashboard could not be addressed (e.g. the auth token Secret is missing), for an
 *     Event; {@code null} when there was no problem
 */
public record ObservedRayJob(RayJob rayJob, RayJobObservation observation, DashboardEndpoint dashboard,
    String dashboardProblem) {

  /** Checks the required parts. */
  public ObservedRayJob {
    Objects.requireNonNull(rayJob, "rayJob");
    Objects.requireNonNull(observation, "observation");
  }

  /** The RayCluster as read, if it exists. */
  public Optional<RayCluster> cluster() {
    return observation.cluster() instanceof ClusterObservation.Present present ? Optional.of(present.cluster())
        : Optional.empty();
  }

  /** The resolved dashboard endpoint, if any. */
  public Optional<DashboardEndpoint> dashboardEndpoint() {
    return Optional.ofNullable(dashboard);
  }

  /** Why the dashboard could not be addressed, if something needs fixing. */
  public Optional<String> dashboardProblemMessage() {
    return Optional.ofNullable(dashboardProblem);
  }
}
