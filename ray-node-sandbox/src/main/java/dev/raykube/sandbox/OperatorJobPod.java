package dev.raykube.sandbox;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RedisCleanupJob;
import dev.raykube.job.decide.RayJobLabels;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The Pod of a Job the operator created (made by the controller-manager's Job controller): a RayJob's K8sJobMode
 * submitter Job (labelled {@code ray.io/originated-from-crd: RayJob}) or a deleted RayCluster's Redis clean-up Job
 * (labelled {@code ray.io/node-type: redis-cleanup} and owned by a RayCluster). Its first container's command and args run as a local process with the
 * container's environment ({@link PodEnv}) over the Ray environment of the simulator (so {@code ray job submit} is the
 * venv's), every Service address in them rewritten to a local proxy ({@link ServiceAddresses}, cluster DNS and
 * kube-proxy) and every argument or value that is a path under a ConfigMap or Secret volume's mount path rewritten to
 * the local copy ({@link PodVolumes}), the output in the Pod's temp dir and in the log
 * ({@link SimulatedPod#runContainer}). Running from the start of the process; Succeeded when it exits 0, Failed with its exit code otherwise, so the Job controller counts it as kubelet's report would make it.
 * Restart policy {@code OnFailure} (restarting the container in place) is not modelled: the Pod fails and the Job
 * controller's backoff creates the next one, as for {@code Never}. Init containers and other containers of the Pod are
 * not run.
 */
final class OperatorJobPod extends SimulatedPod {

  /** The label the Job controller puts on the Pods of a Job. */
  static final String JOB_NAME_LABEL = "batch.kubernetes.io/job-name";

  OperatorJobPod(NodeContext context, Pod pod) {
    super(context, pod);
  }

  /**
   * What the Pod's Job is, if the operator created it: {@code "RayJob submitter"}, {@code "Redis clean-up"}, or
   * {@code null} for any other Job (not run).
   */
  static String kindOf(KubernetesClient client, Pod pod) {
    OwnerReference owner = pod.getMetadata().getOwnerReferences() == null ? null
        : pod.getMetadata().getOwnerReferences().stream().filter(o -> "Job".equals(o.getKind())).findFirst()
            .orElse(null);
    if (owner == null) {
      return null;
    }
    Job job = client.batch().v1().jobs().inNamespace(pod.getMetadata().getNamespace()).withName(owner.getName()).get();
    if (job == null || !job.getMetadata().getUid().equals(owner.getUid()) || job.getMetadata().getLabels() == null) {
      return null;
    }
    Map<String, String> labels = job.getMetadata().getLabels();
    if (RayJobLabels.RAY_JOB_KIND.equals(labels.get(RayClusterLabels.ORIGINATED_FROM_CRD))) {
      return "RayJob submitter";
    }
    boolean ownedByCluster = job.getMetadata().getOwnerReferences() != null && job.getMetadata().getOwnerReferences()
        .stream().anyMatch(o -> "RayCluster".equals(o.getKind()));
    return ownedByCluster && RedisCleanupJob.NODE_TYPE.equals(labels.get(RayClusterLabels.NODE_TYPE))
        ? "Redis clean-up" : null;
  }

  @Override
  void start() throws InterruptedException {
    Container container = pod.getSpec().getContainers().get(0);
    Integer exit = runContainer(container, UnaryOperator.identity(),
        process -> context.status.running(pod, PodStatusWriter.containerId(process.pid())));
    if (exit == null) {
      return;
    }
    if (exit == 0) {
      context.status.succeeded(pod);
    } else {
      context.status.failed(pod, null, exit, container.getName() + " exited with " + exit);
    }
  }
}
