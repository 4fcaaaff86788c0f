package dev.raykube.bench.rayjob;

import dev.raykube.bench.BenchClusters;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.job.TerminalStates;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Instant;
import java.util.Collection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Times the two ends of "the Ray job ended → the RayJob says so": a thread looks at every watched job in its fake
 * dashboard every {@value #LOOK_MILLIS} ms (in process, no HTTP) and notes when it became RUNNING and when terminal; an
 * informer on RayJobs (in the benchmark's own client) notes when {@code status.jobStatus} first said terminal and when
 * {@code status.jobDeploymentStatus} first said Complete or Failed. Times are {@link System#nanoTime()}, plus the
 * wall clock for the dashboard transitions (to match the fake's request log).
 */
final class TerminalStopwatch implements AutoCloseable {

  static final long LOOK_MILLIS = 2;

  /** One watched RayJob and what was seen of it; -1 means not yet. */
  static final class Watched {
    final String key;
    final FakeRayDashboard dashboard;
    final String submissionId;
    volatile long rayRunningNanos = -1;
    volatile long rayTerminalNanos = -1;
    volatile Instant rayRunningWall;
    volatile Instant rayTerminalWall;
    volatile long statusTerminalNanos = -1;
    volatile long deploymentTerminalNanos = -1;

    Watched(String key, FakeRayDashboard dashboard, String submissionId) {
      this.key = key;
      this.dashboard = dashboard;
      this.submissionId = submissionId;
    }

    boolean done() {
      return rayTerminalNanos >= 0 && statusTerminalNanos >= 0 && deploymentTerminalNanos >= 0;
    }
  }

  private final Map<String, Watched> watched = new ConcurrentHashMap<>();
  private final SharedIndexInformer<RayJob> informer;
  private final Thread looker;
  private volatile boolean closed;

  TerminalStopwatch(KubernetesClient client) {
    this.informer = client.resources(RayJob.class).inAnyNamespace().inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(RayJob job) {
        seen(job);
      }

      @Override
      public void onUpdate(RayJob old, RayJob job) {
        seen(job);
      }

      @Override
      public void onDelete(RayJob job, boolean unknownFinalState) {
      }
    });
    this.looker = new Thread(this::lookAtDashboards, "terminal-stopwatch");
    looker.setDaemon(true);
    looker.start();
  }

  /** Watches the RayJob {@code namespace/name} whose Ray job has {@code submissionId} on {@code dashboard}. */
  Watched watch(String namespace, String name, FakeRayDashboard dashboard, String submissionId) {
    Watched w = new Watched(namespace + "/" + name, dashboard, submissionId);
    watched.put(w.key, w);
    return w;
  }

  Collection<Watched> all() {
    return watched.values();
  }

  private void seen(RayJob job) {
    long now = System.nanoTime();
    Watched w = watched.get(job.getMetadata().getNamespace() + "/" + job.getMetadata().getName());
    if (w == null) {
      return;
    }
    if (w.statusTerminalNanos < 0 && BenchRayJobs.jobStatusTerminal(job)) {
      w.statusTerminalNanos = now;
    }
    if (w.deploymentTerminalNanos < 0 && BenchRayJobs.deploymentTerminal(job)) {
      w.deploymentTerminalNanos = now;
    }
  }

  private void lookAtDashboards() {
    while (!closed) {
      for (Watched w : watched.values()) {
        if (w.rayTerminalNanos >= 0) {
          continue;
        }
        JobStatus status = JobStatus.fromWire(w.dashboard.jobStatus(w.submissionId).orElse(null));
        boolean terminal = TerminalStates.isTerminal(status);
        long now = System.nanoTime();
        if (w.rayRunningNanos < 0 && (status == JobStatus.RUNNING || terminal)) {
          w.rayRunningNanos = now;
          w.rayRunningWall = Instant.now();
        }
        if (terminal) {
          w.rayTerminalNanos = now;
          w.rayTerminalWall = Instant.now();
        }
      }
      BenchClusters.sleep(LOOK_MILLIS);
    }
  }

  @Override
  public void close() {
    closed = true;
    informer.close();
  }
}
