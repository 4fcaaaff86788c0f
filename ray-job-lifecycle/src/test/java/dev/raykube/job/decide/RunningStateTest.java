package dev.raykube.job.decide;

import static dev.raykube.dashboard.JobStatus.FAILED;
import static dev.raykube.dashboard.JobStatus.PENDING;
import static dev.raykube.dashboard.JobStatus.RUNNING;
import static dev.raykube.dashboard.JobStatus.STOPPED;
import static dev.raykube.dashboard.JobStatus.SUCCEEDED;
import static dev.raykube.job.decide.Fixtures.CLUSTER;
import static dev.raykube.job.decide.Fixtures.JOB_ID;
import static dev.raykube.job.decide.Fixtures.URL;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.found;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.info;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.running;
import static dev.raykube.job.decide.Fixtures.seconds;
import static dev.raykube.job.decide.Fixtures.time;
import static org.assertj.core.api.Assertions.assertThat;

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

/** Reference §4.2, rows {@code Running}. */
class RunningStateTest {

  private static RayJob k8s(Consumer<RayJobSpec> spec, Consumer<RayJobStatus> status) {
    return in(job(spec), JobDeploymentStatus.RUNNING, status);
  }

  private static RayJob k8s() {
    return k8s(spec -> { }, s -> { });
  }

