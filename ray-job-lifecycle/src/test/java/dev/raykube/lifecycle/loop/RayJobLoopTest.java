package dev.raykube.lifecycle.loop;

import static dev.raykube.lifecycle.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.Fault;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.lifecycle.act.ActionOutcome.Result;
import dev.raykube.lifecycle.act.ActionOutcome;
import dev.raykube.lifecycle.act.RayJobActuator;
import dev.raykube.lifecycle.finalizer.DeletionCleanup;
import dev.raykube.lifecycle.finalizer.FinalizerNames;
import dev.raykube.lifecycle.finalizer.FinalizerSettings;
import dev.raykube.lifecycle.job.Decision;
import dev.raykube.lifecycle.job.NameSuffixes;
import dev.raykube.lifecycle.job.RayJobAction;
import dev.raykube.lifecycle.job.RayJobEventReason;
import dev.raykube.lifecycle.job.RayJobSettings;
import dev.raykube.lifecycle.job.RayJobStateMachine;
import dev.raykube.lifecycle.observe.ClusterStopTargets;
import dev.raykube.lifecycle.observe.DashboardAccess;
import dev.raykube.lifecycle.observe.DashboardAccessException;
import dev.raykube.lifecycle.observe.DashboardClients;
import dev.raykube.lifecycle.observe.ObservedRayJob;
import dev.raykube.lifecycle.observe.RayJobObserver;
import dev.raykube.lifecycle.stop.RayJobStopStep;
import dev.raykube.lifecycle.stop.RayJobStopper;
import dev.raykube.lifecycle.testing.KubeFixtures;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.StatusRecorder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The loop and its actuator against the CRUD mock and FakeRayDashboard, driven by real decisions of the state machine:
 * what each action does (carried out twice, it is done once), and what the loop makes of the outcomes (a failed
 * submission decided again, a conflict decided again, a failed action retried soon).
 */
@EnableKubernetesMockClient(crud = true)
class RayJobLoopTest {
  private static final String STATUS_PATH = "/apis/ray.io/v1/namespaces/ml/rayjobs/demo/status";

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private FakeRayDashboard fake;
  private DashboardClients clients;
  private RayJobStateMachine machine;
  private RayJobObserver observer;
  private RayJobActuator actuator;
  private StatusRecorder<RayJobStatus, RayJob> recorder;
  private RayJobLoop loop;
  private EventRecorder events;
  private DeletionCleanup<RayJob> cleanup;

