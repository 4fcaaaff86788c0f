package dev.raykube.job.act;

import dev.raykube.cluster.GangSize;
import dev.raykube.job.decide.ClusterObservation;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The size of a RayJob's gang for a batch scheduler's group, as KubeRay v1.7.0 computes it. Pure.
 *
 * <ul>
 *   <li>At submission ({@link #atSubmission}): the gang of {@code spec.rayClusterSpec} ({@link GangSize#of}) with the
 *       submitter's resources added, but not the submitter itself to {@code minMember} (it starts only after the
 *       cluster is ready: counting it would deadlock the gang). The submitter is K8sJobMode's Pod
 *       ({@code submitterPodTemplate}, or the default container's requests), or SidecarMode's default submitter
 *       container (its requests, a limit where a request is missing); other modes add nothing.</li>
 *   <li>After the job ended or was suspended ({@link #afterJob}): the live RayCluster's gang (a cluster whose workers
 *       were suspended counts its head only), or nothing at all once the cluster is gone or being deleted.</li>
 *   <li>A RayJob with {@code clusterSelector} cannot be gang scheduled ({@link #unsupported}).</li>
 * </ul>
 */
public final class RayJobGang {

  private RayJobGang() {
  }

  /**
   * Why the KAI scheduler cannot take the RayJob, if it cannot: its K8sJobMode submitter Pod appears only after the
   * cluster is ready, so KAI cannot schedule the two together (KubeRay refuses it the same way).
   */
  public static Optional<String> unsupportedByKai(RayJob job) {
    JobSubmissionMode mode = job.getSpec() == null || job.getSpec().getSubmissionMode() == null
        ? JobSubmissionMode.K8S_JOB_MODE : job.getSpec().getSubmissionMode();
    if (mode == JobSubmissionMode.K8S_JOB_MODE) {
      return Optional.of("the KAI scheduler does not support RayJob " + job.getMetadata().getNamespace() + "/"
          + job.getMetadata().getName() + " in K8sJobMode: its submitter Pod is created only after the RayCluster is"
          + " ready, so the two cannot be scheduled as one gang; use HTTPMode, SidecarMode or InteractiveMode");
    }
    return Optional.empty();
  }

  /**
   * Why the RayJob cannot have a group, if it cannot: it runs on an existing RayCluster ({@code clusterSelector}).
   */
  public static Optional<String> unsupported(RayJob job) {
    RayJobSpec spec = job.getSpec();
    if (spec != null && spec.getClusterSelector() != null && !spec.getClusterSelector().isEmpty()) {
      return Optional.of("gang scheduling does not support RayJob " + job.getMetadata().getNamespace() + "/"
          + job.getMetadata().getName() + " running on an existing RayCluster (spec.clusterSelector)");
    }
    return Optional.empty();
  }

  /** The gang while the RayJob starts: its cluster's gang plus the submitter's resources. */
  public static GangSize atSubmission(RayJob job) {
    RayJobSpec spec = job.getSpec() == null ? new RayJobSpec() : job.getSpec();
    RayClusterSpec clusterSpec = spec.getRayClusterSpec() == null ? new RayClusterSpec() : spec.getRayClusterSpec();
    return GangSize.of(clusterSpec).plusResources(submitterResources(spec));
  }

  /** The gang once the job ended or was suspended: the live cluster's, or none. */
  public static GangSize afterJob(ClusterObservation cluster) {
    if (cluster instanceof ClusterObservation.Present present && !present.terminating()
        && present.cluster().getSpec() != null) {
      return GangSize.of(present.cluster().getSpec());
    }
    return GangSize.zero();
  }

  static Map<String, BigDecimal> submitterResources(RayJobSpec spec) {
    JobSubmissionMode mode = spec.getSubmissionMode() == null ? JobSubmissionMode.K8S_JOB_MODE
        : spec.getSubmissionMode();
    return switch (mode) {
      case K8S_JOB_MODE -> GangSize.podResources(SubmitterJob.podSpecForSizing(spec));
      case SIDECAR_MODE -> {
        Container submitter = SubmitterJob.defaultContainer("");
        PodSpec pod = new PodSpec();
        pod.setContainers(java.util.List.of(submitter));
        yield GangSize.podResources(pod);
      }
      default -> new TreeMap<>();
    };
  }
}
