package dev.raykube.job.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.reconcile.EventType;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One thing the caller should do for a RayJob, in the order of {@link Decision#actions()}. Creations are idempotent
 * from the state machine's point of view: a caller that meets "already exists" treats the action as done, and one that
 * meets "not found" on a deletion likewise. The caller sets the RayJob as controller owner of everything it creates.
 * Except for {@link RequeueAfter}, a failed action is the caller's to report (Event, log) and to retry by reconciling
 * again; a {@link SubmitJob} that fails is observed as a {@link SubmissionFailure} and decided on again.
 */
public sealed interface RayJobAction {

  /**
   * Create the RayJob's own RayCluster.
   *
   * @param name the RayCluster's name ({@code status.rayClusterName})
   * @param spec a copy of {@code spec.rayClusterSpec}, the caller's to use
   * @param labels the labels to put on the RayCluster: the RayJob's own labels plus
   *     {@link RayClusterLabels#ORIGINATED_FROM_CR_NAME}, {@link RayClusterLabels#ORIGINATED_FROM_CRD} and
   *     {@link RayClusterLabels#JOB_SUBMISSION_MODE}
   * @param restartingSubmitter SidecarMode: give the submitter container {@code restartPolicy: OnFailure}
   *     ({@link RayJobSettings#sidecarSubmitterRestart()})
   */
  record CreateCluster(String name, RayClusterSpec spec, Map<String, String> labels, boolean restartingSubmitter)
      implements RayJobAction {
    /** Checks and copies. */
    public CreateCluster {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(spec, "spec");
      labels = copy(labels);
    }
  }

  /**
   * Create the K8sJobMode submitter: a batch Job named {@code name} that waits for the dashboard and runs
   * {@code ray job submit --no-wait --submission-id <submissionId>} (idempotent through {@code ray job status} first),
   * then follows the logs. Its Pod template is {@code spec.submitterPodTemplate} or the default one.
   *
   * @param name the batch Job's name (the RayJob's name)
   * @param submissionId the submission id to submit under ({@code status.jobId})
   * @param dashboardUrl the dashboard to submit to ({@code status.dashboardURL})
   * @param backoffLimit the batch Job's {@code backoffLimit} ({@code spec.submitterConfig.backoffLimit}, default 2)
   * @param labels the labels to put on the Job
   */
  record CreateSubmitter(String name, String submissionId, String dashboardUrl, int backoffLimit,
      Map<String, String> labels) implements RayJobAction {
    /** Checks and copies. */
    public CreateSubmitter {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(submissionId, "submissionId");
      Objects.requireNonNull(dashboardUrl, "dashboardUrl");
      labels = copy(labels);
    }
  }

  /**
   * HTTPMode: submit the Ray job through the dashboard. A "submission id already exists" answer means it was
   * submitted before (for example by an operator that then restarted) and counts as done; any other failure is
   * observed as a {@link SubmissionFailure} for the next decision.
   *
   * @param dashboardUrl the dashboard ({@code status.dashboardURL})
   * @param request the request, carrying the submission id {@code status.jobId}
   */
  record SubmitJob(String dashboardUrl, JobSubmitRequest request) implements RayJobAction {
    /** Checks both values are given. */
    public SubmitJob {
      Objects.requireNonNull(dashboardUrl, "dashboardUrl");
      Objects.requireNonNull(request, "request");
    }
  }

  /**
   * Ask the dashboard to stop the Ray job (best effort: a failure does not change the decision).
   *
   * @param dashboardUrl the dashboard ({@code status.dashboardURL})
   * @param submissionId the Ray job ({@code status.jobId})
   */
  record StopJob(String dashboardUrl, String submissionId) implements RayJobAction {
    /** Checks both values are given. */
    public StopJob {
      Objects.requireNonNull(dashboardUrl, "dashboardUrl");
      Objects.requireNonNull(submissionId, "submissionId");
    }
  }

  /**
   * Delete the RayJob's own RayCluster (background propagation). Never asked for a selected RayCluster.
   *
   * @param name the RayCluster's name
   */
  record DeleteCluster(String name) implements RayJobAction {
    /** Checks the name is given. */
    public DeleteCluster {
      Objects.requireNonNull(name, "name");
    }
  }

  /**
   * Delete the workers of the RayJob's own RayCluster and keep its head: set {@code suspend: true} on every worker
   * group ({@code DeleteWorkers} deletion policy). Never asked for a selected RayCluster.
   *
   * @param clusterName the RayCluster's name
   */
  record SuspendWorkers(String clusterName) implements RayJobAction {
    /** Checks the name is given. */
    public SuspendWorkers {
      Objects.requireNonNull(clusterName, "clusterName");
    }
  }

  /**
   * Delete the K8sJobMode submitter Job (background propagation, so its Pods go too).
   *
   * @param name the batch Job's name
   */
  record DeleteSubmitter(String name) implements RayJobAction {
    /** Checks the name is given. */
    public DeleteSubmitter {
      Objects.requireNonNull(name, "name");
    }
  }

  /** Delete the RayJob itself; owner references take its RayCluster and submitter with it. */
  record DeleteSelf() implements RayJobAction {
  }

  /**
   * Record a Kubernetes Event on the RayJob.
   *
   * @param type Normal or Warning
   * @param reason the reason
   * @param message the text for people
   */
  record EmitEvent(EventType type, RayJobEventReason reason, String message) implements RayJobAction {
    /** Checks all values are given. */
    public EmitEvent {
      Objects.requireNonNull(type, "type");
      Objects.requireNonNull(reason, "reason");
      Objects.requireNonNull(message, "message");
    }
  }

  /**
   * Decide about this RayJob again after {@code delay} (zero: as soon as possible, after writing the status), even if
   * nothing it watches changes. A decision without this action needs no timer: only a change of the RayJob or of
   * something it watches calls for a new decision.
   *
   * @param delay not negative
   */
  record RequeueAfter(Duration delay) implements RayJobAction {
    /** Checks the delay. */
    public RequeueAfter {
      Objects.requireNonNull(delay, "delay");
      if (delay.isNegative()) {
        throw new IllegalArgumentException("delay must not be negative: " + delay);
      }
    }
  }

  private static Map<String, String> copy(Map<String, String> labels) {
    return labels == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(labels));
  }
}
