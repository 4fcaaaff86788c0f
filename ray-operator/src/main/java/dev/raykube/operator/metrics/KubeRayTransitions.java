package dev.raykube.operator.metrics;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * When KubeRay's two duration gauges get a value, decided from the resource before and after a status write, as
 * KubeRay v1.7.0 decides it: a RayCluster's {@code RayClusterProvisioned} condition turning true, and a RayJob leaving
 * a non-terminal deployment status for {@code Complete}, {@code Failed} or {@code Retrying}. Pure.
 */
public final class KubeRayTransitions {

  private KubeRayTransitions() {
  }

  /**
   * A RayJob's execution that just ended (or failed into a retry).
   *
   * @param status the deployment status it moved to
   * @param retryCount its {@code status.failed} before the write (0 when unset)
   * @param seconds from {@code status.startTime} to now
   */
  public record JobExecution(JobDeploymentStatus status, int retryCount, double seconds) {
  }

  /**
   * Seconds from the RayCluster's creation to {@code now} if this write made it provisioned: the condition
   * {@code RayClusterProvisioned} was not true before and is true after.
   */
  public static Optional<Double> provisioned(RayCluster before, RayCluster after, Instant now) {
    if (provisioned(before) || !provisioned(after)) {
      return Optional.empty();
    }
    return since(after.getMetadata().getCreationTimestamp(), now);
  }

  /**
   * The execution this write ended: the deployment status was neither {@code Complete} nor {@code Failed} before,
   * and is one of them or {@code Retrying} after. Empty also when the RayJob has no start time to measure from.
   */
  public static Optional<JobExecution> jobExecution(RayJob before, RayJob after, Instant now) {
    JobDeploymentStatus from = deploymentStatus(before);
    JobDeploymentStatus to = deploymentStatus(after);
    if (terminal(from) || !(terminal(to) || to == JobDeploymentStatus.RETRYING)) {
      return Optional.empty();
    }
    Integer failed = before.getStatus() == null ? null : before.getStatus().getFailed();
    return since(after.getStatus().getStartTime(), now)
        .map(seconds -> new JobExecution(to, failed == null ? 0 : failed, seconds));
  }

  /** KubeRay's terminal deployment statuses: {@code Complete} and {@code Failed} (not {@code ValidationFailed}). */
  static boolean terminal(JobDeploymentStatus status) {
    return status == JobDeploymentStatus.COMPLETE || status == JobDeploymentStatus.FAILED;
  }

  /** Whether the condition of type {@code type} is present with status {@code True}. */
  static boolean isTrue(List<Condition> conditions, String type) {
    return conditions != null && conditions.stream()
        .anyMatch(condition -> type.equals(condition.getType()) && "True".equals(condition.getStatus()));
  }

  private static boolean provisioned(RayCluster cluster) {
    return cluster.getStatus() != null
        && isTrue(cluster.getStatus().getConditions(), RayClusterConditionType.PROVISIONED.value());
  }

  private static JobDeploymentStatus deploymentStatus(RayJob job) {
    RayJobStatus status = job.getStatus();
    return status == null ? null : status.getJobDeploymentStatus();
  }

  private static Optional<Double> since(String timestamp, Instant now) {
    if (timestamp == null || timestamp.isBlank()) {
      return Optional.empty();
    }
    return Optional.of(Duration.between(Instant.parse(timestamp), now).toMillis() / 1000.0);
  }
}
