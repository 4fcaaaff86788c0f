package dev.raykube.job.decide;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.job.JobStatusMapping;
import dev.raykube.job.TerminalStates;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJobInfo;
import dev.raykube.model.job.RayJobStatus;
import java.time.Instant;
import java.util.Optional;

/**
 * Running: follow the Ray job on the dashboard until it ends, and end the RayJob accordingly; fail it when a deadline
 * passes, the dashboard stays unreadable, or the submitter finishes without the job ending.
 */
final class RunningPhase {

  private RunningPhase() {
  }

  static void decide(DecisionDraft d) {
    RayJobStatus s = d.next;
    if (JobSpecs.suspend(d.spec)) {
      d.suspend();
      return;
    }
    Instant start = d.startTime();
    Optional<Instant> active = d.activeDeadline(start);
    if (d.passed(active)) {
      d.stopJobIfLive();
      d.fail(JobFailedReason.DEADLINE_EXCEEDED, "The RayJob did not finish within activeDeadlineSeconds="
          + d.spec.getActiveDeadlineSeconds());
      return;
    }
    d.requeueAt(active);

    String clusterProblem = null;
    ClusterObservation cluster = d.observed.cluster();
    if (cluster instanceof ClusterObservation.Present) {
      ClusterObservation.Present present = (ClusterObservation.Present) cluster;
      s.setRayClusterStatus(ModelCopies.copy(present.status(), RayClusterStatus.class));
      if (present.dashboardUrl() != null) {
        s.setDashboardURL(present.dashboardUrl());
      }
    } else {
      clusterProblem = "RayCluster " + s.getRayClusterName() + " was not found";
    }

    JobLookup lookup = d.observed.rayJob();
    String queryProblem = null;
    if (lookup instanceof JobLookup.Found) {
      s.setJobStatusCheckFailureStartTime(null);
      apply(d, ((JobLookup.Found) lookup).details());
    } else if (lookup instanceof JobLookup.NotFound) {
      s.setJobStatusCheckFailureStartTime(null);
    } else if (lookup instanceof JobLookup.QueryFailed) {
      queryProblem = ((JobLookup.QueryFailed) lookup).message();
      if (clusterProblem != null) {
        queryProblem = clusterProblem + "; " + queryProblem;
      }
    } else {
      queryProblem = clusterProblem;
    }
    if (queryProblem != null && statusCheckTimedOut(d, queryProblem)) {
      return;
    }

    JobStatus jobStatus = s.getJobStatus();
    boolean k8sJobMode = JobSpecs.mode(d.spec) == JobSubmissionMode.K8S_JOB_MODE;
    // K8sJobMode's submitter Job and SidecarMode's submitter container are followed alike (KubeRay #1919).
    boolean followsSubmitter = k8sJobMode || JobSpecs.mode(d.spec) == JobSubmissionMode.SIDECAR_MODE;
    SubmitterObservation submitter = d.observed.submitter();
    Instant jobAge = StatusTimes.parse(s.getRayJobInfo() == null ? null : s.getRayJobInfo().getStartTime())
        .orElse(start);
    if (TerminalStates.isTerminal(jobStatus)) {
      if (!followsSubmitter || !(submitter instanceof SubmitterObservation.Active)) {
        end(d, jobStatus, null);
        return;
      }
      // The submitter follows the logs to the end; give it time to finish (KubeRay #1919).
      Instant ended = endOfJob(d);
      Instant graceEnd = ended.plus(d.settings.terminalGracePeriod());
      if (!d.now.isBefore(graceEnd)) {
        end(d, jobStatus, JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED);
        return;
      }
      d.requeueAt(Optional.of(graceEnd));
      d.poll(jobAge);
      return;
    }

    JobSubmissionMode mode = JobSpecs.mode(d.spec);
    String submitterWhat = k8sJobMode ? "submitter Job " + JobSpecs.submitterName(d.job)
        : "submitter container " + SubmitterObservation.SIDECAR_CONTAINER + " of the head Pod";
    if (submitter instanceof SubmitterObservation.HeadPodMissing) {
      d.stopJobIfLive();
      d.fail(JobFailedReason.APP_FAILED, "Ray head pod not found.");
      return;
    }
    if (lookup instanceof JobLookup.NotFound && jobStatus != null && jobStatus != JobStatus.NEW) {
      // Seen on the dashboard before and gone now: the head lost it (restarted without GCS fault tolerance). Submitting
      // the same id again would run this attempt a second time on the new head.
      d.stopJobIfLive();
      d.fail(JobFailedReason.APP_FAILED, "Ray job " + s.getJobId() + " was " + s.getJobStatusValue()
          + " and is no longer on the dashboard: the head lost it (restarted without GCS fault tolerance?); it is not"
          + " submitted again");
      return;
    }
    if (followsSubmitter && submitter instanceof SubmitterObservation.Failed) {
      d.stopJobIfLive();
      d.fail(JobFailedReason.SUBMISSION_FAILED, "The " + submitterWhat + " failed: "
          + ((SubmitterObservation.Failed) submitter).message());
      return;
    }
    if (followsSubmitter && submitter instanceof SubmitterObservation.Complete) {
      if (queryProblem != null) {
        // The submitter saw the job end, or gave up; the status here is stale while the dashboard cannot be read.
        // Judge once it answers again (or when the status check times out), never from the last status seen.
        d.poll(jobAge);
        return;
      }
      if (lookup instanceof JobLookup.NotFound) {
        d.fail(JobFailedReason.APP_FAILED, "The " + submitterWhat + " finished but Ray job " + s.getJobId()
            + " does not exist on the dashboard");
        return;
      }
      Instant finished = ((SubmitterObservation.Complete) submitter).finishedAt();
      Instant graceEnd = finished.plus(d.settings.submitterGracePeriod());
      if (!d.now.isBefore(graceEnd)) {
        d.stopJobIfLive();
        String was = jobStatus == JobStatus.NEW ? "not submitted" : s.getJobStatusValue();
        s.setJobStatus(JobStatus.FAILED);
        d.fail(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED, "The "
            + submitterWhat + " finished at " + StatusTimes.format(finished) + " but Ray job "
            + s.getJobId() + " was still " + was + " " + d.settings.submitterGracePeriod().toSeconds()
            + " s later");
        return;
      }
      d.requeueAt(Optional.of(graceEnd));
    } else if (followsSubmitter && submitter instanceof SubmitterObservation.Restarting) {
      // KubeRay's SidecarSubmitterRestart: kubelet starts the submitter again, and its script follows the submission
      // it finds instead of submitting again. One that stays exited (a kubelet without container restart rules) ends
      // the RayJob after the same grace period as a finished one.
      SubmitterObservation.Restarting restarting = (SubmitterObservation.Restarting) submitter;
      Instant graceEnd = restarting.finishedAt().plus(d.settings.submitterGracePeriod());
      if (!d.now.isBefore(graceEnd)) {
        d.stopJobIfLive();
        d.fail(JobFailedReason.JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED, "The " + submitterWhat
            + " was not restarted " + d.settings.submitterGracePeriod().toSeconds() + " s after it exited: "
            + restarting.message());
        return;
      }
      d.requeueAt(Optional.of(graceEnd));
    } else if (k8sJobMode && submitter instanceof SubmitterObservation.Absent && s.getDashboardURL() != null) {
      d.act(InitializingPhase.createSubmitter(d));
    }

    if (lookup instanceof JobLookup.NotFound) {
      if (mode == JobSubmissionMode.HTTP_MODE && s.getDashboardURL() != null) {
        d.act(new RayJobAction.SubmitJob(s.getDashboardURL(), JobSubmitRequests.of(d.spec, s.getJobId())));
        s.setMessage("Submitting Ray job " + s.getJobId());
      } else if (followsSubmitter) {
        s.setMessage("Waiting for the " + submitterWhat + " to submit Ray job " + s.getJobId());
      } else {
        s.setMessage("Waiting for Ray job " + s.getJobId() + " to appear on the dashboard");
      }
    }
    d.poll(jobAge);
  }

