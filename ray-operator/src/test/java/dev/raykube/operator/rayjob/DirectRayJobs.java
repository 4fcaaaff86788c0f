package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.operator.testing.DirectReconciles;
import dev.raykube.operator.testing.RunningOperator;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The RayJob controller's reconciler called directly ({@link DirectReconciles}) in {@link #NS}, every head's dashboard
 * a {@link FakeRayDashboard} (20 ms to start, 50 ms to stop a job), at a clock that stands at 2026-06-01T08:00:00Z
 * until the test moves it. Log tails are off ({@code --max-job-log-tails=0}): the loop polls.
 */
final class DirectRayJobs extends DirectReconciles<RayJob> {

  static final String NS = "jobs";
  static final RayJobSettings FAST_JOBS = RunningOperator.FAST_JOBS;
  /** Log tails that do not relax the poll while they follow a job, and refused tails retried soon. */
  static final LogTailSettings FAST_TAILS = LogTailSettings.defaults()
      .withRetry(Duration.ofMillis(200), Duration.ofSeconds(2)).withFollowedPoll(FAST_JOBS.poll());
  /** The production wiring ({@link RayJobController}) at the fast timings, its dashboards at the fake. */
  static final Wiring<RayJob> CONTROLLER = (context, dashboard) -> new RayJobController(FAST_JOBS,
      RunningOperator.FAST_FINALIZER, c -> DashboardAccess.fixed(dashboard.url()), FAST_TAILS).reconciler(context);

  private DirectRayJobs(KubernetesClient client, FakeRayDashboard dashboard, Wiring<RayJob> wiring,
      String... flags) {
    super(client, RayJob.class, NS, FinalizerNames.RAYJOB, dashboard, wiring,
        java.util.stream.Stream.concat(java.util.stream.Stream.of("--max-job-log-tails=0"),
            java.util.Arrays.stream(flags)).toArray(String[]::new));
    clock.set(Instant.parse("2026-06-01T08:00:00Z"));
  }

  /** Starts the fake dashboard, scripted by {@code script} first, and the {@link #CONTROLLER} reconciler. */
  static DirectRayJobs start(KubernetesClient client, Consumer<FakeRayDashboard> script) {
    return start(client, script, CONTROLLER);
  }

  /** Starts the fake dashboard, scripted by {@code script} first, and the reconciler {@code wiring} builds. */
  static DirectRayJobs start(KubernetesClient client, Consumer<FakeRayDashboard> script, Wiring<RayJob> wiring) {
    FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
    script.accept(dashboard);
    return new DirectRayJobs(client, dashboard, wiring);
  }

  /** As {@link #start(KubernetesClient, Consumer)}, the operator started with the extra {@code flags}. */
  static DirectRayJobs startWithFlags(KubernetesClient client, String... flags) {
    FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
    return new DirectRayJobs(client, dashboard, CONTROLLER, flags);
  }

  /** An HTTPMode RayJob in {@link #NS} whose owned RayCluster has one head and no workers. */
  static RayJob httpModeJob(String name, String entrypoint) {
    RayJob job = new KubernetesSerialization().unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: %s, namespace: %s}
        spec:
          submissionMode: HTTPMode
          rayClusterSpec:
            headGroupSpec:
              rayStartParams: {}
              template: {spec: {containers: [{name: ray-head, image: "rayproject/ray:2.60.0"}]}}
        """.formatted(name, NS), RayJob.class);
    job.getSpec().setEntrypoint(entrypoint);
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

  /** The RayJob's {@code status.jobDeploymentStatus}, or null. */
  JobDeploymentStatus deploymentStatus(String name) {
    return Optional.ofNullable(get(name)).map(RayJob::getStatus).map(RayJobStatus::getJobDeploymentStatus)
        .orElse(null);
  }

  /** The RayJob's {@code status.jobStatus}, or null. */
  JobStatus jobStatus(String name) {
    return Optional.ofNullable(get(name)).map(RayJob::getStatus).map(RayJobStatus::getJobStatus).orElse(null);
  }

  /** The RayJob's submission id, {@code status.jobId}. */
  String submissionId(String name) {
    return get(name).getStatus().getJobId();
  }

  /** Every RayCluster in {@link #NS}. */
  List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }
}
