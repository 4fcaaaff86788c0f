package dev.raykube.job.stop;

import dev.raykube.dashboard.RayDashboardClient;
import java.util.Objects;

/**
 * Where a RayJob's Ray job runs: the dashboard client to use and the submission id. Immutable.
 *
 * @param client a client for the RayJob's dashboard; owned by whoever made it (never closed here)
 * @param submissionId the Ray submission id, not blank
 */
public record StopTarget(RayDashboardClient client, String submissionId) {

  /** Checks the fields. */
  public StopTarget {
    Objects.requireNonNull(client, "client");
    if (submissionId == null || submissionId.isBlank()) {
      throw new IllegalArgumentException("submission id must not be blank");
    }
  }
}
