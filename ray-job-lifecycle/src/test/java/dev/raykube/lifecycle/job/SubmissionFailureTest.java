package dev.raykube.lifecycle.job;

import static dev.raykube.lifecycle.job.Fixtures.at;
import static dev.raykube.lifecycle.job.Fixtures.in;
import static dev.raykube.lifecycle.job.Fixtures.machine;
import static dev.raykube.lifecycle.job.Fixtures.running;
import static dev.raykube.lifecycle.job.Fixtures.time;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.DashboardUnavailableException;
import dev.raykube.dashboard.DuplicateSubmissionException;
import dev.raykube.dashboard.InvalidRequestException;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.RayJob;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Reference §4.2 Running, HTTPMode: "submit via HTTP (error starts failure timer)". */
class SubmissionFailureTest {

  private final RayJobStateMachine machine = machine();

  private RayJob job(int backoffLimit) {
    return in(Fixtures.httpJob(spec -> spec.setBackoffLimit(backoffLimit)), JobDeploymentStatus.RUNNING);
  }

  private Decision submitting(RayJob job, long now) {
    Decision decision = machine.decide(job, running(JobLookup.notFound(), null), at(now));
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    return decision;
  }

  @Test
  @DisplayName("§4.2 Running | HTTPMode submit answered \"already exists\" → submitted before; nothing changes")
  void duplicate() {
    RayJob job = job(0);
    Decision decided = submitting(job, 10);
    Decision revised = machine.submissionFailed(job, decided, new DuplicateSubmissionException("exists",
        Fixtures.JOB_ID, 500, "already exists"), at(10));
    assertThat(revised.status()).isEqualTo(decided.status());
    assertThat(revised.actionsOf(RayJobAction.SubmitJob.class)).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Running | HTTPMode submit error → failure timer starts, stay Running, retry soon")
  void unavailableStartsTimer() {
    RayJob job = job(0);
    Decision decided = submitting(job, 10);
    Decision revised = machine.submissionFailed(job, decided,
        new DashboardUnavailableException("connection refused", 0, null, null), at(10));
    assertThat(revised.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(revised.status().getJobStatusCheckFailureStartTime()).isEqualTo(time(10));
    assertThat(revised.status().getMessage()).contains("submitting failed: connection refused");
    assertThat(revised.requeueAfter()).contains(Duration.ofSeconds(1));
  }

  @Test
  @DisplayName("§4.2 Running | HTTPMode submit failing ≥ 300 s → Failed/JobStatusCheckTimeoutExceeded")
  void unavailableTimesOut() {
    RayJob job = in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.RUNNING,
        s -> s.setJobStatusCheckFailureStartTime(time(10)));
    Decision decided = machine.decide(job, running(JobLookup.notFound(), null), at(310));
    // A 404 is an answer: the timer was cleared for this decision, then the submission failed again.
    Decision revised = machine.submissionFailed(job, decided,
        new DashboardUnavailableException("HTTP 503", 503, "", null), at(310));
    assertThat(revised.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(revised.status().getJobStatusCheckFailureStartTime()).isEqualTo(time(310));

    RayJob stillFailing = in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.RUNNING,
        s -> s.setJobStatusCheckFailureStartTime(time(10)));
    Decision timedOut = machine.submissionFailed(stillFailing,
        new Decision(stillFailing.getStatus(), java.util.List.of()),
        new DashboardUnavailableException("HTTP 503", 503, "", null), at(310));
    assertThat(timedOut.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(timedOut.status().getReason()).isEqualTo(JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED);
  }

  @Test
  @DisplayName("§4.2 Running | HTTPMode submit rejected as invalid → Failed/SubmissionFailed, retried per backoffLimit")
  void rejected() {
    RayJob job = job(1);
    Decision decided = submitting(job, 10);
    Decision revised = machine.submissionFailed(job, decided, new InvalidRequestException("bad request", 400,
        "TypeError: x", "TypeError: x"), at(10));
    assertThat(revised.status().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(revised.status().getFailed()).isEqualTo(1);
    assertThat(revised.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RETRYING);
    assertThat(revised.status().getMessage()).contains("bad request");

    Decision finalFailure = machine().submissionFailed(job(0), submitting(job(0), 10),
        new InvalidRequestException("bad request", 400, "", ""), at(10));
    assertThat(finalFailure.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
  }
}