  /** Records a failed status check; fails the RayJob when the failures have lasted too long. */
  static boolean statusCheckTimedOut(DecisionDraft d, String problem) {
    RayJobStatus s = d.next;
    Instant since = StatusTimes.parse(s.getJobStatusCheckFailureStartTime()).orElse(null);
    if (since == null) {
      s.setJobStatusCheckFailureStartTime(StatusTimes.format(d.now));
      since = StatusTimes.parse(s.getJobStatusCheckFailureStartTime()).orElseThrow();
    }
    Instant timeout = since.plus(d.settings.statusCheckTimeout());
    if (!d.now.isBefore(timeout)) {
      d.stopJobIfLive();
      d.fail(JobFailedReason.JOB_STATUS_CHECK_TIMEOUT_EXCEEDED, "The status of Ray job " + s.getJobId()
          + " could not be read since " + StatusTimes.format(since) + " (" + d.settings.statusCheckTimeout().toSeconds()
          + " s allowed): " + problem);
      return true;
    }
    s.setMessage("Cannot read the status of Ray job " + s.getJobId() + " (since " + StatusTimes.format(since)
        + "): " + problem);
    d.requeueAt(Optional.of(timeout));
    return false;
  }

  /** {@code status.rayJobInfo.endTime}; set to now when missing, so the grace period has a fixed start. */
  private static Instant endOfJob(DecisionDraft d) {
    RayJobInfo info = d.next.getRayJobInfo() == null ? new RayJobInfo() : d.next.getRayJobInfo();
    Optional<Instant> ended = StatusTimes.parse(info.getEndTime());
    if (ended.isPresent()) {
      return ended.get();
    }
    info.setEndTime(StatusTimes.format(d.now));
    d.next.setRayJobInfo(info);
    return StatusTimes.parse(info.getEndTime()).orElseThrow();
  }

