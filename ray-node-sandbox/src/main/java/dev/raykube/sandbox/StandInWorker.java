package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Pod;

/**
 * A worker Pod of a cluster whose head is a stand-in ({@link HeadStandIns}): no process. While the cluster's stand-in
 * head is not up, the Pod is Pending with its {@code wait-gcs-ready} init container running (if it has one), as a
 * real worker waits for its GCS; then it is Running and Ready.
 */
final class StandInWorker extends SimulatedPod {

  StandInWorker(NodeContext context, Pod pod) {
    super(context, pod);
  }

  @Override
  void start() throws InterruptedException {
    String namespace = pod.getMetadata().getNamespace();
    boolean waits = pod.getSpec().getInitContainers().stream()
        .anyMatch(c -> WorkerNode.WAIT_GCS_READY.equals(c.getName()));
    if (waits && !context.status.initializing(pod, WorkerNode.WAIT_GCS_READY)) {
      return;
    }
    while (context.dashboards.of(namespace, cluster).isEmpty()) {
      if (stopping()) {
        return;
      }
      Thread.sleep(200);
    }
    reportRunning("raykube-sim://stand-in");
  }
}
