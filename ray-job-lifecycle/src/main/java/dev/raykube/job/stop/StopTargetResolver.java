package dev.raykube.job.stop;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Finds the Ray job behind a RayJob: which dashboard, which submission id. Empty means no job was submitted yet, so
 * there is nothing to stop.
 */
@FunctionalInterface
public interface StopTargetResolver {

  /**
   * The dashboard client and submission id for this RayJob, or empty if it has submitted nothing.
   *
   * @throws RuntimeException if a client cannot be built (e.g. the auth token Secret is missing); the finalizer's
   *     policy then counts a failed, retryable attempt
   */
  Optional<StopTarget> resolve(RayJob rayJob);

  /**
   * Reads the target from the RayJob's status as KubeRay writes it: {@code status.dashboardURL} (a
   * {@code host:port} without scheme; {@code http://} is prepended unless a scheme is present) and
   * {@code status.jobId}. Empty when either is missing: without a dashboard address nothing can have been submitted.
   *
   * @param clientForUrl gives a client for a dashboard URL, typically from a cache it owns and closes
   */
  static StopTargetResolver fromStatus(Function<String, RayDashboardClient> clientForUrl) {
    Objects.requireNonNull(clientForUrl, "clientForUrl");
    return rayJob -> {
      RayJobStatus status = rayJob.getStatus();
      if (status == null || isBlank(status.getJobId()) || isBlank(status.getDashboardURL())) {
        return Optional.empty();
      }
      String url = status.getDashboardURL().strip();
      if (!url.contains("://")) {
        url = "http://" + url;
      }
      RayDashboardClient client = clientForUrl.apply(url);
      if (client == null) {
        throw new IllegalStateException("no dashboard client for " + url);
      }
      return Optional.of(new StopTarget(client, status.getJobId()));
    };
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
