package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.CLUSTER;
import static dev.raykube.job.decide.Fixtures.JOB_ID;
import static dev.raykube.job.decide.Fixtures.URL;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.observe;
import static dev.raykube.job.decide.Fixtures.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Reference §4.2, rows {@code Initializing}. */
class InitializingStateTest {

  private static RayJob initializing(java.util.function.Consumer<dev.raykube.model.job.RayJobSpec> spec) {
    return in(job(spec), JobDeploymentStatus.INITIALIZING);
  }

  @Test
  @DisplayName("§4.2 Initializing | spec.suspend → Suspending")
  void suspend() {
    RayJob job = initializing(spec -> {
      spec.setSuspend(true);
      spec.setShutdownAfterJobFinishes(true);
      spec.setActiveDeadlineSeconds(1); // suspend is checked before the deadlines
    });
    Decision decision = machine().decide(job, observe(Fixtures.ready(CLUSTER)), at(100));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDING);
    assertThat(decision.actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.SUSPENDING);
    assertThat(decision.requeueAfter()).contains(Duration.ZERO);
  }

  @Test
  @DisplayName("§4.2 Initializing | now ≥ startTime+activeDeadlineSeconds → Failed/DeadlineExceeded")
  void activeDeadline() {
    RayJob job = initializing(spec -> {
      spec.setActiveDeadlineSeconds(60);
      spec.setBackoffLimit(3); // DeadlineExceeded is never retried
    });
    Decision decision = machine().decide(job, observe(Fixtures.notReady(CLUSTER)), at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(decision.status().getMessage()).contains("activeDeadlineSeconds=60");
    assertThat(decision.status().getEndTime()).isEqualTo(Fixtures.time(60));
    assertThat(decision.status().getFailed()).isEqualTo(1);
  }

  @Test
  @DisplayName("§4.2 Initializing | now ≥ startTime+preRunningDeadlineSeconds → Failed/PreRunningDeadlineExceeded")
  void preRunningDeadline() {
    RayJob job = initializing(spec -> spec.setPreRunningDeadlineSeconds(30));
    Decision decision = machine().decide(job, observe(Fixtures.notReady(CLUSTER)), at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED);
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.PRE_RUNNING_DEADLINE_EXCEEDED);
  }

  @Test
  @DisplayName("Initializing | before a deadline → requeue no later than the deadline")
  void requeueAtDeadline() {
    RayJob job = initializing(spec -> spec.setPreRunningDeadlineSeconds(30));
    Decision decision = machine().decide(job, observe(Fixtures.notReady(CLUSTER)), at(29).plusMillis(500));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.requeueAfter()).contains(Duration.ofMillis(500));
  }

  @Test
  @DisplayName("§4.2 Initializing | else, own cluster absent → CreateCluster(name, copy of rayClusterSpec, labels)")
  void createsOwnCluster() {
    RayJob job = initializing(spec -> { });
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(2));
    RayJobAction.CreateCluster create = decision.actionsOf(RayJobAction.CreateCluster.class).get(0);
    assertThat(create.name()).isEqualTo(CLUSTER);
    assertThat(create.spec()).isEqualTo(job.getSpec().getRayClusterSpec()).isNotSameAs(job.getSpec()
        .getRayClusterSpec());
    assertThat(create.labels()).containsEntry("team", "ml")
        .containsEntry(RayClusterLabels.ORIGINATED_FROM_CR_NAME, "demo")
        .containsEntry(RayClusterLabels.ORIGINATED_FROM_CRD, "RayJob")
        .containsEntry(RayClusterLabels.JOB_SUBMISSION_MODE, "K8sJobMode");
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.status().getMessage()).isEqualTo("Creating RayCluster " + CLUSTER);
    assertThat(decision.requeueAfter()).contains(seconds(1));
  }

  @Test
  @DisplayName("§4.2 Initializing | else, clusterSelector cluster absent → Warning RayClusterNotFound, message, retry")
  void selectedClusterMissing() {
    RayJob job = initializing(Fixtures::selector);
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(5));
    assertThat(decision.actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).containsExactly(new RayJobAction.EmitEvent(
        EventType.WARNING, RayJobEventReason.CLUSTER_NOT_FOUND,
        "RayCluster shared named by spec.clusterSelector was not found"));
    assertThat(decision.status().getMessage()).contains("shared");
    assertThat(decision.requeueAfter()).isPresent();

    job.setStatus(decision.status());
    Decision again = machine().decide(job, RayJobObservation.nothing(), at(10));
    assertThat(again.actionsOf(RayJobAction.EmitEvent.class)).as("one Event, not one per retry").isEmpty();
    assertThat(again.requeueAfter()).isPresent();
  }

  @Test
  @DisplayName("§4.2 Initializing | else, cluster not ready → copy its status and stay")
  void waitsForReadiness() {
    RayJob job = initializing(spec -> { });
    Decision decision = machine().decide(job, observe(Fixtures.notReady(CLUSTER)), at(40));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.status().getRayClusterStatus()).isEqualTo(Fixtures.cluster(CLUSTER, false).getStatus());
    assertThat(decision.status().getDashboardURL()).isNull();
    assertThat(decision.actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
    assertThat(decision.requeueAfter()).contains(seconds(4)); // adaptive poll: a tenth of 40 s
  }

  @Test
  @DisplayName("Initializing | cluster ready but dashboard address not resolvable yet → stay")
  void waitsForDashboardAddress() {
    RayJob job = initializing(spec -> { });
    Decision decision = machine().decide(job,
        observe(ClusterObservation.present(Fixtures.cluster(CLUSTER, true), null)), at(3));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.status().getMessage()).contains("dashboard address");
  }

  @Test
  @DisplayName("§4.2 Initializing | else, cluster ready, K8sJobMode → dashboardURL, CreateSubmitter, → Running")
  void readyK8sJobMode() {
    RayJob job = initializing(spec -> {
      dev.raykube.model.job.SubmitterConfig config = new dev.raykube.model.job.SubmitterConfig();
      config.setBackoffLimit(5);
      spec.setSubmitterConfig(config);
    });
    Decision decision = machine().decide(job, observe(Fixtures.ready(CLUSTER)), at(20));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getDashboardURL()).isEqualTo(URL);
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).containsExactly(
        new RayJobAction.CreateSubmitter("demo", JOB_ID, URL, 5, java.util.Map.of(
            RayClusterLabels.ORIGINATED_FROM_CR_NAME, "demo", RayClusterLabels.ORIGINATED_FROM_CRD, "RayJob")));
    assertThat(decision.requeueAfter()).contains(seconds(1));
  }

  @Test
  @DisplayName("Initializing | K8sJobMode submitter default backoffLimit is 2")
  void submitterDefaultBackoff() {
    Decision decision = machine().decide(initializing(spec -> { }), observe(Fixtures.ready(CLUSTER)), at(20));
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class).get(0).backoffLimit()).isEqualTo(2);
  }

  @Test
  @DisplayName("§4.2 Initializing | else, cluster ready, K8sJobMode, submitter already exists → Running, no second one")
  void readySubmitterExists() {
    RayJobObservation observed = observe(Fixtures.ready(CLUSTER)).withSubmitter(SubmitterObservation.active());
    Decision decision = machine().decide(initializing(spec -> { }), observed, at(20));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Initializing | else, cluster ready, HTTPMode → Running and SubmitJob in the same decision")
  void readyHttpMode() {
    RayJob job = in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.INITIALIZING);
    Decision decision = machine().decide(job, observe(Fixtures.ready(CLUSTER)), at(20));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).isEmpty();
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).singleElement().satisfies(submit -> {
      assertThat(submit.dashboardUrl()).isEqualTo(URL);
      assertThat(submit.request().submissionId()).isEqualTo(decision.status().getJobId());
    });
    assertThat(decision.requeueAfter()).contains(machine().settings().poll().min());
  }

  @Test
  @DisplayName("§4.2 Initializing | else, cluster ready, InteractiveMode → Waiting")
  void readyInteractiveMode() {
    RayJob job = in(job(spec -> spec.setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE)),
        JobDeploymentStatus.INITIALIZING, s -> s.setJobId(null));
    Decision decision = machine(Fixtures.withInteractive()).decide(job, observe(Fixtures.ready(CLUSTER)), at(20));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.WAITING);
    assertThat(decision.status().getDashboardURL()).isEqualTo(URL);
    assertThat(decision.status().getMessage()).contains("spec.jobId");
  }

  @Test
  @DisplayName("§4.2 Initializing | else, clusterSelector cluster ready → used as is, never created")
  void selectedClusterReady() {
    RayJob job = initializing(Fixtures::selector);
    Decision decision = machine().decide(job,
        observe(ClusterObservation.present(Fixtures.foreignCluster("shared"), URL)), at(3));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getRayClusterName()).isEqualTo("shared");
    assertThat(decision.actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
  }

  @Test
  @DisplayName("Initializing | a cluster with the generated name that is not this RayJob's → pick a new name, Warning")
  void foreignClusterWithGeneratedName() {
    RayJob job = initializing(spec -> { });
    Decision decision = machine().decide(job,
        observe(ClusterObservation.present(Fixtures.foreignCluster(CLUSTER), URL)), at(3));
    assertThat(decision.status().getRayClusterName()).isEqualTo("demo-bbbbb").isNotEqualTo(CLUSTER);
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.CLUSTER_NOT_OWNED);
    assertThat(decision.actionsOf(RayJobAction.CreateCluster.class)).as("created on the next decision").isEmpty();
  }

  @Test
  @DisplayName("Initializing | own cluster being deleted → wait until it is gone")
  void clusterTerminating() {
    dev.raykube.model.cluster.RayCluster cluster = Fixtures.cluster(CLUSTER, true);
    cluster.getMetadata().setDeletionTimestamp("2026-03-01T10:00:01Z");
    Decision decision = machine().decide(initializing(spec -> { }),
        observe(ClusterObservation.present(cluster, URL)), at(3));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.status().getMessage()).contains("being deleted");
  }

  @Test
  @DisplayName("Initializing | a status without names (written elsewhere) gets them first, nothing is created")
  void repairsMissingNames() {
    RayJob job = in(job(), JobDeploymentStatus.INITIALIZING, s -> {
      s.setRayClusterName(null);
      s.setJobId(null);
    });
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(3));
    assertThat(decision.status().getRayClusterName()).isEqualTo("demo-bbbbb");
    assertThat(decision.status().getJobId()).isEqualTo("demo-ccccc");
    assertThat(decision.actions()).containsExactly(new RayJobAction.RequeueAfter(Duration.ZERO));
  }
}
