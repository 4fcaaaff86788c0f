package dev.raykube.job.act;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RayStartParams;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SidecarMode submitter, as KubeRay builds it: a container {@value SubmitterJob#CONTAINER_NAME} appended to the
 * head Pod template of the RayJob's cluster (the head's image, the K8sJobMode submitter's script and resources, the
 * dashboard at {@code http://127.0.0.1:<dashboard port>}, the Pod's own loopback), the head's {@code restartPolicy}
 * set to {@code Never}, and the cluster annotated {@code ray.io/disable-provisioned-head-restart: "true"}, so that a
 * head lost while the job runs is not replaced (the RayJob fails instead: "Ray head pod not found."). Pure: it changes
 * the RayCluster it is given.
 */
public final class SidecarSubmitter {

  private SidecarSubmitter() {
  }

  /**
   * Adds the submitter to a RayCluster built for a SidecarMode RayJob.
   *
   * @param cluster the new RayCluster (its spec is the RayJob's copy)
   * @param rayJob the RayJob
   * @param submissionId the submission id ({@code status.jobId})
   * @param restartOnFailure give the container {@code restartPolicy: OnFailure} (KubeRay's
   *     {@code SidecarSubmitterRestart}; Kubernetes 1.35+), so that kubelet restarts the submitter alone when it exits
   *     with an error; its script then follows the submission it finds instead of submitting again
   * @throws IllegalArgumentException if the head template has no container or image, or the RayJob no entrypoint
   */
  public static void addTo(RayCluster cluster, RayJob rayJob, String submissionId, boolean restartOnFailure) {
    if (submissionId == null || submissionId.isBlank()) {
      throw new IllegalArgumentException("a SidecarMode RayCluster needs the RayJob's submission id (status.jobId)");
    }
    HeadGroupSpec head = cluster.getSpec().getHeadGroupSpec();
    String image = SubmitterJob.headImage(cluster.getSpec());
    PodSpec pod = head.getTemplate().getSpec();
    List<Container> containers = new ArrayList<>(pod.getContainers());
    if (containers.stream().anyMatch(c -> SubmitterJob.CONTAINER_NAME.equals(c.getName()))) {
      throw new IllegalArgumentException("the head template already has a container named "
          + SubmitterJob.CONTAINER_NAME + "; SidecarMode adds its own");
    }
    Container submitter = SubmitterJob.defaultContainer(image);
    RayJobSpec spec = rayJob.getSpec() == null ? new RayJobSpec() : rayJob.getSpec();
    SubmitterJob.configure(submitter, spec, "http://127.0.0.1:" + dashboardPort(head), submissionId, cluster);
    if (restartOnFailure) {
      submitter.setRestartPolicy("OnFailure");
    }
    containers.add(submitter);
    pod.setContainers(containers);
    pod.setRestartPolicy("Never");
    Map<String, String> annotations = cluster.getMetadata().getAnnotations() == null ? new HashMap<>()
        : new HashMap<>(cluster.getMetadata().getAnnotations());
    annotations.put(RayClusterLabels.DISABLE_PROVISIONED_HEAD_RESTART_ANNOTATION, "true");
    cluster.getMetadata().setAnnotations(annotations);
  }

  private static int dashboardPort(HeadGroupSpec head) {
    String port = head.getRayStartParams() == null ? null : head.getRayStartParams().get(RayStartParams.DASHBOARD_PORT);
    try {
      return port == null ? RayStartParams.DEFAULT_DASHBOARD_PORT : Integer.parseInt(port.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("headGroupSpec.rayStartParams['dashboard-port'] = '" + port
          + "' is not a port number", e);
    }
  }
}
