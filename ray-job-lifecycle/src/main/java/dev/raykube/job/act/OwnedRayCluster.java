package dev.raykube.job.act;

import dev.raykube.job.decide.RayJobAction;
import dev.raykube.kernel.ControllerReference;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;

/** Builds the RayCluster a RayJob creates ({@link RayJobAction.CreateCluster}). Pure. */
public final class OwnedRayCluster {

  private OwnedRayCluster() {
  }

  /**
   * The RayCluster for a {@link RayJobAction.CreateCluster}: the action's name, spec and labels, in the RayJob's
   * namespace, with the RayJob as controller owner; for a SidecarMode RayJob with its submitter in the head Pod
   * ({@link SidecarSubmitter}).
   *
   * @param rayJob the RayJob as read (uid required)
   * @param action the action; its spec is used as it is (the action's spec is already a copy)
   * @return a new RayCluster
   * @throws IllegalArgumentException if a SidecarMode submitter cannot be added
   */
  public static RayCluster build(RayJob rayJob, RayJobAction.CreateCluster action) {
    Objects.requireNonNull(rayJob, "rayJob");
    Objects.requireNonNull(action, "action");
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder()
        .withName(action.name())
        .withNamespace(rayJob.getMetadata().getNamespace())
        .withLabels(new LinkedHashMap<>(action.labels()))
        .withOwnerReferences(List.of(ControllerReference.of(rayJob)))
        .build());
    cluster.setSpec(action.spec());
    if (rayJob.getSpec() != null && rayJob.getSpec().getSubmissionMode() == JobSubmissionMode.SIDECAR_MODE) {
      SidecarSubmitter.addTo(cluster, rayJob, rayJob.getStatus() == null ? null : rayJob.getStatus().getJobId(),
          action.restartingSubmitter());
    }
    return cluster;
  }
}
