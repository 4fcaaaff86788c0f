package dev.raykube.job.decide;

import static dev.raykube.job.decide.Fixtures.at;
import static dev.raykube.job.decide.Fixtures.found;
import static dev.raykube.job.decide.Fixtures.in;
import static dev.raykube.job.decide.Fixtures.job;
import static dev.raykube.job.decide.Fixtures.machine;
import static dev.raykube.job.decide.Fixtures.running;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Reference §4.2, "after the switch": counters and backoffLimit retries. */
class RetriesTest {

  /** A Running HTTPMode RayJob whose job fails with the given reason at t=100. */
  private static Decision failWith(JobFailedReason reason, int backoffLimit, int failedBefore) {
    RayJob job = in(Fixtures.httpJob(spec -> {
      spec.setBackoffLimit(backoffLimit);
      if (reason == JobFailedReason.DEADLINE_EXCEEDED) {
        spec.setActiveDeadlineSeconds(100);
      }
    }), JobDeploymentStatus.RUNNING, s -> {
      s.setFailed(failedBefore);
      s.setJobStatus(JobStatus.RUNNING);
      if (reason == JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED) {
        s.setJobStatusCheckFailureStartTime(Fixtures.time(0));
      }
    });
    RayJobObservation observed;
    java.time.Instant now = at(50);
    switch (reason) {
      case APP_FAILED:
        observed = running(found(dev.raykube.dashboard.JobStatus.FAILED), null);
        break;
      case DEADLINE_EXCEEDED:
        observed = running(found(dev.raykube.dashboard.JobStatus.RUNNING), null);
        now = at(100);
        break;
      case JOB_STATUS_CHECK_TIMEOUT_EXCEEDED:
        observed = running(JobLookup.failed("connection refused"), null);
        now = at(300); // the timer started at 0; the default timeout is 300 s
        break;
      default:
        throw new IllegalArgumentException(reason.name());
    }
    Decision decision = machine().decide(job, observed, now);
    assertThat(decision.status().getReason()).isEqualTo(reason);
    return decision;
  }

  static Stream<Arguments> retryTable() {
    return Stream.of(
        Arguments.of("backoffLimit 0: the first failure is final", JobFailedReason.APP_FAILED, 0, 0,
            JobDeploymentStatus.FAILED, 1),
        Arguments.of("backoffLimit 2, first failure → Retrying", JobFailedReason.APP_FAILED, 2, 0,
            JobDeploymentStatus.RETRYING, 1),
        Arguments.of("backoffLimit 2, second failure → Retrying", JobFailedReason.APP_FAILED, 2, 1,
            JobDeploymentStatus.RETRYING, 2),
        Arguments.of("backoffLimit 2, third failure is final (failed = backoffLimit+1)", JobFailedReason.APP_FAILED, 2,
            2, JobDeploymentStatus.FAILED, 3),
        Arguments.of("DeadlineExceeded is never retried", JobFailedReason.DEADLINE_EXCEEDED, 5, 0,
            JobDeploymentStatus.FAILED, 1),
        Arguments.of("JobStatusCheckTimeoutExceeded is never retried", JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED,
            5, 0, JobDeploymentStatus.FAILED, 1));
  }

  @ParameterizedTest(name = "§4.2 after switch | {0}")
  @MethodSource("retryTable")
  @DisplayName("§4.2 after switch | failed+1 on entering Failed; Retrying while failed < backoffLimit+1 and the reason "
      + "is not DeadlineExceeded/JobStatusCheckTimeoutExceeded")
  void retries(String row, JobFailedReason reason, int backoffLimit, int failedBefore, JobDeploymentStatus expected,
      int failedAfter) {
    Decision decision = failWith(reason, backoffLimit, failedBefore);
    assertThat(decision.status().getJobDeploymentStatus()).isEqualTo(expected);
    assertThat(decision.status().getFailed()).isEqualTo(failedAfter);
    assertThat(decision.status().getEndTime()).isNotNull();
    List<String> events = new ArrayList<>();
    decision.actionsOf(RayJobAction.EmitEvent.class).forEach(e -> events.add(e.reason().value()));
    if (expected == JobDeploymentStatus.RETRYING) {
      assertThat(events).containsExactly(reason.value(), RayJobEventReason.RETRYING.value());
    } else {
      assertThat(events).containsExactly(reason.value());
    }
  }

