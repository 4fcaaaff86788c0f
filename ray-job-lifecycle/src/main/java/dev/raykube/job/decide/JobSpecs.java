package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import java.util.Map;

/** Reads a RayJob's spec with KubeRay's defaults applied. */
final class JobSpecs {

  /** KubeRay's default {@code backoffLimit} of the submitter Job. */
  static final int DEFAULT_SUBMITTER_BACKOFF_LIMIT = 2;

  private JobSpecs() {
  }

  /** The submission mode; unset means K8sJobMode. */
  static JobSubmissionMode mode(RayJobSpec spec) {
    JobSubmissionMode mode = spec == null ? null : spec.getSubmissionMode();
    return mode == null ? JobSubmissionMode.K8S_JOB_MODE : mode;
  }

  /** The name of the selected RayCluster, or {@code null} when the RayJob does not use {@code clusterSelector}. */
  static String selectedCluster(RayJobSpec spec) {
    if (spec == null) {
      return null;
    }
    Map<String, String> selector = spec.getClusterSelector();
    if (selector == null || selector.isEmpty()) {
      return null;
    }
    String name = selector.get(RayClusterLabels.CLUSTER);
    return name == null || name.isBlank() ? null : name;
  }

  /** Whether the RayJob runs on a selected (existing, not owned) RayCluster. */
  static boolean usesSelector(RayJobSpec spec) {
    return spec != null && spec.getClusterSelector() != null && !spec.getClusterSelector().isEmpty();
  }

  static boolean suspend(RayJobSpec spec) {
    return spec != null && Boolean.TRUE.equals(spec.getSuspend());
  }

  static boolean shutdownAfterJobFinishes(RayJobSpec spec) {
    return spec != null && Boolean.TRUE.equals(spec.getShutdownAfterJobFinishes());
  }

  static int ttlSecondsAfterFinished(RayJobSpec spec) {
    Integer ttl = spec == null ? null : spec.getTtlSecondsAfterFinished();
    return ttl == null || ttl < 0 ? 0 : ttl;
  }

  static int backoffLimit(RayJobSpec spec) {
    Integer limit = spec == null ? null : spec.getBackoffLimit();
    return limit == null || limit < 0 ? 0 : limit;
  }

  static int submitterBackoffLimit(RayJobSpec spec) {
    if (spec == null || spec.getSubmitterConfig() == null || spec.getSubmitterConfig().getBackoffLimit() == null) {
      return DEFAULT_SUBMITTER_BACKOFF_LIMIT;
    }
    return Math.max(0, spec.getSubmitterConfig().getBackoffLimit());
  }

  /** The spec's submission id, or {@code null} when unset or blank. */
  static String specJobId(RayJobSpec spec) {
    String id = spec == null ? null : spec.getJobId();
    return id == null || id.isBlank() ? null : id;
  }

  /** The RayJob's name. */
  static String name(RayJob job) {
    return job.getMetadata() == null ? null : job.getMetadata().getName();
  }

  /** The name of the K8sJobMode submitter Job: the RayJob's name, as in KubeRay. */
  static String submitterName(RayJob job) {
    return name(job);
  }
}
