package dev.raykube.cronjob.loop;

import dev.raykube.model.cronjob.RayCronJob;
import java.time.Instant;
import java.util.Objects;

/**
 * What a RayCronJob's decision is made from: the RayCronJob as read and the time it was decided at. Nothing else is
 * observed: the name of the RayJob of each scheduled time is known in advance ({@code ChildRayJobName}), so whether it
 * exists is learned by creating it, not by listing RayJobs. The RayCronJob it holds must not be changed.
 *
 * @param cronJob the RayCronJob as read
 * @param now the time of the decision, from the loop's clock
 */
public record ObservedRayCronJob(RayCronJob cronJob, Instant now) {

  /** Checks both are given. */
  public ObservedRayCronJob {
    Objects.requireNonNull(cronJob, "cronJob");
    Objects.requireNonNull(now, "now");
  }
}
