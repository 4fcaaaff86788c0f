package dev.raykube.sandbox;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.lifecycle.job.RayJobLabels;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Pod of a RayJob's K8sJobMode submitter Job (created by the controller-manager's Job controller; its Job carries
 * {@code ray.io/originated-from-crd: RayJob}): its first container's command and args run as a local process with the
 * container's environment ({@link PodEnv}) over the Ray environment of the simulator (so {@code ray job submit} is the
 * venv's), every Service address in them rewritten to a local proxy ({@link ServiceAddresses}, cluster DNS and
 * kube-proxy) and every argument or value that is a path under a ConfigMap or Secret volume's mount path rewritten to
 * the local copy ({@link PodVolumes}), the output in the Pod's temp dir and in the log. Running from the start of the process; Succeeded when
 * it exits 0, Failed with its exit code otherwise, so the Job controller counts it as kubelet's report would make it.
 * Restart policy {@code OnFailure} (restarting the container in place) is not modelled: the Pod fails and the Job
 * controller's backoff creates the next one, as for {@code Never}. Init containers and other containers of the Pod are
 * not run.
 */
final class SubmitterPod extends SimulatedPod {

  private static final Logger log = LoggerFactory.getLogger(SubmitterPod.class);
  /** The label the Job controller puts on the Pods of a Job. */
  static final String JOB_NAME_LABEL = "batch.kubernetes.io/job-name";

  SubmitterPod(NodeContext context, Pod pod) {
    super(context, pod);
  }

  /** Whether the Pod belongs to a Job the RayJob controller created (by the Job's {@code originated-from-crd}). */
  static boolean isRayJobSubmitter(KubernetesClient client, Pod pod) {
    OwnerReference owner = pod.getMetadata().getOwnerReferences() == null ? null
        : pod.getMetadata().getOwnerReferences().stream().filter(o -> "Job".equals(o.getKind())).findFirst()
            .orElse(null);
    if (owner == null) {
      return false;
    }
    Job job = client.batch().v1().jobs().inNamespace(pod.getMetadata().getNamespace()).withName(owner.getName()).get();
    return job != null && job.getMetadata().getUid().equals(owner.getUid()) && job.getMetadata().getLabels() != null
        && RayJobLabels.RAY_JOB_KIND.equals(job.getMetadata().getLabels().get(RayClusterLabels.ORIGINATED_FROM_CRD));
  }

  /**
   * A container's command followed by its args.
   *
   * @throws IllegalStateException if it has neither (the image's entrypoint cannot run outside its image)
   */
  static List<String> commandOf(Container container) {
    List<String> command = new ArrayList<>();
    if (container.getCommand() != null) {
      command.addAll(container.getCommand());
    }
    if (container.getArgs() != null) {
      command.addAll(container.getArgs());
    }
    if (command.isEmpty()) {
      throw new IllegalStateException("container " + container.getName() + " has no command: the image's entrypoint "
          + "cannot run outside its image");
    }
    return command;
  }

  @Override
  void start() throws InterruptedException {
    Container container = pod.getSpec().getContainers().get(0);
    List<String> command = commandOf(container);
    try (ServiceAddresses services = new ServiceAddresses(context.client, pod.getMetadata().getNamespace(),
        context.network)) {
      PodVolumes volumes = PodVolumes.materialise(context.client, pod, container, dir());
      Map<String, String> env = context.ray().environment(home(), Map.of());
      PodEnv.of(context.client, pod, container)
          .forEach((key, value) -> env.put(key, volumes.localPath(services.rewrite(value))));
      List<String> local = services.rewrite(command).stream().map(volumes::localPath).toList();
      RayProcess process = launch(() -> RayProcess.start(name + " " + container.getName(), local, env,
          dir().resolve(container.getName() + ".log"), true));
      if (!context.status.running(pod, PodStatusWriter.containerId(process.pid()))) {
        return;
      }
      long started = System.nanoTime();
      Integer exit = null;
      while (exit == null) {
        if (stopping()) {
          return;
        }
        exit = process.waitFor(Duration.ofMillis(500));
      }
      long millis = (System.nanoTime() - started) / 1_000_000;
      log.info("{}: container {} exited with {} after {} ms", name, container.getName(), exit, millis);
      if (exit == 0) {
        context.status.succeeded(pod);
      } else {
        context.status.failed(pod, null, exit, container.getName() + " exited with " + exit);
      }
    }
  }
}
