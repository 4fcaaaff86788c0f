package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The RayJob controller's reconciler called directly, one reconcile at a time, on the CRUD mock and a
 * {@link FakeRayDashboard}, at a clock the test moves: what {@link RayJobHarness} does with the whole operator
 * runtime, without its threads, informers and polling waits. The test plays the rest of the world: JOSDK (the
 * finalizer is put on at creation and taken off when {@code cleanup} says so) and the RayCluster controller (owned
 * clusters are marked ready at each step, unless {@link #holdClustersPending}). Log tails are off: the loop polls.
 */
final class DirectRayJobs extends RayJobObjects implements AutoCloseable {

  /** Steps {@link #runUntil} takes at most before it fails. */
  static final int MAX_STEPS = 400;

  final FakeRayDashboard dashboard;
  final MovableClock clock = new MovableClock(Instant.parse("2026-06-01T08:00:00Z"));
  private final RayJobReconciler reconciler;
  private boolean clustersReady = true;

  private DirectRayJobs(KubernetesClient client, FakeRayDashboard dashboard) {
    super(client);
    this.dashboard = dashboard;
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    ControllerContext context = new ControllerContext(TestSettings.of("--max-job-log-tails=0"), client, registry,
        new ClusterStateGauges(registry), clock);
    this.reconciler = (RayJobReconciler) new RayJobController(FAST_JOBS, FAST_FINALIZER,
        c -> DashboardAccess.fixed(dashboard.url()), FAST_TAILS).reconciler(context);
  }

  /** Starts the fake dashboard (20 ms to start, 50 ms to stop a job), scripted by {@code script} first. */
  static DirectRayJobs start(KubernetesClient client, Consumer<FakeRayDashboard> script) {
    FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
    script.accept(dashboard);
    return new DirectRayJobs(client, dashboard);
  }

  /** Whether a RayJob exists and is in {@code state}: a condition for {@link #runUntil}. */
  static Predicate<RayJob> in(JobDeploymentStatus state) {
    return job -> job != null && job.getStatus() != null && job.getStatus().getJobDeploymentStatus() == state;
  }

  /** Whether a RayJob exists and its Ray job is RUNNING: a condition for {@link #runUntil}. */
  static Predicate<RayJob> rayJobRunning() {
    return job -> job != null && job.getStatus() != null && job.getStatus().getJobStatus() == JobStatus.RUNNING;
  }

  /** From now on the owned RayClusters stay not ready (their Pods never start). */
  void holdClustersPending() {
    clustersReady = false;
  }

  /** Creates the RayJob with the controller's finalizer, as JOSDK puts it on before the first reconcile. */
  @Override
  RayJob create(RayJob job) {
    List<String> finalizers = job.getMetadata().getFinalizers() == null ? new ArrayList<>()
        : new ArrayList<>(job.getMetadata().getFinalizers());
    finalizers.add(FinalizerNames.RAYJOB);
    job.getMetadata().setFinalizers(finalizers);
    return super.create(job);
  }

  /**
   * One reconcile of RayJob {@code name} as JOSDK would run it now: {@code cleanup} when it is being deleted (and the
   * finalizer removed when the cleanup says so), {@code reconcile} otherwise.
   *
   * @return when the controller asked to be called again, if it did
   */
  Optional<Duration> step(String name) {
    markClustersReady();
    RayJob job = get(name);
    if (job == null) {
      return Optional.empty();
    }
    if (job.getMetadata().getDeletionTimestamp() != null) {
      DeleteControl control = reconciler.cleanup(job, TestingContext.of(client, job));
      if (control.isRemoveFinalizer()) {
        edit(name, j -> j.getMetadata().getFinalizers().remove(FinalizerNames.RAYJOB));
        return Optional.empty();
      }
      return control.getScheduleDelay().map(Duration::ofMillis);
    }
    UpdateControl<RayJob> control = reconciler.reconcile(job, TestingContext.of(client, job));
    return control.getScheduleDelay().map(Duration::ofMillis);
  }

  /**
   * Steps RayJob {@code name} until {@code done} holds for it (or for its absence: {@code null}), with a short pause
   * of real time between steps for the fake dashboard's jobs; the clock does not move.
   */
  void runUntil(String name, String what, Predicate<RayJob> done) {
    for (int i = 0; i < MAX_STEPS; i++) {
      if (done.test(get(name))) {
        return;
      }
      step(name);
      if (done.test(get(name))) {
        return;
      }
      pause();
    }
    throw new AssertionError("not reached in " + MAX_STEPS + " reconciles: " + what);
  }

  private void markClustersReady() {
    if (!clustersReady) {
      return;
    }
    for (RayCluster cluster : clusters()) {
      if (cluster.getStatus() == null || cluster.getStatus().getState() != ClusterState.READY) {
        RayClusterStatus status = new RayClusterStatus();
        status.setState(ClusterState.READY);
        cluster.setStatus(status);
        client.resource(cluster).updateStatus();
      }
    }
  }

  private static void pause() {
    try {
      Thread.sleep(10);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
  }

  @Override
  public void close() {
    dashboard.close();
    removeAll(client);
  }
}
