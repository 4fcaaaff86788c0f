package dev.raykube.operator.testing;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Plays the kubelet on a CRUD mock server: every Pod in a namespace gets status Running with a Ready condition and a
 * pod IP shortly after it appears.
 */
public final class PodsRunning implements AutoCloseable {

  private final SharedIndexInformer<Pod> informer;
  private final AtomicInteger nextIp = new AtomicInteger(2);

  private PodsRunning(KubernetesClient client, String namespace) {
    this.informer = client.pods().inNamespace(namespace).inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(Pod pod) {
        markRunning(client, pod);
      }

      @Override
      public void onUpdate(Pod before, Pod pod) {
        markRunning(client, pod);
      }

      @Override
      public void onDelete(Pod pod, boolean unknown) {
        // nothing to do
      }
    });
  }

  /** Starts marking the Pods of {@code namespace} running. */
  public static PodsRunning in(KubernetesClient client, String namespace) {
    return new PodsRunning(client, namespace);
  }

  private void markRunning(KubernetesClient client, Pod pod) {
    PodStatus status = pod.getStatus();
    if (status != null && "Running".equals(status.getPhase()) || pod.getMetadata().getDeletionTimestamp() != null) {
      return;
    }
    pod.setStatus(new PodStatusBuilder()
        .withPhase("Running")
        .withPodIP("10.0.0." + nextIp.getAndIncrement())
        .withConditions(new PodConditionBuilder().withType("Ready").withStatus("True").build())
        .build());
    try {
      client.pods().inNamespace(pod.getMetadata().getNamespace()).resource(pod).updateStatus();
    } catch (KubernetesClientException e) {
      // deleted or changed meanwhile; the next event retries
    }
  }

  @Override
  public void close() {
    informer.close();
  }
}
