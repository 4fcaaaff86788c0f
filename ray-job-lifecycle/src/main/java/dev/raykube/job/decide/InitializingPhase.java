package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Initializing: get the RayCluster (create it, or find the selected one), wait until it is ready and its dashboard
 * address is known, then start the job: K8sJobMode creates the submitter, HTTPMode submits in the same decision
 * (with the move to Running), InteractiveMode waits for {@code spec.jobId}. Also Waiting, InteractiveMode's wait for the submission id.
 */
final class InitializingPhase {

  private InitializingPhase() {
  }

  static void decide(DecisionDraft d) {
    RayJobStatus s = d.next;
    if (JobSpecs.suspend(d.spec)) {
      d.suspend();
      return;
    }
    Instant start = d.startTime();
    Optional<Instant> active = d.activeDeadline(start);
    Optional<Instant> preRunning = d.preRunningDeadline(start);
    if (d.passed(active)) {
      d.fail(JobFailedReason.DEADLINE_EXCEEDED, "The RayJob did not finish within activeDeadlineSeconds="
          + d.spec.getActiveDeadlineSeconds() + " (it was still Initializing)");
      return;
    }
    if (d.passed(preRunning)) {
      d.fail(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED, "The RayJob did not reach Running within "
          + "preRunningDeadlineSeconds=" + d.spec.getPreRunningDeadlineSeconds());
      return;
    }
    d.requeueAt(active);
    d.requeueAt(preRunning);
    String clusterName = s.getRayClusterName();
    String selected = JobSpecs.selectedCluster(d.spec);
    boolean needsJobId = JobSpecs.mode(d.spec) != JobSubmissionMode.INTERACTIVE_MODE && s.getJobId() == null;
    if (clusterName == null || needsJobId) {
      // A status written by someone else: fill in the names first, create nothing before they are stored.
      if (clusterName == null) {
        s.setRayClusterName(selected != null ? selected : d.generatedName());
      }
      if (needsJobId) {
        String specJobId = JobSpecs.specJobId(d.spec);
        s.setJobId(specJobId != null ? specJobId : d.generatedName());
      }
      d.requeueAfter(Duration.ZERO);
      return;
    }
    ClusterObservation cluster = d.observed.cluster();
    if (!(cluster instanceof ClusterObservation.Present)) {
      if (selected != null) {
        String message = "RayCluster " + clusterName + " named by spec.clusterSelector was not found";
        if (!message.equals(s.getMessage())) {
          d.event(EventType.WARNING, RayJobEventReason.CLUSTER_NOT_FOUND, message);
        }
        s.setMessage(message);
      } else {
        Map<String, String> labels = d.originLabels(d.job.getMetadata().getLabels());
        labels.put(RayClusterLabels.JOB_SUBMISSION_MODE, JobSpecs.mode(d.spec).value());
        d.act(new RayJobAction.CreateCluster(clusterName,
            ModelCopies.copy(d.spec.getRayClusterSpec(), RayClusterSpec.class), labels,
            d.settings.sidecarSubmitterRestart()));
        s.setMessage("Creating RayCluster " + clusterName);
      }
      d.poll(start);
      return;
    }
    ClusterObservation.Present present = (ClusterObservation.Present) cluster;
    if (selected == null && !d.createdForThisJob(present.cluster())) {
      String replacement = d.generatedName();
      d.event(EventType.WARNING, RayJobEventReason.CLUSTER_NOT_OWNED, "RayCluster " + clusterName
          + " exists but was not created for this RayJob; using the name " + replacement + " instead");
      s.setRayClusterName(replacement);
      d.requeueAfter(Duration.ZERO);
      return;
    }
    s.setRayClusterStatus(ModelCopies.copy(present.status(), RayClusterStatus.class));
    if (present.terminating()) {
      s.setMessage("RayCluster " + clusterName + " is being deleted; waiting until it is gone");
      d.poll(start);
      return;
    }
    if (!present.ready()) {
      s.setMessage("Waiting for RayCluster " + clusterName + " to be ready");
      d.poll(start);
      return;
    }
    if (present.dashboardUrl() == null) {
      s.setMessage("Waiting for the dashboard address of RayCluster " + clusterName);
      d.poll(start);
      return;
    }
    s.setDashboardURL(present.dashboardUrl());
    JobSubmissionMode mode = JobSpecs.mode(d.spec);
    if (mode == JobSubmissionMode.INTERACTIVE_MODE) {
      d.moveTo(JobDeploymentStatus.WAITING);
      s.setMessage("RayCluster " + clusterName + " is ready: submit the Ray job to " + present.dashboardUrl()
          + " and put its submission id in spec.jobId");
      return;
    }
    if (mode == JobSubmissionMode.K8S_JOB_MODE && !(d.observed.submitter() instanceof SubmitterObservation.Absent)) {
      s.setMessage("RayCluster " + clusterName + " is ready; the submitter Job already exists");
    } else if (mode == JobSubmissionMode.K8S_JOB_MODE) {
      d.act(createSubmitter(d));
      s.setMessage("RayCluster " + clusterName + " is ready; submitting Ray job " + s.getJobId()
          + " through the submitter Job");
    } else if (mode == JobSubmissionMode.SIDECAR_MODE) {
      s.setMessage("RayCluster " + clusterName + " is ready; its head Pod's " + SubmitterObservation.SIDECAR_CONTAINER
          + " container submits Ray job " + s.getJobId());
    } else {
      // HTTPMode: submit now, not on the next decision (a status-only write reconciles nothing sooner than the
      // poll). A submission made before (operator restart) is answered as a duplicate and counts as submitted.
      d.act(new RayJobAction.SubmitJob(present.dashboardUrl(), JobSubmitRequests.of(d.spec, s.getJobId())));
      s.setMessage("RayCluster " + clusterName + " is ready; submitting Ray job " + s.getJobId());
    }
    d.moveTo(JobDeploymentStatus.RUNNING);
    d.requeueAfter(d.settings.poll().min());
  }

  /** Waiting (InteractiveMode): until {@code spec.jobId} names the job the user submitted. */
  static void decideWaiting(DecisionDraft d) {
    RayJobStatus s = d.next;
    Optional<Instant> preRunning = d.preRunningDeadline(d.startTime());
    if (d.passed(preRunning)) {
      d.fail(JobFailedReason.PRE_RUNNING_DEADLINE_EXCEEDED, "No submission id was put in spec.jobId within "
          + "preRunningDeadlineSeconds=" + d.spec.getPreRunningDeadlineSeconds());
      return;
    }
    String jobId = JobSpecs.specJobId(d.spec);
    if (jobId == null) {
      d.requeueAt(preRunning);
      return;
    }
    s.setJobId(jobId);
    s.setMessage("Following Ray job " + jobId + " submitted by the user");
    d.moveTo(JobDeploymentStatus.RUNNING);
    d.requeueAfter(d.settings.poll().min());
  }

  static RayJobAction.CreateSubmitter createSubmitter(DecisionDraft d) {
    RayJobStatus s = d.next;
    return new RayJobAction.CreateSubmitter(JobSpecs.submitterName(d.job), Objects.requireNonNull(s.getJobId()),
        Objects.requireNonNull(s.getDashboardURL()), JobSpecs.submitterBackoffLimit(d.spec), d.originLabels(null));
  }
}
