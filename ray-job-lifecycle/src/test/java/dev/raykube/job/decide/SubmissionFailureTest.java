package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.running;
import static dev.raykube.job.decide.Fixtures.time;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Reference §4.2 Running, HTTPMode: "submit via HTTP (error starts failure timer)". The submission is asked for by one
 * decision; when it fails, the failure is part of the next observation ({@link SubmissionFailure}) and the state
 * machine decides what it means, from the RayJob as written with the first decision's status.
 */
class SubmissionFailureTest {

  private static final SubmissionFailure UNAVAILABLE = new SubmissionFailure(SubmissionFailure.Kind.UNAVAILABLE,
      "connection refused");
  private static final SubmissionFailure REJECTED = new SubmissionFailure(SubmissionFailure.Kind.REJECTED,
      "bad request");

  private final RayJobStateMachine machine = machine();

  private RayJob job(int backoffLimit) {
    return in(Fixtures.httpJob(spec -> spec.setBackoffLimit(backoffLimit)), JobDeploymentStatus.RUNNING);
  }

  private Decision submitting(RayJob job, long now) {
    Decision decision = machine.decide(job, running(JobLookup.notFound(), null), at(now));
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).hasSize(1);
    return decision;
  }

  /** The RayJob as stored after the decision's status was written. */
  private static RayJob written(RayJob job, Decision decision) {
    RayJob copy = ModelCopies.copy(job, RayJob.class);
    copy.setStatus(ModelCopies.copy(decision.status(), RayJobStatus.class));
    return copy;
  }

  private Decision failed(RayJob job, SubmissionFailure failure, long now) {
    Decision decision = machine.decide(job, running(JobLookup.notFound(), null).withSubmissionFailure(failure),
        at(now));
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).as("never submits again at once").isEmpty();
    return decision;
  }

  @Test
  @DisplayName("§4.2 Running | HTTPMode submit error → failure timer starts, stay Running, retry soon")
  void unavailableStartsTimer() {
    RayJob job = job(0);
    Decision revised = failed(written(job, submitting(job, 10)), UNAVAILABLE, 10);
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
    Decision revised = failed(written(job, decided), UNAVAILABLE, 310);
    assertThat(revised.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(revised.status().getJobStatusCheckFailureStartTime()).isEqualTo(time(310));

    RayJob stillFailing = in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.RUNNING,
        s -> s.setJobStatusCheckFailureStartTime(time(10)));
    Decision timedOut = failed(stillFailing, UNAVAILABLE, 310);
    assertThat(timedOut.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(timedOut.status().getReason()).isEqualTo(JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED);
  }

  @Test
  @DisplayName("§4.2 Running | HTTPMode submit rejected as invalid → Failed/SubmissionFailed, retried per backoffLimit")
  void rejected() {
    RayJob job = job(1);
    Decision revised = failed(written(job, submitting(job, 10)), REJECTED, 10);
    assertThat(revised.status().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(revised.status().getFailed()).isEqualTo(1);
    assertThat(revised.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RETRYING);
    assertThat(revised.status().getMessage()).contains("bad request");

    Decision finalFailure = failed(written(job(0), submitting(job(0), 10)), REJECTED, 10);
    assertThat(finalFailure.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
  }

  @Test
  @DisplayName("a submission failure outside Running (the RayJob moved on meanwhile) changes nothing by itself")
  void onlyWhileRunning() {
    RayJob complete = in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.COMPLETE);
    Decision plain = machine.decide(complete, running(JobLookup.notFound(), null), at(10));
    Decision withFailure = machine.decide(complete, running(JobLookup.notFound(), null)
        .withSubmissionFailure(REJECTED), at(10));
    assertThat(withFailure).isEqualTo(plain);
  }
}
