package dev.raykube.job.push;

import dev.raykube.kernel.dashboard.DashboardEndpoint;
import java.util.Objects;

/**
 * What a log tail follows: one Ray job (its submission id) on one dashboard (address and token). A RayJob's target
 * changes when it is retried (a new submission id) or its cluster's dashboard moves or rotates its token; a tail of
 * the old target is then closed.
 *
 * @param submissionId the Ray job's submission id; not blank
 * @param endpoint the dashboard; not null
 */
public record LogTailTarget(String submissionId, DashboardEndpoint endpoint) {

  /** Checks both parts. */
  public LogTailTarget {
    Objects.requireNonNull(submissionId, "submissionId");
    Objects.requireNonNull(endpoint, "endpoint");
    if (submissionId.isBlank()) {
      throw new IllegalArgumentException("submissionId must not be blank");
    }
  }
}
