package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.CLUSTER;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.observe;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import java.time.Duration;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Reference §4.2, rows {@code Waiting} (InteractiveMode). The operator rejects InteractiveMode by default; these tests
 * enable it through {@link RayJobSettings#supportedSubmissionModes()}.
 */
class WaitingStateTest {

  private static RayJob waiting(Consumer<RayJobSpec> change) {
    return in(job(spec -> {
      spec.setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE);
      change.accept(spec);
    }), JobDeploymentStatus.WAITING, s -> {
      s.setJobId(null);
      s.setDashboardURL(Fixtures.URL);
    });
  }

  @Test
  @DisplayName("§4.2 Waiting | preRunningDeadlineSeconds passed → Failed/PreRunningDeadlineExceeded")
  void preRunningDeadline() {
    Decision decision = machine(Fixtures.withInteractive())
        .decide(waiting(spec -> spec.setPreRunningDeadlineSeconds(600)), observe(Fixtures.ready(CLUSTER)), at(600));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(decision.status().getReason()).isEqualTo(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED);
  }

  @Test
  @DisplayName("§4.2 Waiting | spec.jobId set → copied to status.jobId → Running")
  void jobIdGiven() {
    Decision decision = machine(Fixtures.withInteractive())
        .decide(waiting(spec -> spec.setJobId("raysubmit_abc")), observe(Fixtures.ready(CLUSTER)), at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.status().getJobId()).isEqualTo("raysubmit_abc");
  }

  @Test
  @DisplayName("Waiting | no spec.jobId → stay; requeue only for the preRunning deadline")
  void keepsWaiting() {
    Decision noDeadline = machine(Fixtures.withInteractive())
        .decide(waiting(spec -> { }), observe(Fixtures.ready(CLUSTER)), at(30));
    assertThat(noDeadline.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.WAITING);
    assertThat(noDeadline.actions()).isEmpty();

    Decision withDeadline = machine(Fixtures.withInteractive())
        .decide(waiting(spec -> spec.setPreRunningDeadlineSeconds(100)), observe(Fixtures.ready(CLUSTER)), at(30));
    assertThat(withDeadline.requeueAfter()).contains(Duration.ofSeconds(70));
  }

  @Test
  @DisplayName("Running (InteractiveMode) | GetJobInfo 404 → wait, never submit")
  void interactiveNotFoundWaits() {
    RayJob job = in(job(spec -> {
      spec.setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE);
      spec.setJobId("raysubmit_abc");
    }), JobDeploymentStatus.RUNNING);
    Decision decision = machine(Fixtures.withInteractive()).decide(job,
        Fixtures.running(JobLookup.notFound(), SubmitterObservation.absent()), at(30));
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).isEmpty();
    assertThat(decision.actionsOf(RayJobAction.CreateSubmitter.class)).isEmpty();
  }
}