  /** Copies what the dashboard reported into the status. */
  private static void apply(DecisionDraft d, JobDetails details) {
    RayJobStatus s = d.next;
    if (details.status() == dev.raykube.dashboard.JobStatus.UNKNOWN) {
      if (details.rawStatus() != null && !details.rawStatus().isBlank()) {
        s.setJobStatusValue(details.rawStatus());
      }
    } else {
      s.setJobStatus(JobStatusMapping.toModel(details.status()));
    }
    if (details.message() != null) {
      s.setMessage(details.message());
    }
    RayJobInfo info = s.getRayJobInfo() == null ? new RayJobInfo() : s.getRayJobInfo();
    if (details.startTime() != null) {
      info.setStartTime(StatusTimes.format(details.startTime()));
    }
    if (details.endTime() != null) {
      info.setEndTime(StatusTimes.format(details.endTime()));
    } else if (TerminalStates.isTerminal(details.status()) && info.getEndTime() == null) {
      info.setEndTime(StatusTimes.format(d.now)); // first seen ended: the grace period counts from here
    }
    if (info.getStartTime() != null || info.getEndTime() != null) {
      s.setRayJobInfo(info);
    }
  }

  /** Ends the RayJob by the Ray job's terminal status: FAILED fails it, STOPPED and SUCCEEDED complete it. */
  private static void end(DecisionDraft d, JobStatus jobStatus, JobFailedReason reason) {
    RayJobStatus s = d.next;
    if (jobStatus == JobStatus.FAILED) {
      d.fail(reason != null ? reason : JobFailedReason.APP_FAILED,
          s.getMessage() != null ? s.getMessage() : "Ray job " + s.getJobId() + " failed");
    } else {
      d.complete(reason);
      if (s.getMessage() == null) {
        s.setMessage("Ray job " + s.getJobId() + " ended " + s.getJobStatusValue());
      }
    }
  }
}
