package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RayJobs (HTTPMode) against the real peers: the operator runs in this JVM against the real kube-apiserver of
 * {@code local/start-control-plane}, the node simulator runs each head pod as a real {@code ray start --head}, and the operator reaches
 * each head's dashboard through the simulator's {@code DashboardAccess}. What Ray says about a job is asked of the
 * head's dashboard directly ({@link HeadDashboard}), never taken from the RayJob's status.
 *
 * <p>Each test runs one RayJob with its own head-only RayCluster, so at most one head runs at a time; the clean-up
 * after each test waits until the head's pods are gone and its Ray processes stopped. Where a test must ask the
 * head after its RayJob is gone, it first holds the RayCluster with the test's own finalizer
 * ({@link RayJobNamespace#HOLD}); otherwise the garbage collector would take cluster, pods and head away as soon as the
 * RayJob goes, racing the question.
 */
class RayJobE2eTest {

  /** The control plane of e2e/run, this class's namespace, and the node sandbox with real Ray heads. */
  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("e2e-rayjob");

  private static final Logger log = LoggerFactory.getLogger(RayJobE2eTest.class);

  /** Head start (10–30 s on a loaded 2-core machine, more under load), submission, and the job reaching RUNNING. */
  static final Duration JOB_START = Duration.ofMinutes(4);
  /** JOB_START plus a short entrypoint (a driver that connects to Ray takes seconds more). */
  static final Duration JOB_END = Duration.ofMinutes(5);
  /** A deletion: finalizer step, garbage collection, head stop (SIGTERM, SIGKILL after 20 s). */
  static final Duration TEARDOWN = Duration.ofMinutes(2);
  /** Ray's stop: SIGTERM to the entrypoint, the supervisor records STOPPED. */
  static final Duration RAY_STOP = Duration.ofMinutes(1);

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator nodes;
  private static InProcessOperator operator;
  private static RayJobNamespace jobs;
  /** Every RayCluster a test used, so the clean-up can wait for its processes even after the cluster is gone. */
  private static final Set<String> clustersSeen = ConcurrentHashMap.newKeySet();

  @BeforeAll
  static void startPeers() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    jobs = new RayJobNamespace(client, namespace);
    nodes = kube.nodes();
    startOperator();
  }

  @AfterAll
  static void stopPeers() {
    stopOperator();
  }

  static void startOperator() throws StartupFailure {
    operator = InProcessOperator.start(client.getConfiguration(), nodes.dashboardAccess(),
        "--namespaces=" + namespace);
    log.info("operator started");
  }

  static void stopOperator() {
    if (operator != null) {
      operator.close();
      operator = null;
      log.info("operator stopped");
    }
  }

  /**
   * After each test: an operator runs; every RayJob is deleted and gone (finalizers stripped if the operator fails to
   * remove them, so one failure does not break the next test); holds released; clusters and pods gone; every Ray
   * process the simulator started for them stopped. The next test starts with no head running.
   */
  @AfterEach
  void cleanUp() throws Exception {
    if (operator == null) {
      startOperator();
    }
    jobs.releaseAllClusters();
    jobs.clusters().forEach(c -> clustersSeen.add(c.getMetadata().getName()));
    for (RayJob job : jobs.all()) {
      jobs.delete(job.getMetadata().getName());
    }
    try {
      Eventually.await(TEARDOWN, E2eWaits.POLL, "every RayJob deleted", () -> jobs.all().isEmpty());
    } catch (AssertionError e) {
      log.warn("clean-up: RayJobs left after deletion, stripping their finalizers: {}", jobs.all().stream()
          .map(j -> jobs.describe(j.getMetadata().getName())).toList());
      jobs.stripFinalizers();
    }
    jobs.releaseAllClusters();
    jobs.deleteAllClusters();
    await("clean-up: no RayCluster, no Pod", TEARDOWN, () -> jobs.clusters().isEmpty() && jobs.allPods().isEmpty(),
        () -> "clusters " + jobs.clusters().size() + ", pods " + jobs.allPods().size());
    for (String cluster : clustersSeen) {
      await("clean-up: the Ray processes of " + cluster + " stopped", TEARDOWN, () -> processesStopped(cluster),
          () -> "process groups " + nodes.rayProcessGroups(jobs.name(), cluster));
    }
    clustersSeen.clear();
  }

  @Test
  @DisplayName("HTTPMode, a real Python entrypoint: SUCCEEDED/Complete, status fields set, one submission on Ray")
  void pythonEntrypointSucceeds() {
    jobs.create(jobs.httpModeJob("hello", "python -c \"import ray; ray.init(); "
        + "print('hello from ray', ray.get(ray.remote(num_cpus=0)(lambda: 6 * 7).remote()))\""));

    awaitDeployment("hello", JobDeploymentStatus.COMPLETE, JOB_END);

    RayJobStatus status = jobs.get("hello").getStatus();
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(status.getSucceeded()).isEqualTo(1);
    assertThat(status.getJobId()).isNotBlank();
    assertThat(status.getRayClusterName()).startsWith("hello-");
    assertThat(jobs.cluster(status.getRayClusterName())).as("the owned RayCluster").isNotNull();
    // KubeRay's form: host:port, no scheme (in a cluster, the head Service's DNS name and the dashboard port).
    HeadDashboard head = headOf(status.getRayClusterName());
    assertThat("http://" + status.getDashboardURL()).as("dashboardURL").isEqualTo(head.url());
    Instant start = Instant.parse(status.getStartTime());
    Instant end = Instant.parse(status.getEndTime());
    assertThat(end).isAfterOrEqualTo(start);
    assertThat(status.getRayJobInfo()).as("rayJobInfo").isNotNull();

    JobDetails ray = head.job(status.getJobId());
    assertThat(ray.status()).isEqualTo(dev.raykube.dashboard.JobStatus.SUCCEEDED);
    assertThat(ray.driverExitCode()).isEqualTo(0);
    assertThat(head.logs(status.getJobId())).contains("hello from ray 42");
    assertThat(head.submissions()).as("submissions on the head").extracting(JobDetails::submissionId)
        .containsExactly(status.getJobId());
    assertThat(jobs.eventReasons("hello")).contains("CreatedRayCluster").doesNotContain("SubmittedRayJob", "Completed");

    // KubeRay's series, as Prometheus scrapes them (docs/configuration.md, "KubeRay's series").
    String metrics = HttpProbe.get(operator.operator().metricsPort(), "/metrics").body();
    String job = "name=\"hello\",namespace=\"" + namespace + "\"";
    assertThat(metrics).contains(
        "kuberay_job_info{" + job + ",uid=\"" + jobs.get("hello").getMetadata().getUid() + "\"} 1",
        "kuberay_job_deployment_status{deployment_status=\"Complete\"," + job,
        "kuberay_job_execution_duration_seconds{job_deployment_status=\"Complete\"," + job + ",retry_count=\"0\"",
        "kuberay_cluster_info{name=\"" + status.getRayClusterName() + "\",namespace=\"" + namespace
            + "\",owner_kind=\"RayJob\"",
        "kuberay_cluster_condition_provisioned{condition=\"true\",name=\"" + status.getRayClusterName() + "\"",
        "kuberay_cluster_provisioned_duration_seconds{name=\"" + status.getRayClusterName() + "\"");
  }

  @Test
  @DisplayName("a failing entrypoint: FAILED/Failed, reason AppFailed, Ray's message in status.message")
  void failingEntrypointFails() {
    jobs.create(jobs.httpModeJob("exit3", "python -c \"import sys; sys.exit(3)\""));

    awaitDeployment("exit3", JobDeploymentStatus.FAILED, JOB_END);

    RayJobStatus status = jobs.get("exit3").getStatus();
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.FAILED);
    assertThat(status.getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(status.getFailed()).isEqualTo(1);
    assertThat(status.getEndTime()).isNotNull();
    JobDetails ray = headOf(status.getRayClusterName()).job(status.getJobId());
    assertThat(ray.status()).isEqualTo(dev.raykube.dashboard.JobStatus.FAILED);
    assertThat(ray.driverExitCode()).isEqualTo(3);
    assertThat(ray.message()).contains("exit code 3");
    assertThat(status.getMessage()).as("status.message is Ray's message").isEqualTo(ray.message());
  }

  @Test
  @DisplayName("shutdownAfterJobFinishes: the operator deletes the RayCluster, the garbage collector its pods, the "
      + "head stops")
  void shutdownAfterJobFinishesRemovesTheCluster() {
    RayJob job = jobs.httpModeJob("brief", "python -c \"print('done')\"");
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(0);
    jobs.create(job);
    await("the RayJob's cluster and head are up", JOB_START, () -> clusterOf("brief") != null
        && nodes.dashboardUrl(jobs.name(), clusterOf("brief")).isPresent(), () -> jobs.describe("brief"));
    String cluster = clusterOf("brief");
    HeadDashboard head = headOf(cluster);
    assertThat(jobs.pods(cluster)).as("the head pod").isNotEmpty();
    List<Long> processes = nodes.rayProcessGroups(jobs.name(), cluster);
    assertThat(processes).as("the simulator's ray start processes").isNotEmpty();

    awaitDeployment("brief", JobDeploymentStatus.COMPLETE, JOB_END);
    await("the RayCluster is deleted", TEARDOWN, () -> jobs.cluster(cluster) == null, () -> jobs.describe("brief"));
    await("the controller-manager collected the pods", TEARDOWN, () -> jobs.pods(cluster).isEmpty(),
        () -> "pods " + jobs.pods(cluster).stream().map(p -> p.getMetadata().getName()).toList());
    await("the simulator stopped the head's processes", TEARDOWN,
        () -> processes.stream().noneMatch(NodeSimulator::processGroupAlive), () -> "process groups " + processes);
    assertThat(head.answers()).as("the head's dashboard answers").isFalse();

    RayJob done = jobs.get("brief");
    assertThat(done.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(done.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(jobs.eventReasons("brief")).contains("DeletedRayCluster");
  }

  @Test
  @DisplayName("deleting a RUNNING RayJob: Ray reports the job STOPPED, the RayJob disappears")
  void deleteWhileRunningStopsTheRayJob() {
    Running running = runningJob("sleeper");

    Instant deleted = Instant.now();
    jobs.delete("sleeper");

    await("the RayJob is gone", TEARDOWN, () -> jobs.gone("sleeper"), () -> jobs.describe("sleeper"));
    JobDetails ray = awaitRayStopped(running);
    log.info("sleeper: RayJob gone and Ray job STOPPED {} ms after the delete",
        Duration.between(deleted, Instant.now()).toMillis());
    assertThat(ray.endTime()).as("Ray's end time of the job").isAfterOrEqualTo(deleted.minusSeconds(1));
    assertStopEvents("sleeper", running.submissionId());
    releaseAndAwaitClusterGone(running);
  }

  /**
   * Issue 6's acceptance check on a real API server: the deletion happens while no operator runs, so only the
   * finalizer keeps the RayJob, and the job keeps running on Ray; the operator started afterwards finds the RayJob
   * being deleted, sends the stop request to the head's dashboard and removes the finalizer. Ray's own end time of
   * the job proves that the stop came after the restart.
   */
  @Test
  @DisplayName("issue 6: operator stopped, RUNNING RayJob deleted, operator started: Ray reports STOPPED, the RayJob "
      + "disappears")
  void deleteWhileTheOperatorIsStopped() throws Exception {
    Running running = runningJob("orphan");
    stopOperator();

    jobs.delete("orphan");
    RayJob marked = jobs.get("orphan");
    assertThat(marked.getMetadata().getDeletionTimestamp()).as("deletionTimestamp").isNotNull();
    assertThat(marked.getMetadata().getFinalizers()).containsExactly(FinalizerNames.RAYJOB);
    // Nobody acts on the deletion: for as long as no operator runs, the finalizer keeps the RayJob and the job runs.
    Instant until = Instant.now().plusSeconds(5);
    while (Instant.now().isBefore(until)) {
      assertThat(jobs.get("orphan")).as("the RayJob while no operator runs").isNotNull();
      assertThat(running.head().job(running.submissionId()).status())
          .as("Ray's status of the job while no operator runs").isEqualTo(dev.raykube.dashboard.JobStatus.RUNNING);
      Thread.sleep(500);
    }
    assertThat(jobs.eventReasons("orphan")).as("Events before the operator is back").doesNotContain("StopRequested");

    Instant restarted = Instant.now();
    startOperator();

    await("the RayJob is gone", TEARDOWN, () -> jobs.gone("orphan"), () -> jobs.describe("orphan"));
    JobDetails ray = awaitRayStopped(running);
    log.info("orphan: RayJob gone and Ray job STOPPED {} ms after the operator start began",
        Duration.between(restarted, Instant.now()).toMillis());
    assertThat(ray.endTime()).as("Ray's end time of the job").isAfterOrEqualTo(restarted.minusSeconds(1));
    assertStopEvents("orphan", running.submissionId());
    releaseAndAwaitClusterGone(running);
  }

  /** A RayJob whose Ray job runs (sleeps 10 minutes), its cluster held for inspection after deletion. */
  private Running runningJob(String name) {
    jobs.create(jobs.httpModeJob(name, "python -c \"import time; print('sleeping', flush=True); time.sleep(600)\""));
    await("the Ray job runs", JOB_START, () -> jobs.jobStatus(name) == JobStatus.RUNNING, () -> jobs.describe(name));
    RayJobStatus status = jobs.get(name).getStatus();
    HeadDashboard head = headOf(status.getRayClusterName());
    assertThat(head.job(status.getJobId()).status()).as("Ray's status of the job")
        .isEqualTo(dev.raykube.dashboard.JobStatus.RUNNING);
    clustersSeen.add(status.getRayClusterName());
    jobs.holdCluster(status.getRayClusterName());
    return new Running(status.getJobId(), status.getRayClusterName(), head);
  }

  /** Waits until the head says the job is STOPPED (only a stop request gets a Ray job there); returns the job. */
  private JobDetails awaitRayStopped(Running running) {
    await("Ray reports the job STOPPED", RAY_STOP,
        () -> running.head().statusOrNull(running.submissionId()) == dev.raykube.dashboard.JobStatus.STOPPED,
        () -> "Ray says " + running.head().statusOrNull(running.submissionId()));
    assertThat(running.head().submissions()).as("submissions on the head").extracting(JobDetails::submissionId)
        .containsExactly(running.submissionId());
    return running.head().job(running.submissionId());
  }

  private void assertStopEvents(String rayJob, String submissionId) {
    List<Event> events = jobs.events(rayJob);
    assertThat(events).extracting(Event::getReason).contains("StopRequested")
        .doesNotContain("Deleting", "StoppingRayJob", "CleanupDone");
    assertThat(events).filteredOn(e -> "StopRequested".equals(e.getReason())).extracting(Event::getMessage)
        .allSatisfy(message -> assertThat(message).contains(submissionId));
    assertThat(events).filteredOn(e -> "StopFailed".equals(e.getReason())).isEmpty();
  }

  /** Lets the held RayCluster go: the garbage collector removes it (its owner is gone), then its pods; the head stops. */
  private void releaseAndAwaitClusterGone(Running running) {
    jobs.releaseCluster(running.cluster());
    await("the garbage collector removed the RayCluster", TEARDOWN, () -> jobs.cluster(running.cluster()) == null,
        running::cluster);
    await("the garbage collector removed the pods", TEARDOWN, () -> jobs.pods(running.cluster()).isEmpty(),
        running::cluster);
    await("the simulator stopped the head's processes", TEARDOWN, () -> processesStopped(running.cluster()),
        () -> "process groups " + nodes.rayProcessGroups(jobs.name(), running.cluster()));
    assertThat(running.head().answers()).as("the head's dashboard answers").isFalse();
  }

  private void awaitDeployment(String name, JobDeploymentStatus expected, Duration timeout) {
    await("jobDeploymentStatus " + expected, timeout, () -> jobs.deploymentStatus(name) == expected,
        () -> jobs.describe(name));
  }

  private String clusterOf(String rayJob) {
    RayJob job = jobs.get(rayJob);
    String cluster = job == null || job.getStatus() == null ? null : job.getStatus().getRayClusterName();
    if (cluster != null) {
      clustersSeen.add(cluster);
    }
    return cluster;
  }

  private HeadDashboard headOf(String cluster) {
    return new HeadDashboard(nodes.dashboardUrl(jobs.name(), cluster)
        .orElseThrow(() -> new AssertionError("the simulator runs no head for RayCluster " + cluster)));
  }

  /** A RayJob whose Ray job is RUNNING: its submission id, its RayCluster (held) and that cluster's head. */
  private record Running(String submissionId, String cluster, HeadDashboard head) {
  }

  private static boolean processesStopped(String cluster) {
    return nodes.rayProcessGroups(jobs.name(), cluster).stream().noneMatch(NodeSimulator::processGroupAlive);
  }

  /** {@link Await#until}, and the state that did not hold in the failure message. */
  static void await(String what, Duration timeout, BooleanSupplier condition, Supplier<String> state) {
    try {
      Eventually.await(timeout, E2eWaits.POLL, what, condition);
    } catch (AssertionError e) {
      throw new AssertionError(e.getMessage() + " (now: " + state.get() + ")", e);
    }
  }
}
