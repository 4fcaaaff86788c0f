package dev.raykube.job.decide;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.EventType;
import java.time.Duration;

/**
 * Suspending and Retrying: delete the RayJob's own RayCluster and the submitter Job, wait until both are gone, then
 * forget the attempt (cluster name, dashboard address, submission id, job status, times of the job) and become
 * Suspended, or New for a fresh attempt with new names. A selected RayCluster is never deleted.
 */
final class TeardownPhase {

  private TeardownPhase() {
  }

  static void decide(DecisionDraft d) {
    RayJobStatus s = d.next;
    boolean suspending = d.state() == JobDeploymentStatus.SUSPENDING;
    boolean waiting = false;
    StringBuilder what = new StringBuilder();
    ClusterObservation cluster = d.observed.cluster();
    if (!JobSpecs.usesSelector(d.spec) && cluster instanceof ClusterObservation.Present
        && d.createdForThisJob(((ClusterObservation.Present) cluster).cluster())) {
      waiting = true;
      what.append("RayCluster ").append(s.getRayClusterName());
      if (!((ClusterObservation.Present) cluster).terminating()) {
        d.act(new RayJobAction.DeleteCluster(s.getRayClusterName()));
      }
    }
    if (JobSpecs.mode(d.spec) == JobSubmissionMode.K8S_JOB_MODE
        && !(d.observed.submitter() instanceof SubmitterObservation.Absent)) {
      waiting = true;
      what.append(what.length() == 0 ? "" : " and ").append("submitter Job ").append(JobSpecs.submitterName(d.job));
      d.act(new RayJobAction.DeleteSubmitter(JobSpecs.submitterName(d.job)));
    }
    if (waiting) {
      s.setMessage("Deleting " + what + " before " + (suspending ? "suspending" : "the next attempt"));
      d.requeueAfter(d.settings.teardownPoll());
      return;
    }
    s.setRayClusterStatus(null);
    s.setRayClusterName(null);
    s.setDashboardURL(null);
    s.setJobId(null);
    s.setJobStatusValue(null);
    s.setMessage(null);
    s.setReasonValue(null);
    s.setRayJobInfo(null);
    s.setJobStatusCheckFailureStartTime(null);
    s.setEndTime(null);
    if (suspending) {
      d.moveTo(JobDeploymentStatus.SUSPENDED);
      d.event(EventType.NORMAL, RayJobEventReason.SUSPENDED, "The RayJob is suspended; clear spec.suspend to run it again");
    } else {
      d.moveTo(JobDeploymentStatus.NEW);
      d.requeueAfter(Duration.ZERO);
    }
  }
}
