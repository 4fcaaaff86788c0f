package dev.raykube.job.decide;

import static dev.raykube.dashboard.JobStatus.FAILED;
import static dev.raykube.dashboard.JobStatus.RUNNING;
import static dev.raykube.dashboard.JobStatus.SUCCEEDED;
import static dev.raykube.job.decide.Fixtures.JOB_ID;
import static dev.raykube.job.decide.Fixtures.URL;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.found;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.running;
import static dev.raykube.job.decide.Fixtures.seconds;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.RayJob;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Reference §4.2, rows {@code Running} of SidecarMode (the submitter is a container of the head Pod). */
class RunningStateSidecarTest {

  private static RayJob sidecar() {
    return in(job(spec -> spec.setSubmissionMode(dev.raykube.model.job.JobSubmissionMode.SIDECAR_MODE)),
        JobDeploymentStatus.RUNNING, s -> { });
  }

  @Test
  @DisplayName("§4.2 Running | SidecarMode: head pod missing → Failed/AppFailed \"Ray head pod not found.\"")
  void sidecarHeadPodMissing() {
    Decision decision = machine().decide(sidecar(), running(found(RUNNING), SubmitterObservation.headPodMissing()),
        at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(decision.status().getMessage()).isEqualTo("Ray head pod not found.");
  }

  @Test
  @DisplayName("§4.2 Running | SidecarMode: ray-job-submitter exited non-zero → Failed/SubmissionFailed")
  void sidecarSubmitterFailed() {
    Decision decision = machine().decide(sidecar(), running(found(RUNNING),
        SubmitterObservation.failed(at(20), "container ray-job-submitter of head Pod h exited with 1")), at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(decision.status().getMessage()).isEqualTo("The submitter container ray-job-submitter of the head Pod "
        + "failed: container ray-job-submitter of head Pod h exited with 1");
    assertThat(decision.actionsOf(RayJobAction.StopJob.class)).containsExactly(new RayJobAction.StopJob(URL, JOB_ID));
  }

  @Test
  @DisplayName("§4.2 Running | SidecarMode: job terminal while the submitter still follows the logs → wait; once it "
      + "exited 0 → Complete")
  void sidecarJobEndsWithItsSubmitter() {
    Decision waiting = machine().decide(sidecar(), running(found(SUCCEEDED), SubmitterObservation.active()), at(30));
    assertThat(waiting.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    Decision done = machine().decide(sidecar(), running(found(SUCCEEDED), SubmitterObservation.complete(at(31))),
        at(32));
    assertThat(done.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.COMPLETE);
  }

  @Test
  @DisplayName("§4.2 Running | SidecarMode: submitter exited 0 but the job is not on the dashboard → Failed/AppFailed")
  void sidecarSubmitterDoneWithoutJob() {
    Decision decision = machine().decide(sidecar(), running(JobLookup.notFound(),
        SubmitterObservation.complete(at(20))), at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).isEmpty();
  }

  @Test
  @DisplayName("§4.2 Running | SidecarMode with SidecarSubmitterRestart: a submitter that exited and is to restart → "
      + "Running, no submission, requeued by the end of the 30 s grace; still exited after it → Failed")
  void sidecarSubmitterRestarting() {
    SubmitterObservation restarting = SubmitterObservation.restarting(at(20),
        "container ray-job-submitter of head Pod h exited with 1 (Error) after 0 restarts");

    Decision waiting = machine().decide(sidecar(), running(found(RUNNING), restarting), at(30));
    assertThat(waiting.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(waiting.actionsOf(RayJobAction.SubmitJob.class)).isEmpty();
    assertThat(waiting.actionsOf(RayJobAction.StopJob.class)).isEmpty();
    assertThat(waiting.requeueAfter()).hasValueSatisfying(d -> assertThat(d).isLessThanOrEqualTo(seconds(20)));

    Decision stuck = machine().decide(sidecar(), running(found(RUNNING), restarting), at(50));
    assertThat(stuck.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(stuck.status().getReason())
        .isEqualTo(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED);
    assertThat(stuck.status().getMessage()).isEqualTo("The submitter container ray-job-submitter of the head Pod was "
        + "not restarted 30 s after it exited: container ray-job-submitter of head Pod h exited with 1 (Error) after 0 "
        + "restarts");
    assertThat(stuck.actionsOf(RayJobAction.StopJob.class)).containsExactly(new RayJobAction.StopJob(URL, JOB_ID));

    Decision ended = machine().decide(sidecar(), running(found(FAILED), restarting), at(30));
    assertThat(ended.status().getJobDeploymentStatus()).as("the Ray job ended: the RayJob ends with it")
        .isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(ended.status().getReason()).isEqualTo(JobFailedReason.APP_FAILED);
  }
}
