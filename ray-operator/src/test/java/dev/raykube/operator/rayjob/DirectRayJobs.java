package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.operator.testing.MockApiRequests;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The RayJob controller's reconciler called directly, one reconcile at a time, on the CRUD mock in {@link #NS} and a
 * {@link FakeRayDashboard} (20 ms to start, 50 ms to stop a job), at a clock the test moves. The test plays the rest
 * of the world: JOSDK (the finalizer is put on at creation and taken off when {@code cleanup} says so; an operator
 * restart is a new reconciler) and the RayCluster controller (every RayCluster in {@link #NS} is marked ready at each
 * step, unless {@linkplain #clustersReady held}). Log tails are off ({@code --max-job-log-tails=0}): the loop polls.
 */
final class DirectRayJobs implements AutoCloseable {

  static final String NS = "jobs";
  static final RayJobSettings FAST_JOBS = RayJobSettings.defaults()
      .withPoll(new AdaptivePoll(Duration.ofMillis(50), Duration.ofMillis(200), 0.1))
      .withTeardownPoll(Duration.ofMillis(100));
  /** Log tails that do not relax the poll while they follow a job, and refused tails retried soon. */
  static final LogTailSettings FAST_TAILS = LogTailSettings.defaults()
      .withRetry(Duration.ofMillis(200), Duration.ofSeconds(2)).withFollowedPoll(FAST_JOBS.poll());
  /** Short backoff; UNTIL_CONFIRMED gives up after 30 s. */
  static final FinalizerSettings FAST_FINALIZER = FinalizerSettings.defaults()
      .withBackoff(Duration.ofMillis(200), 2.0, Duration.ofMillis(500)).withMaxWait(Duration.ofSeconds(30));
  /** Steps {@link #runUntil} takes at most before it fails. */
  static final int MAX_STEPS = 400;

  /** How an operator start builds the reconciler from the controller's context, its dashboards at the fake. */
  @FunctionalInterface
  interface Wiring {
    RayJobReconciler reconciler(ControllerContext context, FakeRayDashboard dashboard);
  }

  /** The production wiring ({@link RayJobController}) at the fast timings. */
  static final Wiring CONTROLLER = (context, dashboard) -> (RayJobReconciler) new RayJobController(FAST_JOBS,
      FAST_FINALIZER, c -> DashboardAccess.fixed(dashboard.url()), FAST_TAILS).reconciler(context);

  final KubernetesClient client;
  final FakeRayDashboard dashboard;
  final MovableClock clock = new MovableClock(Instant.parse("2026-06-01T08:00:00Z"));
  /** The mock API requests made inside the reconciler's calls since {@link #recordRequests}, the bed's not. */
  final List<MockApiRequests.Request> reconcilerRequests = new ArrayList<>();
  private final ControllerContext context;
  private final Wiring wiring;
  private RayJobReconciler reconciler;
  private KubernetesMockServer recording;
  private boolean clustersReady = true;

  private DirectRayJobs(KubernetesClient client, FakeRayDashboard dashboard, Wiring wiring) {
    this.client = client;
    this.dashboard = dashboard;
    this.wiring = wiring;
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    this.context = new ControllerContext(TestSettings.of("--max-job-log-tails=0"), client, registry,
        new ClusterStateGauges(registry), clock);
    this.reconciler = wiring.reconciler(context, dashboard);
  }

  /** Starts the fake dashboard, scripted by {@code script} first, and the {@link #CONTROLLER} reconciler. */
  static DirectRayJobs start(KubernetesClient client, Consumer<FakeRayDashboard> script) {
    return start(client, script, CONTROLLER);
  }

  /** Starts the fake dashboard, scripted by {@code script} first, and the reconciler {@code wiring} builds. */
  static DirectRayJobs start(KubernetesClient client, Consumer<FakeRayDashboard> script, Wiring wiring) {
    FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
    script.accept(dashboard);
    return new DirectRayJobs(client, dashboard, wiring);
  }

  /** An HTTPMode RayJob in {@link #NS} whose owned RayCluster has one head and no workers. */
  static RayJob httpModeJob(String name, String entrypoint) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint(entrypoint);
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    RayClusterSpec cluster = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    cluster.setHeadGroupSpec(head);
    spec.setRayClusterSpec(cluster);
    job.setSpec(spec);
    return job;
  }

  /** Whether a RayJob exists and is in {@code state}: a condition for {@link #runUntil}. */
  static Predicate<RayJob> in(JobDeploymentStatus state) {
    return job -> job != null && job.getStatus() != null && job.getStatus().getJobDeploymentStatus() == state;
  }

  /** Whether a RayJob exists and its Ray job is RUNNING: a condition for {@link #runUntil}. */
  static Predicate<RayJob> rayJobRunning() {
    return job -> job != null && job.getStatus() != null && job.getStatus().getJobStatus() == JobStatus.RUNNING;
  }

  /** Whether the RayClusters become ready at the next steps (true at the start) or stay not ready (their Pods wait). */
  void clustersReady(boolean ready) {
    clustersReady = ready;
  }

  /** An operator restart: a new reconciler from the same wiring, remembering nothing of the old one. */
  void restart() {
    reconciler = wiring.reconciler(context, dashboard);
  }

  /** From now on, keeps the requests the reconciler makes on {@code server} in {@link #reconcilerRequests}. */
  void recordRequests(KubernetesMockServer server) {
    MockApiRequests.drain(server);
    recording = server;
  }

  /** Creates the RayJob with the controller's finalizer, as JOSDK puts it on before the first reconcile. */
  RayJob create(RayJob job) {
    List<String> finalizers = job.getMetadata().getFinalizers() == null ? new ArrayList<>()
        : new ArrayList<>(job.getMetadata().getFinalizers());
    finalizers.add(FinalizerNames.RAYJOB);
    job.getMetadata().setFinalizers(finalizers);
    return client.resource(job).create();
  }

  /**
   * One reconcile of RayJob {@code name} as JOSDK would run it now: {@code cleanup} when it is being deleted (and the
   * finalizer removed when the cleanup says so), {@code reconcile} otherwise.
   *
   * @return when the controller asked to be called again, if it did
   */
  Optional<Duration> step(String name) {
    if (clustersReady) {
      clusters().stream().filter(c -> c.getStatus() == null || c.getStatus().getState() != ClusterState.READY)
          .forEach(c -> {
            c.setStatus(new RayClusterStatus());
            c.getStatus().setState(ClusterState.READY);
            client.resource(c).updateStatus();
          });
    }
    RayJob job = get(name);
    if (job == null) {
      return Optional.empty();
    }
    if (recording != null) {
      MockApiRequests.drain(recording);
    }
    TestingContext<RayJob> call = TestingContext.of(client, job);
    boolean deleting = job.getMetadata().getDeletionTimestamp() != null;
    DeleteControl cleanup = deleting ? reconciler.cleanup(job, call) : null;
    Optional<Long> again = deleting ? cleanup.getScheduleDelay() : reconciler.reconcile(job, call).getScheduleDelay();
    if (recording != null) {
      reconcilerRequests.addAll(MockApiRequests.drain(recording));
    }
    if (deleting && cleanup.isRemoveFinalizer()) {
      edit(name, j -> j.getMetadata().getFinalizers().remove(FinalizerNames.RAYJOB));
    }
    return again.map(Duration::ofMillis);
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
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError("interrupted", e);
      }
    }
    throw new AssertionError("not reached in " + MAX_STEPS + " reconciles: " + what);
  }

  /** The RayJob, or null. */
  RayJob get(String name) {
    return client.resources(RayJob.class).inNamespace(NS).withName(name).get();
  }

  /** Deletes the RayJob: the finalizer holds it until a step's cleanup lets it go. */
  void delete(String name) {
    client.resources(RayJob.class).inNamespace(NS).withName(name).delete();
  }

  /** The RayJob's {@code status.jobDeploymentStatus}, or null. */
  JobDeploymentStatus deploymentStatus(String name) {
    RayJob job = get(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatus();
  }

  /** The RayJob's {@code status.jobStatus}, or null. */
  JobStatus jobStatus(String name) {
    RayJob job = get(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobStatus();
  }

  /** The RayJob's submission id, {@code status.jobId}. */
  String submissionId(String name) {
    return get(name).getStatus().getJobId();
  }

  /** Every RayCluster in {@link #NS}. */
  List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }

  /** The Events about the RayJob. */
  List<Event> events(String rayJob) {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> rayJob.equals(e.getInvolvedObject().getName())).toList();
  }

  /** The reasons of the Events about the RayJob. */
  List<String> eventReasons(String rayJob) {
    return events(rayJob).stream().map(Event::getReason).toList();
  }

  /** Changes a RayJob's spec or metadata (retrying on 409). */
  void edit(String name, Consumer<RayJob> change) {
    ConflictRetryingEdit.edit(client, RayJob.class, NS, name, change);
  }

  /**
   * Stops the dashboard and removes everything the test left in {@link #NS} (the mock has no garbage collector):
   * RayJobs (finalizers dropped first), RayClusters, Pods, Services, batch Jobs and Events.
   */
  @Override
  public void close() {
    dashboard.close();
    client.resources(RayJob.class).inNamespace(NS).list().getItems().forEach(job -> client.resource(job).edit(j -> {
      j.getMetadata().setFinalizers(null);
      return j;
    }));
    client.resources(RayJob.class).inNamespace(NS).delete();
    client.resources(RayCluster.class).inNamespace(NS).delete();
    client.pods().inNamespace(NS).delete();
    client.services().inNamespace(NS).delete();
    client.batch().v1().jobs().inNamespace(NS).delete();
    client.v1().events().inNamespace(NS).delete();
  }
}