  @BeforeEach
  void setUp() {
    server.reset();
    KubeFixtures.registerCrds(client);
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(10)).timeScale(0.05).build().start();
    clients = new DashboardClients(b -> b.retryPolicy(RetryPolicy.none()));
    char[] next = {'b'};
    NameSuffixes suffixes = () -> String.valueOf(next[0]++).repeat(NameSuffixes.LENGTH);
    machine = new RayJobStateMachine(RayJobSettings.defaults(), suffixes);
    observer = new RayJobObserver(client, DashboardAccess.fixed(fake.url()), clients);
    events = new EventRecorder(client, "raykube-test", null, Clock.systemUTC());
    actuator = new RayJobActuator(client, clients, events);
    recorder = new StatusRecorder<>(client);
    DashboardAccess access = DashboardAccess.fixed(fake.url());
    cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB,
        new RayJobStopStep(new RayJobStopper(), new ClusterStopTargets(client, access, clients)),
        FinalizerSettings.defaults(), Clock.systemUTC());
    loop = new RayJobLoop(observer, machine, actuator, recorder, events, cleanup, clients, Clock.systemUTC(),
        RayJobLoop.DEFAULT_ACTION_RETRY_DELAY);
  }

  @AfterEach
  void tearDown() {
    clients.close();
    fake.close();
  }

  @Test
  @DisplayName("CreateCluster: owner reference to the RayJob, its labels plus ray.io/originated-from-*; twice is once")
  void createsTheCluster() {
    RayJob job = client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    reconcile(); // New -> Initializing: names only
    assertThat(clusters()).isEmpty();
    Step step = decide();
    assertThat(step.decision().actionsOf(RayJobAction.CreateCluster.class)).hasSize(1);
    List<ActionOutcome> first = act(step);
    assertThat(first).extracting(ActionOutcome::result).contains(Result.DONE);

    RayCluster cluster = client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").require();
    OwnerReference owner = cluster.getMetadata().getOwnerReferences().get(0);
    assertThat(owner.getUid()).isEqualTo(job.getMetadata().getUid());
    assertThat(owner.getKind()).isEqualTo("RayJob");
    assertThat(owner.getApiVersion()).isEqualTo("ray.io/v1");
    assertThat(owner.getController()).isTrue();
    assertThat(owner.getBlockOwnerDeletion()).isTrue();
    assertThat(cluster.getMetadata().getLabels()).containsEntry("team", "ml")
        .containsEntry("ray.io/originated-from-cr-name", "demo").containsEntry("ray.io/originated-from-crd", "RayJob");
    assertThat(cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0).getImage())
        .isEqualTo("rayproject/ray:2.60.0");
    assertThat(reasons()).contains("CreatedRayCluster");

    List<ActionOutcome> again = act(step);
    assertThat(again).filteredOn(o -> o.action() instanceof RayJobAction.CreateCluster)
        .extracting(ActionOutcome::result).containsExactly(Result.ALREADY_DONE);
    assertThat(clusters()).hasSize(1);
  }

  @Test
  @DisplayName("CreateSubmitter (K8sJobMode): the batch Job with owner reference and backoffLimit; twice is once")
  void createsTheSubmitter() {
    RayJob spec = KubeFixtures.rayJob("demo", JobSubmissionMode.K8S_JOB_MODE);
    client.resource(spec).create();
    reconcile();
    reconcile(); // creates the cluster
    KubeFixtures.markReady(client, "demo-ccccc");
    Step step = decide();
    assertThat(step.decision().actionsOf(RayJobAction.CreateSubmitter.class)).hasSize(1);
    act(step);
    Job submitter = client.batch().v1().jobs().inNamespace(NS).withName("demo").require();
    assertThat(submitter.getSpec().getBackoffLimit()).isEqualTo(2);
    assertThat(submitter.getMetadata().getOwnerReferences()).extracting(OwnerReference::getUid)
        .containsExactly(step.observed().rayJob().getMetadata().getUid());
    assertThat(submitter.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .anySatisfy(e -> assertThat(e.getValue()).isEqualTo("http://127.0.0.1:" + fake.port()));
    assertThat(reasons()).contains("CreatedRayJobSubmitter");
    assertThat(stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);

    List<ActionOutcome> again = act(step);
    assertThat(again).filteredOn(o -> o.action() instanceof RayJobAction.CreateSubmitter)
        .extracting(ActionOutcome::result).containsExactly(Result.ALREADY_DONE);
  }

  @Test
  @DisplayName("HTTPMode: the job is submitted exactly once even when the same decision is carried out twice")
  void submitsExactlyOnce() {
    fake.scriptEntrypoints(java.util.regex.Pattern.compile("echo hello"), JobScript.runsUntilStopped());
    runningHttpJob();
    Step step = decide();
    assertThat(step.decision().actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    List<ActionOutcome> first = act(step);
    List<ActionOutcome> second = act(step); // e.g. after a crash before the next write
    assertThat(first).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.DONE);
    assertThat(second).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.ALREADY_DONE);
    assertThat(fake.submissionIds()).containsExactly("demo-bbbbb");
    assertThat(fake.requests("POST", "/api/jobs/")).hasSize(2);
    assertThat(reasons()).containsOnlyOnce("SubmittedRayJob");

    Step after = decide();
    assertThat(after.decision().actionsOf(RayJobAction.SubmitJob.class)).as("found now: no new submission").isEmpty();
    assertThat(stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
  }

  @Test
  @DisplayName("the status is written only when it changed (one PUT to /status for the same decision twice)")
  void statusOnlyOnChange() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    KubeFixtures.drainRequests(server);
    Reconciled first = reconcile();
    assertThat(first.status()).isEqualTo(StatusRecorder.Result.WRITTEN);
    assertThat(first.requeueAfter()).contains(Duration.ZERO);
    StatusRecorder.Recorded<RayJob> second = recorder.record(first.rayJob(), first.decision().status());
    assertThat(second.result()).isEqualTo(StatusRecorder.Result.UNCHANGED);
    assertThat(KubeFixtures.drainRequests(server)).filteredOn(r -> r.endsWith("/status")).hasSize(1);
  }

  @Test
  @DisplayName("a submission the dashboard rejects is decided again: the RayJob fails (SubmissionFailed)")
  void rejectedSubmission() {
    runningHttpJob();
    fake.injectFault("POST", "/api/jobs/", 1, Fault.status(400, "TypeError: entrypoint must be a string"));
    Reconciled result = reconcile();
    assertThat(result.outcomes()).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.REJECTED);
    assertThat(result.decision().status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    RayJob stored = stored();
    assertThat(stored.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(stored.getStatus().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(stored.getStatus().getMessage()).contains("entrypoint must be a string");
    assertThat(reasons()).contains("FailedToSubmitRayJob", "SubmissionFailed");
    assertThat(fake.submissionIds()).isEmpty();
  }

  @Test
  @DisplayName("a dashboard that is down at submission starts the status-check timer and polls again")
  void unavailableAtSubmission() {
    runningHttpJob();
    fake.injectFault("POST", "/api/jobs/", 1, Fault.status(503, "unavailable"));
    Reconciled result = reconcile();
    assertThat(result.outcomes()).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.FAILED);
    assertThat(stored().getStatus().getJobStatusCheckFailureStartTime()).isNotNull();
    assertThat(stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(result.requeueAfter()).contains(machine.settings().poll().min());
  }

  @Test
  @DisplayName("StopJob, DeleteCluster, DeleteSubmitter, SuspendWorkers, DeleteSelf: done, then already done")
  void stopAndDeletions() {
    RayJob job = client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.K8S_JOB_MODE)).create();
    reconcile();
    reconcile();
    KubeFixtures.markReady(client, "demo-ccccc");
    reconcile(); // submitter created, Running
    RayCluster other = KubeFixtures.cluster("demo-workers");
    client.resource(other).create();
    fake.script("demo-bbbbb", JobScript.runsUntilStopped());
    clients.client(NS, "x", dev.raykube.lifecycle.observe.DashboardEndpoint.of(fake.url()))
        .submitJob(JobSubmitRequest.builder("sleep 100").submissionId("demo-bbbbb").build());

    ObservedRayJob observed = observer.observe(stored());
    Decision decision = new Decision(observed.rayJob().getStatus(), List.of(
        new RayJobAction.StopJob("127.0.0.1:" + fake.port(), "demo-bbbbb"),
        new RayJobAction.DeleteCluster("demo-ccccc"),
        new RayJobAction.DeleteSubmitter("demo"),
        new RayJobAction.SuspendWorkers("demo-workers"),
        new RayJobAction.EmitEvent(EventType.NORMAL, RayJobEventReason.COMPLETED, "all done")));
    List<ActionOutcome> first = actuator.act(observed, observed.rayJob(), decision.actions());
    assertThat(first).extracting(ActionOutcome::result).containsOnly(Result.DONE);
    assertThat(fake.stopRequested("demo-bbbbb")).isTrue();
    assertThat(client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").get()).isNull();
    assertThat(client.batch().v1().jobs().inNamespace(NS).withName("demo").get()).isNull();
    assertThat(client.resources(RayCluster.class).inNamespace(NS).withName("demo-workers").require().getSpec()
        .getWorkerGroupSpecs()).extracting(WorkerGroupSpec::getSuspend).containsOnly(true);
    assertThat(reasons()).contains("StoppedRayJob", "DeletedRayCluster", "DeletedRayJobSubmitter",
        "SuspendedRayClusterWorkers", "Completed");

    List<ActionOutcome> again = actuator.act(observed, observed.rayJob(), decision.actions());
    assertThat(again).extracting(ActionOutcome::result).containsExactly(Result.DONE, Result.ALREADY_DONE,
        Result.ALREADY_DONE, Result.ALREADY_DONE, Result.DONE);

    List<ActionOutcome> self = actuator.act(observed, observed.rayJob(), List.of(new RayJobAction.DeleteSelf()));
    assertThat(self).extracting(ActionOutcome::result).containsExactly(Result.DONE);
    assertThat(client.resources(RayJob.class).inNamespace(NS).withName("demo").get()).isNull();
    assertThat(job.getMetadata().getUid()).isNotNull();
  }

  @Test
  @DisplayName("a failed Kubernetes action: Warning Event, and the next reconcile within the action retry delay")
  void failedActionShortensTheRequeue() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    reconcile();
    server.expect().post().withPath("/apis/ray.io/v1/namespaces/ml/rayclusters").andReturn(403,
        new StatusBuilder().withCode(403).withMessage("forbidden by quota").build()).once();
    Reconciled result = reconcile();
    assertThat(result.anyFailed()).isTrue();
    assertThat(result.requeueAfter()).isPresent();
    assertThat(result.requeueAfter().get()).isLessThanOrEqualTo(RayJobLoop.DEFAULT_ACTION_RETRY_DELAY);
    assertThat(reasons()).contains("FailedToCreateRayCluster");
    assertThat(clusters()).isEmpty();
    reconcile();
    assertThat(clusters()).as("the next reconcile creates it").hasSize(1);
  }

  @Test
  @DisplayName("a status conflict with a changed spec performs no action: the loop decides again from the latest RayJob")
  void conflictDecidesAgain() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    reconcile();
    RayJob before = stored();
    client.resource(stored()).edit(j -> {
      j.getSpec().setSuspend(true);
      return j;
    });
    server.expect().put().withPath(STATUS_PATH).andReturn(409, new StatusBuilder().withCode(409).build()).once();
    Reconciled result = loop.reconcile(before);
    assertThat(result.rayJob().getSpec().getSuspend()).as("decided again from the latest RayJob").isTrue();
    assertThat(result.decision().actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
    assertThat(clusters()).as("nothing created from the outdated decision").isEmpty();

    assertThat(clusters()).isEmpty();
  }

  @Test
  @DisplayName("a dashboard that cannot be addressed is a Warning Event")
  void dashboardProblemEvent() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    reconcile();
    reconcile(); // creates the cluster
    KubeFixtures.markReady(client, "demo-ccccc");
    String problem = "RayCluster demo-ccccc uses token authentication, but its Secret ml/demo-ccccc does not exist";
    DashboardAccess unresolvable = cluster -> {
      throw new DashboardAccessException(problem);
    };
    new RayJobLoop(new RayJobObserver(client, unresolvable, clients), machine, actuator, recorder, events, cleanup,
        clients, Clock.systemUTC(), RayJobLoop.DEFAULT_ACTION_RETRY_DELAY).reconcile(stored());
    assertThat(events()).anySatisfy(e -> {
      assertThat(e.getReason()).isEqualTo("DashboardUnresolvable");
      assertThat(e.getType()).isEqualTo("Warning");
      assertThat(e.getMessage()).contains("does not exist");
    });
  }

  @Test
  @DisplayName("cleanup of a RayJob deleted while its Ray job runs: stop, an Event per step, then remove the finalizer")
  void cleanupStopsTheJobAndSaysRemove() {
    fake.scriptEntrypoints(java.util.regex.Pattern.compile("echo hello"), JobScript.runsUntilStopped());
    runningHttpJob();
    reconcile(); // submits
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    while (stored().getStatus().getJobStatus() != JobStatus.RUNNING && System.nanoTime() < deadline) {
      reconcile();
    }
    assertThat(stored().getStatus().getJobStatus()).isEqualTo(JobStatus.RUNNING);
    client.resource(stored()).edit(j -> {
      j.getMetadata().setFinalizers(List.of(FinalizerNames.RAYJOB));
      return j;
    });
    client.resource(stored()).delete();

    CleanedUp cleaned = loop.cleanup(stored());
    assertThat(cleaned.removeFinalizer()).isTrue();
    assertThat(cleaned.retryAfter()).isEmpty();
    assertThat(fake.stopRequested("demo-bbbbb")).isTrue();
    assertThat(reasons()).contains(RayJobEventReason.DELETING.value(), RayJobEventReason.STOPPING_RAY_JOB.value(),
        RayJobEventReason.STOP_REQUESTED.value(), RayJobEventReason.CLEANUP_DONE.value());
  }

  @Test
  @DisplayName("cleanup of a RayJob whose Ray job has ended: no stop call and no StoppingRayJob Event")
  void cleanupAfterTheEndMakesNoStopCall() {
    RayJob job = KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE);
    job.getMetadata().setFinalizers(List.of(FinalizerNames.RAYJOB));
    client.resource(job).create();
    RayJob stored = stored();
    RayJobStatus status = new RayJobStatus();
    status.setJobId("demo-bbbbb");
    status.setJobStatus(JobStatus.SUCCEEDED);
    status.setJobDeploymentStatus(JobDeploymentStatus.COMPLETE);
    stored.setStatus(status);
    client.resource(stored).updateStatus();
    client.resource(stored()).delete();

    CleanedUp cleaned = loop.cleanup(stored());
    assertThat(cleaned.removeFinalizer()).isTrue();
    assertThat(fake.requests()).noneMatch(r -> r.path().endsWith("/stop"));
    assertThat(reasons()).contains(RayJobEventReason.DELETING.value(), RayJobEventReason.ALREADY_TERMINAL.value())
        .doesNotContain(RayJobEventReason.STOPPING_RAY_JOB.value());
  }

  @Test
  @DisplayName("observe, decide, act: an HTTPMode RayJob runs to Complete with one submission")
  void fullHttpModeLifecycle() throws InterruptedException {
    fake.scriptEntrypoints(java.util.regex.Pattern.compile("echo hello"),
        JobScript.runsFor(Duration.ofMillis(300), "hello\n"));
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
    boolean markedReady = false;
    while (System.nanoTime() < deadline) {
      reconcile();
      RayJob now = stored();
      if (!markedReady && client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").get() != null) {
        KubeFixtures.markReady(client, "demo-ccccc");
        markedReady = true;
      }
      if (now.getStatus() != null && now.getStatus().getJobDeploymentStatus() == JobDeploymentStatus.COMPLETE) {
        break;
      }
      Thread.sleep(50);
    }
    RayJob done = stored();
    assertThat(done.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(done.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(done.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(done.getStatus().getDashboardURL()).isEqualTo("127.0.0.1:" + fake.port());
    assertThat(fake.submissionIds()).containsExactly("demo-bbbbb");
    assertThat(reasons()).contains("CreatedRayCluster", "SubmittedRayJob", "Completed");
  }

  private record Step(ObservedRayJob observed, Decision decision) {
  }

  private Step decide() {
    ObservedRayJob observed = observer.observe(stored());
    return new Step(observed, machine.decide(observed.rayJob(), observed.observation(), Clock.systemUTC().instant()));
  }

  private Reconciled reconcile() {
    return loop.reconcile(stored());
  }

  /** Records the decided status, then carries out the decision's actions, as the loop does. */
  private List<ActionOutcome> act(Step step) {
    RayJob written = recorder.record(step.observed().rayJob(), step.decision().status()).resource();
    return actuator.act(step.observed(), written, step.decision().actions());
  }

  /** Initializing → Running in HTTPMode on a ready cluster, before the first dashboard lookup. */
  /**
   * An HTTPMode RayJob that moved to Running, but whose submission (made in the same decision) did not happen: the
   * operator stopped between the status write and the submit. The next decision submits.
   */
  private void runningHttpJob() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    reconcile();
    reconcile();
    KubeFixtures.markReady(client, "demo-ccccc");
    Step step = decide();
    assertThat(step.decision().actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    act(new Step(step.observed(), new Decision(step.decision().status(), step.decision().actions().stream()
        .filter(a -> !(a instanceof RayJobAction.SubmitJob)).toList())));
    assertThat(stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(fake.submissionIds()).isEmpty();
  }

  private RayJob stored() {
    return client.resources(RayJob.class).inNamespace(NS).withName("demo").require();
  }

  private List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }

  private List<Event> events() {
    return client.v1().events().inNamespace(NS).list().getItems();
  }

  private List<String> reasons() {
    return events().stream().map(Event::getReason).toList();
  }
}
