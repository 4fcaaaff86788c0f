package dev.raykube.cronjob;

import dev.raykube.model.job.RayJob;
import java.time.Instant;
import java.util.Objects;

/**
 * The one action of a RayCronJob: create the RayJob of a scheduled time, as {@link ChildRayJob} builds it. Its name
 * depends only on the RayCronJob and the time, so carrying the action out twice creates one RayJob.
 *
 * @param tick the scheduled time the RayJob runs for
 * @param rayJob the RayJob to create; the action's owner must not change it
 */
public record CreateRayJob(Instant tick, RayJob rayJob) {

  /** Checks both are given. */
  public CreateRayJob {
    Objects.requireNonNull(tick, "tick");
    Objects.requireNonNull(rayJob, "rayJob");
  }

  /** The RayJob's name, {@code <cronjob>-<minutes since 1970>}. */
  public String name() {
    return rayJob.getMetadata().getName();
  }
}
