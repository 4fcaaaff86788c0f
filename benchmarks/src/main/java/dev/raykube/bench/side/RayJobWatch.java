package dev.raykube.bench.side;

import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The harness's own watch on the RayJobs of one namespace, the same for both arms: by RayJob name, when its Ray job
 * was first seen terminal ({@link Workloads#jobTerminal}), and which RayJobs have been seen {@code Running} (or
 * already {@code Complete}) and finished ({@link Workloads#isFinished}) at least once. Deletions are not recorded.
 */
final class RayJobWatch implements AutoCloseable {

  private final Map<String, Instant> terminalSeen = new ConcurrentHashMap<>();
  private final Set<String> running = ConcurrentHashMap.newKeySet();
  private final Set<String> finished = ConcurrentHashMap.newKeySet();
  private final SharedIndexInformer<RayJob> informer;

  RayJobWatch(KubernetesClient client, String namespace) {
    this.informer = client.resources(RayJob.class).inNamespace(namespace).inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(RayJob job) {
        onUpdate(null, job);
      }

      @Override
      public void onUpdate(RayJob old, RayJob job) {
        record(job);
      }

      @Override
      public void onDelete(RayJob job, boolean unknownFinalState) {}
    });
  }

  private void record(RayJob job) {
    String name = job.getMetadata().getName();
    if (Workloads.jobTerminal(job)) {
      terminalSeen.putIfAbsent(name, Instant.now());
    }
    String status = job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatusValue();
    if ("Running".equals(status) || "Complete".equals(status)) {
      running.add(name);
    }
    if (Workloads.isFinished(job)) {
      finished.add(name);
    }
  }

  /** Whether the Ray job of the RayJob {@code name} has been seen terminal. */
  boolean terminalSeen(String name) {
    return terminalSeen.containsKey(name);
  }

  /** When the Ray job of the RayJob {@code name} was first seen terminal; null if it has not been. */
  Instant terminalSeenAt(String name) {
    return terminalSeen.get(name);
  }

  /** How many RayJobs have been seen {@code Running} or {@code Complete}. */
  int running() {
    return running.size();
  }

  /** How many RayJobs have been seen finished ({@code Complete} or {@code Failed}). */
  int finished() {
    return finished.size();
  }

  @Override
  public void close() {
    informer.close();
  }
}