  private static RayJob http(Consumer<RayJobStatus> status) {
    return in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.RUNNING, status);
  }

  @Test
  @DisplayName("§4.2 Running | spec.suspend → Suspending")
  void suspend() {
    RayJob job = k8s(spec -> {
      spec.setSuspend(true);
      spec.setShutdownAfterJobFinishes(true);
    }, s -> { });
    Decision decision = machine().decide(job, running(found(RUNNING), SubmitterObservation.active()), at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.SUSPENDING);
  }

  @Test
  @DisplayName("§4.2 Running | activeDeadline passed → Failed/DeadlineExceeded, StopJob, no retry")
  void activeDeadline() {
    RayJob job = k8s(spec -> {
      spec.setActiveDeadlineSeconds(120);
      spec.setBackoffLimit(2);
    }, s -> s.setJobStatus(JobStatus.RUNNING));
    Decision decision = machine().decide(job, running(found(RUNNING), SubmitterObservation.active()), at(120));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.DEADLINE_EXCEEDED);
    assertThat(decision.actions()).startsWith(new RayJobAction.StopJob(URL, JOB_ID));
  }

  @Test
  @DisplayName("§4.2 Running | jobStatus terminal, submitter still running > 300 s after rayJobInfo.endTime → "
      + "Complete, reason JobDeploymentStatusTransitionGracePeriodExceeded")
  void terminalGraceSucceeded() {
    RayJob job = k8s(spec -> { }, s -> {
      s.setJobStatus(JobStatus.SUCCEEDED);
      s.setRayJobInfo(info(5L, 50L));
    });
    Decision decision = machine().decide(job, running(found(SUCCEEDED), SubmitterObservation.active()), at(350));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(decision.status().getReason())
        .isEqualTo(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED);
    assertThat(decision.status().getSucceeded()).isEqualTo(1);
  }

  @Test
  @DisplayName("§4.2 Running | jobStatus FAILED, submitter still running > 300 s after rayJobInfo.endTime → "
      + "Failed, reason JobDeploymentStatusTransitionGracePeriodExceeded")
  void terminalGraceFailed() {
    RayJob job = k8s(spec -> { }, s -> s.setJobStatus(JobStatus.FAILED));
    Decision decision = machine().decide(job, running(found(FAILED), SubmitterObservation.active()), at(350));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason())
        .isEqualTo(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED);
  }

  @Test
  @DisplayName("§4.2 Running | success, terminal, K8sJobMode submitter still running → stay Running until it "
      + "finishes or the grace period ends (KubeRay #1919)")
  void terminalWaitsForSubmitter() {
    Decision decision = machine().decide(k8s(), running(found(SUCCEEDED), SubmitterObservation.active()), at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(decision.status().getRayJobInfo().getEndTime()).isEqualTo(time(50));
    assertThat(decision.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isLessThanOrEqualTo(seconds(290)));
  }

  @Test
  @DisplayName("§4.2 Running | dashboard checks failing ≥ 300 s since jobStatusCheckFailureStartTime → "
      + "Failed/JobStatusCheckTimeoutExceeded, no retry")
  void statusCheckTimeout() {
    RayJob job = k8s(spec -> spec.setBackoffLimit(3), s -> {
      s.setJobStatus(JobStatus.RUNNING);
      s.setJobStatusCheckFailureStartTime(time(100));
    });
    Decision decision = machine().decide(job,
        running(JobLookup.failed("connection refused"), SubmitterObservation.active()), at(400));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED);
    assertThat(decision.status().getMessage()).contains("connection refused").contains(time(100));
    assertThat(decision.actionsOf(RayJobAction.StopJob.class)).containsExactly(new RayJobAction.StopJob(URL, JOB_ID));
  }

  @Test
  @DisplayName("§4.2 Running | GetJobInfo other error → start the failure timer (first time only), stay Running")
  void failureTimerStarts() {
    Decision first = machine().decide(k8s(), running(JobLookup.failed("HTTP 503"), SubmitterObservation.active()),
        at(40));
    assertThat(first.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(first.status().getJobStatusCheckFailureStartTime()).isEqualTo(time(40));
    assertThat(first.status().getMessage()).contains("HTTP 503");

    RayJob again = k8s(spec -> { }, s -> s.setJobStatusCheckFailureStartTime(time(40)));
    Decision second = machine().decide(again,
        running(JobLookup.failed("HTTP 503"), SubmitterObservation.active()), at(200));
    assertThat(second.status().getJobStatusCheckFailureStartTime()).isEqualTo(time(40));
    assertThat(second.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(second.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isLessThanOrEqualTo(seconds(140)));
  }

  @Test
  @DisplayName("Running | own cluster gone and dashboard not queried → counts as a failed status check")
  void clusterGoneStartsTimer() {
    Decision decision = machine().decide(k8s(), RayJobObservation.nothing()
        .withSubmitter(SubmitterObservation.active()), at(40));
    assertThat(decision.status().getJobStatusCheckFailureStartTime()).isEqualTo(time(40));
    assertThat(decision.status().getMessage()).contains("RayCluster " + CLUSTER + " was not found");
  }

  @Test
  @DisplayName("§4.2 Running | head Service: not managed here; dashboardURL follows the address the caller resolves")
  void dashboardUrlFollowsResolver() {
    String moved = "http://10.0.0.7:8265";
    RayJobObservation observed = new RayJobObservation(
        ClusterObservation.present(Fixtures.cluster(CLUSTER, true), moved), found(RUNNING),
        SubmitterObservation.active());
    Decision decision = machine().decide(k8s(), observed, at(30));
    assertThat(decision.status().getDashboardURL()).isEqualTo(moved);
    assertThat(decision.actions()).allMatch(a -> a instanceof RayJobAction.RequeueAfter);
  }

  @Test
  @DisplayName("§4.2 Running | K8sJobMode submitter Failed, jobStatus FAILED → Failed/AppFailed")
  void submitterFailedAppFailed() {
    Decision decision = machine().decide(k8s(), running(found(FAILED),
        SubmitterObservation.failed(at(55), "BackoffLimitExceeded")), at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
  }

  @Test
  @DisplayName("§4.2 Running | K8sJobMode submitter Failed, jobStatus not FAILED → Failed/SubmissionFailed, StopJob")
  void submitterFailedSubmissionFailed() {
    Decision decision = machine().decide(k8s(), running(found(RUNNING),
        SubmitterObservation.failed(at(55), "Job has reached the specified backoff limit")), at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(decision.status().getMessage()).contains("backoff limit");
    assertThat(decision.actionsOf(RayJobAction.StopJob.class)).containsExactly(new RayJobAction.StopJob(URL, JOB_ID));
  }

  @Test
  @DisplayName("§4.2 Running | submitter finished + 30 s and Ray job non-terminal → jobStatus FAILED, "
      + "Failed/JobDeploymentStatusTransitionGracePeriodExceeded")
  void submitterFinishedGrace() {
    RayJob job = k8s(spec -> { }, s -> s.setJobStatus(JobStatus.RUNNING));
    Decision decision = machine().decide(job, running(found(RUNNING), SubmitterObservation.complete(at(70))),
        at(100));
    assertThat(decision.status().getJobStatus()).isEqualTo(JobStatus.FAILED);
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason())
        .isEqualTo(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED);
    assertThat(decision.status().getMessage()).contains("RUNNING").contains("30 s");
    assertThat(decision.actionsOf(RayJobAction.StopJob.class)).hasSize(1);
  }

  @Test
  @DisplayName("Running | submitter finished + 30 s but the dashboard cannot be read → stay Running, never judge from "
      + "the last status seen")
  void submitterFinishedWhileDashboardUnreadable() {
    // Found by the chaos soak: the submitter saw a LONG job succeed just before the dashboard answered garbage for
    // 28 s; the last status read here was RUNNING, and the RayJob was failed with a "still RUNNING" it never saw.
    RayJob job = k8s(spec -> { }, s -> {
      s.setJobStatus(JobStatus.RUNNING);
      s.setJobStatusCheckFailureStartTime(time(80));
    });
    Decision decision = machine().decide(job,
        running(JobLookup.failed("HTTP 200 with a text/html body"), SubmitterObservation.complete(at(70))), at(110));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getJobStatus()).isEqualTo(JobStatus.RUNNING);
    assertThat(decision.status().getMessage()).contains("Cannot read the status").contains("text/html");
    assertThat(decision.actionsOf(RayJobAction.StopJob.class)).isEmpty();
    assertThat(decision.requeueAfter()).isPresent();

    // The dashboard answers again: the verdict comes from what it says.
    Decision succeeded = machine().decide(job, running(found(SUCCEEDED), SubmitterObservation.complete(at(70))),
        at(115));
    assertThat(succeeded.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    Decision stillRunning = machine().decide(job, running(found(RUNNING), SubmitterObservation.complete(at(70))),
        at(115));
    assertThat(stillRunning.status().getReason())
        .isEqualTo(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED);
  }

  @Test
  @DisplayName("Running | submitter finished < 30 s ago, Ray job non-terminal → wait until the grace period ends")
  void submitterFinishedWithinGrace() {
    Decision decision = machine().decide(k8s(), running(found(RUNNING), SubmitterObservation.complete(at(70))),
        at(90));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isLessThanOrEqualTo(seconds(10)));
  }

  @Test
  @DisplayName("§4.2 Running | GetJobInfo 404, HTTPMode → SubmitJob with the stored submission id")
  void httpModeSubmits() {
    RayJob job = http(s -> { });
    Decision decision = machine().decide(job, running(JobLookup.notFound(), SubmitterObservation.absent()), at(20));
    RayJobAction.SubmitJob submit = decision.actionsOf(RayJobAction.SubmitJob.class).get(0);
    assertThat(submit.dashboardUrl()).isEqualTo(URL);
    assertThat(submit.request().submissionId()).isEqualTo(JOB_ID);
    assertThat(submit.request().entrypoint()).isEqualTo("python /home/ray/job.py");
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).isEmpty();
  }

  @Test
  @DisplayName("Running | GetJobInfo 404 after the job was seen (head lost it) → Failed/AppFailed, never submitted again")
  void lostJobIsNotSubmittedAgain() {
    // Found by the chaos soak: a head Pod deleted under a RUNNING HTTPMode job came back empty and the same
    // submission id was submitted to it, running the attempt twice.
    for (JobStatus seen : new JobStatus[] {JobStatus.PENDING, JobStatus.RUNNING}) {
      for (RayJob job : new RayJob[] {http(s -> s.setJobStatus(seen)), k8s(spec -> { }, s -> s.setJobStatus(seen))}) {
        Decision decision = machine().decide(job, running(JobLookup.notFound(), SubmitterObservation.absent()),
            at(20));
        assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).as("%s", seen).isEmpty();
        assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).as("%s", seen).isEmpty();
        assertThat(decision.status().getJobDeploymentStatus()).as("%s", seen).isEqualTo(JobDeploymentStatus.FAILED);
        assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
        assertThat(decision.status().getMessage()).contains("no longer on the dashboard", "not submitted again");
      }
    }
    // Not seen yet (NEW, or no status): submitting is still right (the first submit's answer may have been lost).
    for (RayJob job : new RayJob[] {http(s -> s.setJobStatus(JobStatus.NEW)), http(s -> { })}) {
      Decision decision = machine().decide(job, running(JobLookup.notFound(), SubmitterObservation.absent()), at(20));
      assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    }
  }

  @Test
  @DisplayName("§4.2 Running | GetJobInfo 404, K8sJobMode, submitter finished → Failed/AppFailed")
  void notFoundAfterSubmitterFinished() {
    Decision decision = machine().decide(k8s(), running(JobLookup.notFound(), SubmitterObservation.complete(at(10))),
        at(20));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
  }

  @Test
  @DisplayName("§4.2 Running | GetJobInfo 404, K8sJobMode, submitter active → wait for it to submit")
  void notFoundWhileSubmitterActive() {
    Decision decision = machine().decide(k8s(), running(JobLookup.notFound(), SubmitterObservation.active()), at(20));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getMessage()).contains("Waiting for the submitter Job demo");
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).isEmpty();
  }

  @Test
  @DisplayName("Running | K8sJobMode submitter missing → created again (submission is idempotent)")
  void submitterRecreated() {
    Decision decision = machine().decide(k8s(), running(JobLookup.notFound(), SubmitterObservation.absent()), at(20));
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).hasSize(1);
  }

  @Test
  @DisplayName("§4.2 Running | success → timer cleared; jobStatus, message, rayJobInfo and cluster status copied")
  void successCopies() {
    RayJob job = k8s(spec -> { }, s -> s.setJobStatusCheckFailureStartTime(time(10)));
    Decision decision = machine().decide(job, running(found(PENDING), SubmitterObservation.active()), at(20));
    RayJobStatus s = decision.status();
    assertThat(s.getJobStatusCheckFailureStartTime()).isNull();
    assertThat(s.getJobStatus()).isEqualTo(JobStatus.PENDING);
    assertThat(s.getMessage()).isEqualTo("Job pending");
    assertThat(s.getRayJobInfo()).isEqualTo(info(5L, null));
    assertThat(s.getRayClusterStatus()).isEqualTo(Fixtures.cluster(CLUSTER, true).getStatus());
    assertThat(s.getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
  }

  @Test
  @DisplayName("§4.2 Running | success, SUCCEEDED (HTTPMode) → Complete, endTime, succeeded+1")
  void succeeded() {
    Decision decision = machine().decide(http(s -> { }), running(found(SUCCEEDED), SubmitterObservation.absent()),
        at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(decision.status().getReason()).isNull();
    assertThat(decision.status().getEndTime()).isEqualTo(time(60));
    assertThat(decision.status().getRayJobInfo()).isEqualTo(info(5L, 50L));
    assertThat(decision.status().getSucceeded()).isEqualTo(1);
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).as("Complete shows in the status: no Event")
        .isEmpty();
  }

  @Test
  @DisplayName("§4.2 Running | success, STOPPED → Complete (STOPPED ends Complete, not counted as succeeded)")
  void stopped() {
    Decision decision = machine().decide(http(s -> { }), running(found(STOPPED), SubmitterObservation.absent()),
        at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(decision.status().getSucceeded()).isZero();
    assertThat(decision.status().getFailed()).isZero();
  }

  @Test
  @DisplayName("§4.2 Running | success, FAILED → Failed/AppFailed with the dashboard's message, failed+1")
  void failed() {
    Decision decision = machine().decide(http(s -> { }), running(found(FAILED), SubmitterObservation.absent()),
        at(60));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(decision.status().getMessage()).isEqualTo("Job failed");
    assertThat(decision.status().getFailed()).isEqualTo(1);
    assertThat(decision.actionsOf(RayJobAction.StopJob.class)).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Running | success, terminal, K8sJobMode submitter complete → Complete")
  void terminalAfterSubmitterFinished() {
    Decision decision = machine().decide(k8s(), running(found(SUCCEEDED), SubmitterObservation.complete(at(51))),
        at(52));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(decision.status().getReason()).isNull();
  }

  @Test
  @DisplayName("Running | a status this client does not know is kept verbatim and is not terminal")
  void unknownDashboardStatus() {
    dev.raykube.dashboard.JobDetails paused = new dev.raykube.dashboard.JobDetails(
        dev.raykube.dashboard.JobType.SUBMISSION, null, JOB_ID, null, dev.raykube.dashboard.JobStatus.UNKNOWN,
        "PAUSED", "x", null, null, null, null, null, null, null, null, null);
    Decision decision = machine().decide(http(s -> { }),
        running(JobLookup.found(paused), SubmitterObservation.absent()), at(30));
    assertThat(decision.status().getJobStatusValue()).isEqualTo("PAUSED");
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
  }

  @Test
  @DisplayName("Running | dashboard not queried and cluster present → nothing known, stay Running")
  void notQueried() {
    Decision decision = machine().decide(k8s(), running(JobLookup.notQueried(), SubmitterObservation.active()),
        at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getJobStatusCheckFailureStartTime()).isNull();
    assertThat(decision.requeueAfter()).contains(seconds(3));
  }

  @Test
  @DisplayName("Running | adaptive poll: 1 s just after the job started, a tenth of its age later, at most 10 s")
  void adaptivePoll() {
    RayJob job = http(s -> { });
    JobLookup startedAt100 = JobLookup.found(Fixtures.details(RUNNING, 100L, null, null));
    assertThat(machine().decide(job, running(startedAt100, null), at(101)).requeueAfter()).contains(seconds(1));
    assertThat(machine().decide(job, running(startedAt100, null), at(150)).requeueAfter()).contains(seconds(5));
    assertThat(machine().decide(job, running(startedAt100, null), at(5000)).requeueAfter()).contains(seconds(10));
  }

  @Test
  @DisplayName("Running | requeue no later than the activeDeadline")
  void requeueAtActiveDeadline() {
    RayJob job = in(Fixtures.httpJob(spec -> spec.setActiveDeadlineSeconds(1000)), JobDeploymentStatus.RUNNING,
        s -> { });
    Decision decision = machine().decide(job, running(JobLookup.found(Fixtures.details(RUNNING, 0L, null, null)),
        null), at(998));
    assertThat(decision.requeueAfter()).contains(Duration.ofSeconds(2));
  }
}