  @Test
  @DisplayName("§4.2 after switch | succeeded+1 on entering Complete with SUCCEEDED, unchanged afterwards")
  void succeededCounter() {
    RayJob job = in(Fixtures.httpJob(spec -> { }), JobDeploymentStatus.RUNNING, s -> s.setSucceeded(4));
    Decision decision = machine().decide(job, running(found(dev.raykube.dashboard.JobStatus.SUCCEEDED), null), at(60));
    assertThat(decision.status().getSucceeded()).isEqualTo(5);
    job.setStatus(decision.status());
    Decision later = machine().decide(job, running(null, null), at(61));
    assertThat(later.status().getSucceeded()).isEqualTo(5);
    assertThat(later.status().getEndTime()).isEqualTo(Fixtures.time(60));
  }

  @Test
  @DisplayName("§4.2 Retrying walk: backoffLimit 1, two attempts on two clusters, then Failed with failed=2")
  void fullRetryWalk() {
    RayJob job = Fixtures.httpJob(spec -> spec.setBackoffLimit(1));
    RayJobStateMachine machine = machine();
    List<String> clusters = new ArrayList<>();
    List<String> jobIds = new ArrayList<>();
    long t = 0;
    for (int attempt = 1; attempt <= 2; attempt++) {
      Decision init = machine.decide(job, RayJobObservation.nothing(), at(t++));
      job.setStatus(init.status());
      String cluster = job.getStatus().getRayClusterName();
      clusters.add(cluster);
      jobIds.add(job.getStatus().getJobId());
      Decision create = machine.decide(job, RayJobObservation.nothing(), at(t++));
      assertThat(create.actionsOf(RayJobAction.CreateCluster.class)).extracting(RayJobAction.CreateCluster::name)
          .containsExactly(cluster);
      job.setStatus(create.status());
      Decision run = machine.decide(job, Fixtures.observe(Fixtures.ready(cluster)), at(t++));
      assertThat(run.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RUNNING);
      job.setStatus(run.status());
      Decision submit = machine.decide(job, new RayJobObservation(Fixtures.ready(cluster), JobLookup.notFound(),
          null), at(t++));
      assertThat(submit.actionsOf(RayJobAction.SubmitJob.class)).extracting(a -> a.request().submissionId())
          .containsExactly(jobIds.get(attempt - 1));
      job.setStatus(submit.status());
      Decision failed = machine.decide(job, new RayJobObservation(Fixtures.ready(cluster),
          found(dev.raykube.dashboard.JobStatus.FAILED), null), at(t++));
      job.setStatus(failed.status());
      if (attempt == 1) {
        assertThat(failed.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.RETRYING);
        Decision teardown = machine.decide(job, Fixtures.observe(Fixtures.ready(cluster)), at(t++));
        assertThat(teardown.actionsOf(RayJobAction.DeleteCluster.class)).extracting(RayJobAction.DeleteCluster::name)
            .containsExactly(cluster);
        job.setStatus(teardown.status());
        Decision gone = machine.decide(job, RayJobObservation.nothing(), at(t++));
        assertThat(gone.status().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
        job.setStatus(gone.status());
      }
    }
    assertThat(job.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.FAILED);
    assertThat(job.getStatus().getFailed()).isEqualTo(2);
    assertThat(clusters).doesNotHaveDuplicates().hasSize(2);
    assertThat(jobIds).doesNotHaveDuplicates().hasSize(2);
    assertThat(clusters).allMatch(c -> c.matches("demo-[a-z0-9]{5}"));
  }
}
