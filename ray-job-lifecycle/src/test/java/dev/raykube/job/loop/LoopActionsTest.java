package dev.raykube.job.loop;

import static dev.raykube.job.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.Decision;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.decide.RayJobEventReason;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.kernel.ActionOutcome.Result;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventType;
import dev.raykube.reconcile.StatusRecorder;
import dev.raykube.testing.MockApiRequests;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What each action of a decision does against the CRUD mock and FakeRayDashboard, carried out by the actuator after
 * the status is recorded, as the loop does it: created with owner references and labels, and done once when carried
 * out twice (after a crash); the status written only when it changed.
 */
@EnableKubernetesMockClient(crud = true)
class LoopActionsTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private LoopBed bed;

  @BeforeEach
  void setUp() {
    bed = new LoopBed(client, server);
  }

  @AfterEach
  void tearDown() {
    bed.close();
  }

  @Test
  @DisplayName("CreateCluster: owner reference to the RayJob, its labels plus ray.io/originated-from-*; twice is once")
  void createsTheCluster() {
    RayJob job = client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    bed.reconcile(); // New -> Initializing: names only
    assertThat(bed.clusters()).isEmpty();
    LoopBed.Step step = bed.decide();
    assertThat(step.decision().actionsOf(RayJobAction.CreateCluster.class)).hasSize(1);
    List<ActionOutcome<RayJobAction>> first = bed.act(step);
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
    assertThat(bed.reasons()).contains("CreatedRayCluster");

    List<ActionOutcome<RayJobAction>> again = bed.act(step);
    assertThat(again).filteredOn(o -> o.action() instanceof RayJobAction.CreateCluster)
        .extracting(ActionOutcome::result).containsExactly(Result.ALREADY_DONE);
    assertThat(bed.clusters()).hasSize(1);
  }

  @Test
  @DisplayName("CreateSubmitter (K8sJobMode): the batch Job with owner reference and backoffLimit; twice is once")
  void createsTheSubmitter() {
    RayJob spec = KubeFixtures.rayJob("demo", JobSubmissionMode.K8S_JOB_MODE);
    client.resource(spec).create();
    bed.reconcile();
    bed.reconcile(); // creates the cluster
    KubeFixtures.markReady(client, "demo-ccccc");
    LoopBed.Step step = bed.decide();
    assertThat(step.decision().actionsOf(RayJobAction.CreateSubmitter.class)).hasSize(1);
    bed.act(step);
    Job submitter = client.batch().v1().jobs().inNamespace(NS).withName("demo").require();
    assertThat(submitter.getSpec().getBackoffLimit()).isEqualTo(2);
    assertThat(submitter.getMetadata().getOwnerReferences()).extracting(OwnerReference::getUid)
        .containsExactly(step.observed().rayJob().getMetadata().getUid());
    assertThat(submitter.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .anySatisfy(e -> assertThat(e.getValue()).isEqualTo("http://127.0.0.1:" + bed.fake.port()));
    assertThat(bed.reasons()).contains("CreatedRayJobSubmitter");
    assertThat(bed.stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);

    List<ActionOutcome<RayJobAction>> again = bed.act(step);
    assertThat(again).filteredOn(o -> o.action() instanceof RayJobAction.CreateSubmitter)
        .extracting(ActionOutcome::result).containsExactly(Result.ALREADY_DONE);
  }

  @Test
  @DisplayName("HTTPMode: the job is submitted exactly once even when the same decision is carried out twice")
  void submitsExactlyOnce() {
    bed.fake.scriptEntrypoints(java.util.regex.Pattern.compile("echo hello"), JobScript.runsUntilStopped());
    bed.runningHttpJob();
    LoopBed.Step step = bed.decide();
    assertThat(step.decision().actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    List<ActionOutcome<RayJobAction>> first = bed.act(step);
    List<ActionOutcome<RayJobAction>> second = bed.act(step); // e.g. after a crash before the next write
    assertThat(first).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.DONE);
    assertThat(second).filteredOn(o -> o.action() instanceof RayJobAction.SubmitJob)
        .extracting(ActionOutcome::result).containsExactly(Result.ALREADY_DONE);
    assertThat(bed.fake.submissionIds()).containsExactly("demo-bbbbb");
    assertThat(bed.fake.requests("POST", "/api/jobs/")).hasSize(2);
    assertThat(bed.reasons()).as("a submission shows in the status: no Event").doesNotContain("SubmittedRayJob");

    LoopBed.Step after = bed.decide();
    assertThat(after.decision().actionsOf(RayJobAction.SubmitJob.class)).as("found now: no new submission").isEmpty();
    assertThat(bed.stored().getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
  }

  @Test
  @DisplayName("StopJob, DeleteCluster, DeleteSubmitter, SuspendWorkers, DeleteSelf: done, then already done")
  void stopAndDeletions() {
    RayJob job = client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.K8S_JOB_MODE)).create();
    bed.reconcile();
    bed.reconcile();
    KubeFixtures.markReady(client, "demo-ccccc");
    bed.reconcile(); // submitter created, Running
    RayCluster other = KubeFixtures.cluster("demo-workers");
    client.resource(other).create();
    bed.fake.script("demo-bbbbb", JobScript.runsUntilStopped());
    bed.clients.client(NS, "x", dev.raykube.kernel.dashboard.DashboardEndpoint.of(bed.fake.url()))
        .submitJob(JobSubmitRequest.builder("sleep 100").submissionId("demo-bbbbb").build());

    ObservedRayJob observed = bed.observer.observe(bed.stored());
    Decision decision = new Decision(observed.rayJob().getStatus(), List.of(
        new RayJobAction.StopJob("127.0.0.1:" + bed.fake.port(), "demo-bbbbb"),
        new RayJobAction.DeleteCluster("demo-ccccc"),
        new RayJobAction.DeleteSubmitter("demo"),
        new RayJobAction.SuspendWorkers("demo-workers"),
        new RayJobAction.EmitEvent(EventType.NORMAL, RayJobEventReason.COMPLETED, "all done")));
    List<ActionOutcome<RayJobAction>> first = bed.actuator.act(observed, observed.rayJob(), decision.actions());
    assertThat(first).extracting(ActionOutcome::result).containsOnly(Result.DONE);
    assertThat(bed.fake.stopRequested("demo-bbbbb")).isTrue();
    assertThat(client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").get()).isNull();
    assertThat(client.batch().v1().jobs().inNamespace(NS).withName("demo").get()).isNull();
    assertThat(client.resources(RayCluster.class).inNamespace(NS).withName("demo-workers").require().getSpec()
        .getWorkerGroupSpecs()).extracting(WorkerGroupSpec::getSuspend).containsOnly(true);
    assertThat(bed.reasons()).contains("StoppedRayJob", "DeletedRayCluster", "DeletedRayJobSubmitter",
        "SuspendedRayClusterWorkers", "Completed");

    List<ActionOutcome<RayJobAction>> again = bed.actuator.act(observed, observed.rayJob(), decision.actions());
    assertThat(again).extracting(ActionOutcome::result).containsExactly(Result.DONE, Result.ALREADY_DONE,
        Result.ALREADY_DONE, Result.ALREADY_DONE, Result.DONE);

    List<ActionOutcome<RayJobAction>> self = bed.actuator.act(observed, observed.rayJob(), List.of(new RayJobAction.DeleteSelf()));
    assertThat(self).extracting(ActionOutcome::result).containsExactly(Result.DONE);
    assertThat(client.resources(RayJob.class).inNamespace(NS).withName("demo").get()).isNull();
    assertThat(job.getMetadata().getUid()).isNotNull();
  }

  @Test
  @DisplayName("the status is written only when it changed (one PUT to /status for the same decision twice)")
  void statusOnlyOnChange() {
    client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    MockApiRequests.drain(server);
    var first = bed.reconcile();
    assertThat(first.status()).isEqualTo(StatusRecorder.Result.WRITTEN);
    assertThat(first.requeueAfter()).contains(Duration.ZERO);
    StatusRecorder.Recorded<RayJob> second = bed.recorder.record(first.resource(), first.decision().status());
    assertThat(second.result()).isEqualTo(StatusRecorder.Result.UNCHANGED);
    assertThat(MockApiRequests.drain(server)).filteredOn(r -> r.path().endsWith("/status")).hasSize(1);
  }
}
