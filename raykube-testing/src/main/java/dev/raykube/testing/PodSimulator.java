package dev.raykube.testing;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.fabric8.kubernetes.api.model.PodStatus;
import io.fabric8.kubernetes.api.model.PodStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Plays kubelet for Ray Pods on a mock API server: a Pod without a phase is marked Running and Ready with a Pod IP as
 * soon as it appears (unless {@link #holdPending(boolean) held}), and {@link #fail} marks one Failed. It watches Pods
 * labelled {@code ray.io/is-ray-node=yes} without caching them and, as a kubelet syncs, also lists them every
 * {@value #RESYNC_MILLIS} ms, so a Pod whose watch event was missed (a watch re-established under load) is marked
 * all the same. It writes with JSON Patch ({@code edit}), which the CRUD mock applies to {@code status} of built-in
 * kinds.
 */
public final class PodSimulator implements AutoCloseable {
  private static final long RESYNC_MILLIS = 500;

  private final KubernetesClient client;
  private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread thread = new Thread(r, "pod-simulator");
    thread.setDaemon(true);
    return thread;
  });
  private final AtomicInteger nextIp = new AtomicInteger(1);
  private final Set<String> marked = ConcurrentHashMap.newKeySet();
  private final AtomicInteger markedRunning = new AtomicInteger();
  private final Watch watch;
  private volatile boolean holdPending;

  private PodSimulator(KubernetesClient client) {
    this.client = client;
    this.watch = client.pods().inAnyNamespace().withLabel("ray.io/is-ray-node", "yes").watch(new Watcher<>() {
      @Override
      public void eventReceived(Action action, Pod pod) {
        if ((action == Action.ADDED || action == Action.MODIFIED) && phase(pod) == null && !holdPending) {
          writer.execute(() -> markRunning(pod.getMetadata().getNamespace(), pod.getMetadata().getName()));
        }
      }

      @Override
      public void onClose(WatcherException cause) {
      }
    });
    writer.scheduleWithFixedDelay(this::resync, RESYNC_MILLIS, RESYNC_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Marks the Pods without a phase that the watch did not bring (unless held). */
  private void resync() {
    if (holdPending) {
      return;
    }
    try {
      client.pods().inAnyNamespace().withLabel("ray.io/is-ray-node", "yes").list().getItems().stream()
          .filter(p -> phase(p) == null && !marked.contains(key(p)))
          .forEach(p -> markRunning(p.getMetadata().getNamespace(), p.getMetadata().getName()));
    } catch (KubernetesClientException e) {
      // the mock is shutting down or busy; the next resync tries again
    }
  }

  private static String key(Pod pod) {
    return pod.getMetadata().getNamespace() + "/" + pod.getMetadata().getName();
  }

  /** Starts watching; Pods created from now on become Running and Ready. */
  public static PodSimulator start(KubernetesClient client) {
    return new PodSimulator(client);
  }

  /** While {@code true}, new Pods stay Pending (without a phase); {@code false} marks the waiting ones Running. */
  public void holdPending(boolean hold) {
    this.holdPending = hold;
    if (!hold) {
      client.pods().inAnyNamespace().withLabel("ray.io/is-ray-node", "yes").list().getItems().stream()
          .filter(p -> phase(p) == null)
          .forEach(p -> writer.execute(() -> markRunning(p.getMetadata().getNamespace(), p.getMetadata().getName())));
    }
  }

  /** Marks a Pod Failed (its Ray container terminated with exit code 1) and not Ready. */
  public void fail(String namespace, String name) {
    setStatus(client, namespace, name, PodSimulator::failed);
  }

  /** How many Pods this simulator marked Running so far. */
  public int markedRunning() {
    return markedRunning.get();
  }

  private void markRunning(String namespace, String name) {
    if (!marked.add(namespace + "/" + name)) {
      return;
    }
    int n = nextIp.getAndIncrement();
    if (setStatus(client, namespace, name, pod -> running(pod, n, Instant.now()))) {
      markedRunning.incrementAndGet();
    } else {
      marked.remove(namespace + "/" + name); // not written: the next resync tries again (if it still exists)
    }
  }

  /**
   * The status kubelet writes once the Ray container of {@code pod} runs at {@code at}: Running and Ready, with the
   * {@code n}th Pod IP ({@code 10.1.0.2} the first).
   */
  public static PodStatus running(Pod pod, int n, Instant at) {
    String now = at.truncatedTo(ChronoUnit.SECONDS).toString();
    return new PodStatusBuilder()
        .withPhase("Running")
        .withPodIP("10.1." + (n / 250) + "." + (n % 250 + 1))
        .withHostIP("192.168.0.1")
        .withStartTime(now)
        .withConditions(
            new PodConditionBuilder().withType("PodScheduled").withStatus("True").withLastTransitionTime(now).build(),
            new PodConditionBuilder().withType("ContainersReady").withStatus("True").withLastTransitionTime(now)
                .build(),
            new PodConditionBuilder().withType("Ready").withStatus("True").withLastTransitionTime(now).build())
        .withContainerStatuses(new ContainerStatusBuilder().withName(rayContainer(pod)).withReady(true)
            .withRestartCount(0).withNewState().withNewRunning().withStartedAt(now).endRunning().endState().build())
        .build();
  }

  /** The status kubelet writes once the Ray container of {@code pod} exited with code 1: Failed, not Ready. */
  public static PodStatus failed(Pod pod) {
    return new PodStatusBuilder()
        .withPhase("Failed")
        .withReason("Error")
        .withConditions(new PodConditionBuilder().withType("Ready").withStatus("False")
            .withReason("PodFailed").build())
        .withContainerStatuses(new ContainerStatusBuilder().withName(rayContainer(pod)).withReady(false)
            .withNewState().withNewTerminated().withExitCode(1).withReason("Error").endTerminated().endState()
            .build())
        .build();
  }

  /** Writes the status {@code status} makes of Pod {@code namespace/name}, as kubelet; false if it is gone. */
  public static boolean setStatus(KubernetesClient client, String namespace, String name,
      Function<Pod, PodStatus> status) {
    try {
      return client.pods().inNamespace(namespace).withName(name).edit(p -> {
        p.setStatus(status.apply(p));
        return p;
      }) != null;
    } catch (KubernetesClientException e) {
      return false; // deleted meanwhile
    }
  }

  private static String rayContainer(Pod pod) {
    return pod.getSpec() == null || pod.getSpec().getContainers() == null || pod.getSpec().getContainers().isEmpty()
        ? "ray" : pod.getSpec().getContainers().get(0).getName();
  }

  private static String phase(Pod pod) {
    return pod.getStatus() == null ? null : pod.getStatus().getPhase();
  }

  @Override
  public void close() {
    watch.close();
    writer.shutdownNow();
    try {
      writer.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
