package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.T0;
import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.selector;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.RandomNameSuffixes;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Reference §4.2, row {@code ""} (New). */
class NewStateTest {

  @Test
  @DisplayName("§4.2 \"\" | always → Initializing: submission id and cluster name <name>-<5 random>, startTime=now, "
      + "jobStatus \"\", counters 0; nothing created yet")
  void newGeneratesNamesAndStartsInitializing() {
    RayJob job = job();
    Decision decision = machine().decide(job, RayJobObservation.nothing(), at(3));

    RayJobStatus s = decision.status();
    assertThat(s.getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(s.getJobId()).isEqualTo("demo-bbbbb").matches("demo-[a-z0-9]{5}");
    assertThat(s.getRayClusterName()).isEqualTo("demo-ccccc").matches("demo-[a-z0-9]{5}");
    assertThat(s.getJobStatus()).isEqualTo(JobStatus.NEW);
    assertThat(s.getJobStatusValue()).isNull();
    assertThat(s.getStartTime()).isEqualTo("2026-03-01T10:00:03Z");
    assertThat(s.getEndTime()).isNull();
    assertThat(s.getSucceeded()).isZero();
    assertThat(s.getFailed()).isZero();
    assertThat(s.getObservedGeneration()).isEqualTo(1L);
    // Names are stored before anything is created with them: the only action is "decide again".
    assertThat(decision.actions()).containsExactly(new RayJobAction.RequeueAfter(Duration.ZERO));
    assertThat(job.getStatus()).as("input untouched").isNull();
  }

  @Test
  @DisplayName("\"\" | clusterSelector, the cluster seen ready (HTTPMode) → on as Initializing would: names stored with "
      + "the move to Running, and the submission, in one decision (one status write fewer than KubeRay's path)")
  void selectedReadyClusterSubmitsAtOnce() {
    RayJob job = Fixtures.httpJob(Fixtures::selector);
    Decision decision = machine().decide(job,
        Fixtures.observe(ClusterObservation.present(Fixtures.foreignCluster("shared"), "http://shared-head:8265")),
        at(3));
    RayJobStatus s = decision.status();
    assertThat(s.getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(s.getJobId()).isEqualTo("demo-bbbbb");
    assertThat(s.getRayClusterName()).isEqualTo("shared");
    assertThat(s.getStartTime()).isEqualTo("2026-03-01T10:00:03Z");
    assertThat(decision.actionsOf(RayJobAction.SubmitJob.class)).singleElement()
        .satisfies(submit -> assertThat(submit.request().submissionId()).isEqualTo("demo-bbbbb"));
    assertThat(decision.actionsOf(RayJobAction.CreateCluster.class)).isEmpty();
  }

  @Test
  @DisplayName("\"\" | clusterSelector, the cluster not seen → Initializing, decide again (as without a selector)")
  void selectedClusterNotSeenWaitsForTheNextDecision() {
    Decision decision = machine().decide(job(Fixtures::selector), RayJobObservation.nothing(), T0);
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.actions()).containsExactly(new RayJobAction.RequeueAfter(Duration.ZERO));
  }

  @Test
  @DisplayName("§4.2 \"\" | spec.jobId set → it is the submission id")
  void specJobIdIsTheSubmissionId() {
    Decision decision = machine().decide(job(spec -> spec.setJobId("my-run-1")), RayJobObservation.nothing(), T0);
    assertThat(decision.status().getJobId()).isEqualTo("my-run-1");
    assertThat(decision.status().getRayClusterName()).isEqualTo("demo-bbbbb");
  }

  @Test
  @DisplayName("§4.2 \"\" | clusterSelector → rayClusterName = clusterSelector[\"ray.io/cluster\"]")
  void selectorNamesTheCluster() {
    Decision decision = machine().decide(job(Fixtures::selector), RayJobObservation.nothing(), T0);
    assertThat(decision.status().getRayClusterName()).isEqualTo("shared");
    assertThat(decision.status().getJobId()).isEqualTo("demo-bbbbb");
  }

  @Test
  @DisplayName("§4.2 \"\" | InteractiveMode → no submission id is generated")
  void interactiveModeHasNoGeneratedId() {
    RayJob job = job(spec -> spec.setSubmissionMode(JobSubmissionMode.INTERACTIVE_MODE));
    Decision decision = machine(Fixtures.withInteractive()).decide(job, RayJobObservation.nothing(), T0);
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
    assertThat(decision.status().getJobId()).isNull();
  }

  @Test
  @DisplayName("§4.2 \"\" | a submission id already stored for this attempt is kept (stable across re-decisions)")
  void storedSubmissionIdIsKept() {
    RayJob job = job();
    RayJobStatus stored = new RayJobStatus();
    stored.setJobId("demo-zzzzz");
    job.setStatus(stored);
    Decision decision = machine().decide(job, RayJobObservation.nothing(), T0);
    assertThat(decision.status().getJobId()).isEqualTo("demo-zzzzz");
  }

  @Test
  @DisplayName("§4.2 \"\" | the same input decided twice gives the same status (names come only from NameSuffixes)")
  void deterministic() {
    RayJob job = job();
    Decision first = machine().decide(job, RayJobObservation.nothing(), T0);
    Decision second = machine().decide(job, RayJobObservation.nothing(), T0);
    assertThat(second).isEqualTo(first);
  }

  @Test
  @DisplayName("§4.2 \"\" | spec.suspend does not skip Initializing (New → Initializing → Suspending, as in KubeRay)")
  void suspendedNewJobStillInitializes() {
    RayJob job = job(spec -> {
      spec.setSuspend(true);
      spec.setShutdownAfterJobFinishes(true);
    });
    Decision decision = machine().decide(job, RayJobObservation.nothing(), T0);
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.INITIALIZING);
  }

  @Test
  @DisplayName("NameSuffixes returning anything but 5 of [a-z0-9] is a programming error")
  void badSuffixIsRejected() {
    RayJobStateMachine machine = new RayJobStateMachine(RayJobSettings.defaults(), () -> "AB");
    assertThatThrownBy(() -> machine.decide(job(), RayJobObservation.nothing(), T0))
        .isInstanceOf(IllegalStateException.class).hasMessageContaining("'AB'");
  }

  @Test
  @DisplayName("RandomNameSuffixes gives 5 characters of Kubernetes' name alphabet")
  void randomSuffixes() {
    NameSuffixes random = NameSuffixes.random();
    for (int i = 0; i < 200; i++) {
      assertThat(random.next()).hasSize(5).matches("[" + NameSuffixes.ALPHABET + "]{5}");
    }
  }

  @Test
  @DisplayName("a selected cluster's name is never generated, even with a suffix source that would fail")
  void selectorNeedsNoSuffix() {
    RayJobStateMachine machine = new RayJobStateMachine(RayJobSettings.defaults(), () -> "bad!");
    Decision decision = machine.decide(job(spec -> {
      selector(spec);
      spec.setJobId("fixed");
    }), RayJobObservation.nothing(), T0);
    assertThat(decision.status().getRayClusterName()).isEqualTo("shared");
  }
}
