package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.CLUSTER;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.observe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Reference §4.2, rows {@code Suspending / Retrying} and {@code Suspended}. */
class TeardownAndSuspendTest {

  private static void suspendable(RayJobSpec spec) {
    spec.setSuspend(true);
    spec.setShutdownAfterJobFinishes(true);
  }

  private static RayJob tearingDown(JobDeploymentStatus state, Consumer<RayJobSpec> spec) {
    return in(job(spec), state, s -> {
      s.setDashboardURL(Fixtures.URL);
      s.setJobStatus(JobStatus.RUNNING);
      s.setMessage("old");
      s.setReason(JobFailedReason.APP_FAILED);
      s.setRayJobInfo(Fixtures.info(5L, 50L));
      s.setEndTime(Fixtures.time(60));
      s.setJobStatusCheckFailureStartTime(Fixtures.time(40));
    });
  }

  @Test
  @DisplayName("§4.2 Suspending | own cluster and submitter present → DeleteCluster + DeleteSubmitter, wait")
  void suspendingDeletes() {
    RayJob job = tearingDown(JobDeploymentStatus.SUSPENDING, TeardownAndSuspendTest::suspendable);
    Decision decision = machine().decide(job, new RayJobObservation(Fixtures.ready(CLUSTER), null,
        SubmitterObservation.active()), at(10));
    assertThat(decision.actions()).containsExactly(new RayJobAction.DeleteCluster(CLUSTER),
        new RayJobAction.DeleteSubmitter("demo"), new RayJobAction.RequeueAfter(Duration.ofSeconds(2)));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDING);
    assertThat(decision.status().getRayClusterName()).isEqualTo(CLUSTER);
  }

  @Test
  @DisplayName("§4.2 Suspending | cluster already being deleted → no second delete, wait until gone")
  void suspendingWaits() {
    RayCluster cluster = Fixtures.cluster(CLUSTER, true);
    cluster.getMetadata().setDeletionTimestamp(Fixtures.time(9));
    RayJob job = tearingDown(JobDeploymentStatus.SUSPENDING, TeardownAndSuspendTest::suspendable);
    Decision decision = machine().decide(job, observe(ClusterObservation.present(cluster, null)), at(10));
    assertThat(decision.actions()).containsExactly(new RayJobAction.RequeueAfter(Duration.ofSeconds(2)));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDING);
  }

  @Test
  @DisplayName("§4.2 Suspending | both gone → cluster name, URL, job id, status, message, reason, rayJobInfo, "
      + "timer cleared → Suspended (no requeue)")
  void suspended() {
    RayJob job = tearingDown(JobDeploymentStatus.SUSPENDING, TeardownAndSuspendTest::suspendable);
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(10));
    RayJobStatus s = decision.status();
    assertThat(s.getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDED);
    assertThat(s.getRayClusterName()).isNull();
    assertThat(s.getDashboardURL()).isNull();
    assertThat(s.getJobId()).isNull();
    assertThat(s.getJobStatusValue()).isNull();
    assertThat(s.getMessage()).isNull();
    assertThat(s.getReasonValue()).isNull();
    assertThat(s.getRayJobInfo()).isNull();
    assertThat(s.getJobStatusCheckFailureStartTime()).isNull();
    assertThat(s.getRayClusterStatus()).isNull();
    assertThat(decision.requeueAfter()).isEmpty();
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.SUSPENDED);
  }

  @Test
  @DisplayName("§4.2 Retrying | both gone → \"\" (New); the next attempt gets a new cluster name and submission id")
  void retryingStartsOver() {
    RayJob job = tearingDown(JobDeploymentStatus.RETRYING, spec -> spec.setBackoffLimit(2));
    Decision gone = machine().decide(job, RayJobObservation.nothing(), at(10));
    assertThat(gone.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
    assertThat(gone.status().getJobDeploymentStatusValue()).isNull();
    assertThat(gone.requeueAfter()).contains(Duration.ZERO);

    job.setStatus(gone.status());
    RayJobStateMachine other = new RayJobStateMachine(RayJobSettings.defaults(), () -> "xxxxx");
    Decision next = other.decide(job, RayJobObservation.nothing(), at(11));
    assertThat(next.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(next.status().getRayClusterName()).isEqualTo("demo-xxxxx").isNotEqualTo(CLUSTER);
    assertThat(next.status().getJobId()).isEqualTo("demo-xxxxx").isNotEqualTo(Fixtures.JOB_ID);
    assertThat(next.status().getStartTime()).isEqualTo(Fixtures.time(11));
  }

  @Test
  @DisplayName("§4.2 Retrying | with spec.jobId the next attempt keeps the submission id")
  void retryingKeepsSpecJobId() {
    RayJob job = tearingDown(JobDeploymentStatus.RETRYING, spec -> {
      spec.setBackoffLimit(2);
      spec.setJobId("fixed-id");
    });
    Decision gone = machine().decide(job, RayJobObservation.nothing(), at(10));
    job.setStatus(gone.status());
    Decision next = machine().decide(job, RayJobObservation.nothing(), at(11));
    assertThat(next.status().getJobId()).isEqualTo("fixed-id");
    assertThat(next.status().getRayClusterName()).isEqualTo("demo-bbbbb");
  }

  @Test
  @DisplayName("§4.2 Retrying | a cluster not created for this RayJob is never deleted or waited for")
  void foreignClusterUntouched() {
    RayJob job = tearingDown(JobDeploymentStatus.RETRYING, spec -> spec.setBackoffLimit(1));
    Decision decision = machine().decide(job,
        observe(ClusterObservation.present(Fixtures.foreignCluster(CLUSTER), null)), at(10));
    assertThat(decision.actionsOf(RayJobAction.DeleteCluster.class)).isEmpty();
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
  }

  @Test
  @DisplayName("§4.2 Retrying | clusterSelector (reached after a fixed spec) → the selected cluster is never deleted")
  void selectedClusterUntouched() {
    RayJob job = tearingDown(JobDeploymentStatus.RETRYING, Fixtures::selector);
    job.getStatus().setRayClusterName("shared");
    Decision decision = machine().decide(job, new RayJobObservation(ClusterObservation.present(
        Fixtures.cluster("shared", true), null), null, SubmitterObservation.complete(at(5))), at(10));
    assertThat(decision.actions()).containsExactly(new RayJobAction.DeleteSubmitter("demo"),
        new RayJobAction.RequeueAfter(Duration.ofSeconds(2)));
  }

  @Test
  @DisplayName("§4.2 Suspended | spec.suspend=false → \"\" (New), Event Resumed")
  void resume() {
    RayJob job = in(job(spec -> spec.setShutdownAfterJobFinishes(true)), JobDeploymentStatus.SUSPENDED, s -> {
      s.setJobId(null);
      s.setRayClusterName(null);
    });
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(100));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.RESUMED);
    assertThat(decision.requeueAfter()).contains(Duration.ZERO);
  }

  @Test
  @DisplayName("§4.2 Suspended | spec.suspend=true → nothing, no requeue")
  void staySuspended() {
    RayJob job = in(job(TeardownAndSuspendTest::suspendable), JobDeploymentStatus.SUSPENDED);
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(100));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDED);
    assertThat(decision.actions()).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Suspend of a just-created RayJob: \"\" → Initializing → Suspending → Suspended, nothing created")
  void suspendJustCreated() {
    RayJob job = job(TeardownAndSuspendTest::suspendable);
    RayJobStateMachine machine = machine();
    Decision d1 = machine.decide(job, RayJobObservation.nothing(), at(0));
    assertThat(d1.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    job.setStatus(d1.status());
    Decision d2 = machine.decide(job, RayJobObservation.nothing(), at(0));
    assertThat(d2.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDING);
    job.setStatus(d2.status());
    Decision d3 = machine.decide(job, RayJobObservation.nothing(), at(1));
    assertThat(d3.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDED);
    for (Decision d : new Decision[] {d1, d2, d3}) {
      assertThat(d.actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
      assertThat(d.actionsOf(RayJobAction.CreateSubmitter.class)).isEmpty();
    }
  }
}
