package dev.raykube.job.decide;

import static dev.raykube.dashboard.JobStatus.RUNNING;
import static dev.raykube.dashboard.JobStatus.SUCCEEDED;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.details;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A decision that changes nothing but {@code status.message} keeps the stored message, so the loop writes no status
 * for it; a message that comes with a change that matters, an action or an Event is written.
 */
class TransientMessageTest {

  private static RayJob runningWith(String message) {
    return in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.RUNNING, s -> {
      s.setJobStatus(JobStatus.RUNNING);
      s.setMessage(message);
    });
  }

  @Test
  @DisplayName("Running | the dashboard's message changes, nothing else → the stored status, unchanged")
  void onlyTheMessage() {
    RayJob job = runningWith("first");
    Decision settled = machine().decide(job, running(JobLookup.found(details(RUNNING, 5L, null, "first")),
        SubmitterObservation.absent()), at(30));
    job.setStatus(settled.status());

    Decision decision = machine().decide(job, running(JobLookup.found(details(RUNNING, 5L, null,
        "Job is currently running.")), SubmitterObservation.absent()), at(31));

    assertThat(decision.status()).isEqualTo(job.getStatus());
    assertThat(decision.status().getMessage()).isEqualTo("first");
    assertThat(decision.actions()).allMatch(a -> a instanceof RayJobAction.RequeueAfter);
  }

  @Test
  @DisplayName("Running | the message comes with a new job status → written with it")
  void withAJobStatusChange() {
    RayJob job = runningWith("first");
    Decision decision = machine().decide(job, running(JobLookup.found(details(SUCCEEDED, 5L, 50L,
        "Job finished successfully.")), SubmitterObservation.absent()), at(60));

    assertThat(decision.status().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(decision.status().getMessage()).isEqualTo("Job finished successfully.");
  }

  @Test
  @DisplayName("Initializing | selected cluster not found: the message comes with a Warning → written, so the"
      + " Warning is not repeated")
  void withAnEvent() {
    RayJob job = in(Fixtures.httpJob(Fixtures::selector), JobDeploymentStatus.INITIALIZING,
        s -> s.setMessage("Waiting for RayCluster shared to be ready"));
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(10));

    assertThat(decision.status().getMessage()).contains("shared", "not found");
    assertThat(decision.actionsOf(RayJobAction.EmitEvent.class)).extracting(RayJobAction.EmitEvent::reason)
        .containsExactly(RayJobEventReason.CLUSTER_NOT_FOUND);

    job.setStatus(decision.status());
    Decision again = machine().decide(job, RayJobObservation.nothing(), at(11));
    assertThat(again.actionsOf(RayJobAction.EmitEvent.class)).as("the stored message says it was reported")
        .isEmpty();
    assertThat(again.status()).isEqualTo(job.getStatus());
  }
}
