package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.common.ObservedStatus;
import java.util.Objects;

/** Observed state of a RayJob. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"jobId", "rayClusterName", "dashboardURL", "jobStatus", "jobDeploymentStatus", "reason",
    "message", "startTime", "endTime", "rayJobInfo", "succeeded", "failed", "rayClusterStatus",
    "jobStatusCheckFailureStartTime", "observedGeneration"})
public class RayJobStatus extends ObservedStatus {

  @JsonProperty("jobId")
  @JsonPropertyDescription("Submission id of the Ray job.")
  private String jobId;

  @JsonProperty("rayClusterName")
  @JsonPropertyDescription("Name of the RayCluster running the job.")
  private String rayClusterName;

  @JsonProperty("dashboardURL")
  @JsonPropertyDescription("Address of the Ray dashboard of that cluster (host:port).")
  private String dashboardURL;

  @JsonProperty("jobStatus")
  @JsonPropertyDescription("Status of the Ray job: PENDING, RUNNING, STOPPED, SUCCEEDED or FAILED; empty when not "
      + "submitted yet.")
  private String jobStatus;

  @JsonProperty("jobDeploymentStatus")
  @JsonPropertyDescription("Status of the RayJob deployment: Initializing, Running, Complete, Failed, "
      + "ValidationFailed, Suspending, Suspended, Retrying or Waiting; empty when new.")
  private String jobDeploymentStatus;

  @JsonProperty("reason")
  @JsonPropertyDescription("Why the RayJob failed.")
  private String reason;

  @JsonProperty("message")
  @JsonPropertyDescription("Human-readable details of the status.")
  private String message;

  @JsonProperty("startTime")
  @JsonPropertyDescription("When the RayJob started initializing (RFC 3339).")
  private String startTime;

  @JsonProperty("endTime")
  @JsonPropertyDescription("When the RayJob reached Complete or Failed (RFC 3339).")
  private String endTime;

  @JsonProperty("rayJobInfo")
  @JsonPropertyDescription("Times of the Ray job as reported by the dashboard.")
  private RayJobInfo rayJobInfo;

  @JsonProperty("succeeded")
  @JsonPropertyDescription("How many times the job succeeded.")
  private Integer succeeded;

  @JsonProperty("failed")
  @JsonPropertyDescription("How many times the job failed.")
  private Integer failed;

  @JsonProperty("rayClusterStatus")
  @JsonPropertyDescription("Copy of the status of the RayCluster running the job.")
  private RayClusterStatus rayClusterStatus;

  @JsonProperty("jobStatusCheckFailureStartTime")
  @JsonPropertyDescription("When querying the job status started failing (RFC 3339).")
  private String jobStatusCheckFailureStartTime;

  /** Creates an empty {@code RayJobStatus}; every field starts unset. */
  public RayJobStatus() {
  }

  /** Returns {@code jobId}, or {@code null} when unset. Submission id of the Ray job. */
  public String getJobId() {
    return jobId;
  }

  public void setJobId(String jobId) {
    this.jobId = jobId;
  }

  /**
   * Returns {@code rayClusterName}, or {@code null} when unset. Name of the RayCluster running the job.
   */
  public String getRayClusterName() {
    return rayClusterName;
  }

  public void setRayClusterName(String rayClusterName) {
    this.rayClusterName = rayClusterName;
  }

  /**
   * Returns {@code dashboardURL}, or {@code null} when unset. Address of the Ray dashboard of that cluster
   * (host:port).
   */
  public String getDashboardURL() {
    return dashboardURL;
  }

  public void setDashboardURL(String dashboardURL) {
    this.dashboardURL = dashboardURL;
  }

  /**
   * Returns {@code jobStatus} decoded as {@link JobStatus}: {@link JobStatus#NEW} when unset (KubeRay omits the empty
   * string), {@link JobStatus#UNKNOWN} for a value this model does not know (the written string stays available from
   * {@link #getJobStatusValue()}). Status of the Ray job: PENDING, RUNNING, STOPPED, SUCCEEDED or FAILED; empty when
   * not submitted yet.
   */
  public JobStatus getJobStatus() {
    return jobStatus == null ? JobStatus.NEW : JobStatus.fromValue(jobStatus);
  }

  /**
   * Sets {@code jobStatus}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link JobStatus#UNKNOWN}, which has no wire value
   */
  public void setJobStatus(JobStatus jobStatus) {
    this.jobStatus = JobStatus.toValue(jobStatus);
  }

  /** Returns {@code jobStatus} exactly as written, or {@code null} when unset. */
  public String getJobStatusValue() {
    return jobStatus;
  }

  /** Sets {@code jobStatus} to a raw string, known to {@link JobStatus} or not. */
  public void setJobStatusValue(String jobStatus) {
    this.jobStatus = jobStatus;
  }

  /**
   * Returns {@code jobDeploymentStatus} decoded as {@link JobDeploymentStatus}: {@link JobDeploymentStatus#NEW} when
   * unset (KubeRay omits the empty string), {@link JobDeploymentStatus#UNKNOWN} for a value this model does not know
   * (the written string stays available from {@link #getJobDeploymentStatusValue()}). Status of the RayJob deployment:
   * Initializing, Running, Complete, Failed, ValidationFailed, Suspending, Suspended, Retrying or Waiting; empty when
   * new.
   */
  public JobDeploymentStatus getJobDeploymentStatus() {
    return jobDeploymentStatus == null ? JobDeploymentStatus.NEW : JobDeploymentStatus.fromValue(jobDeploymentStatus);
  }

  /**
   * Sets {@code jobDeploymentStatus}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link JobDeploymentStatus#UNKNOWN}, which has no wire value
   */
  public void setJobDeploymentStatus(JobDeploymentStatus jobDeploymentStatus) {
    this.jobDeploymentStatus = JobDeploymentStatus.toValue(jobDeploymentStatus);
  }

  /** Returns {@code jobDeploymentStatus} exactly as written, or {@code null} when unset. */
  public String getJobDeploymentStatusValue() {
    return jobDeploymentStatus;
  }

  /** Sets {@code jobDeploymentStatus} to a raw string, known to {@link JobDeploymentStatus} or not. */
  public void setJobDeploymentStatusValue(String jobDeploymentStatus) {
    this.jobDeploymentStatus = jobDeploymentStatus;
  }

  /**
   * Returns {@code reason} decoded as {@link JobFailedReason}: {@code null} when unset, {@link
   * JobFailedReason#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getReasonValue()}). Why the RayJob failed.
   */
  public JobFailedReason getReason() {
    return JobFailedReason.fromValue(reason);
  }

  /**
   * Sets {@code reason}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link JobFailedReason#UNKNOWN}, which has no wire value
   */
  public void setReason(JobFailedReason reason) {
    this.reason = JobFailedReason.toValue(reason);
  }

  /** Returns {@code reason} exactly as written, or {@code null} when unset. */
  public String getReasonValue() {
    return reason;
  }

  /** Sets {@code reason} to a raw string, known to {@link JobFailedReason} or not. */
  public void setReasonValue(String reason) {
    this.reason = reason;
  }

  /** Returns {@code message}, or {@code null} when unset. Human-readable details of the status. */
  public String getMessage() {
    return message;
  }

  public void setMessage(String message) {
    this.message = message;
  }

  /**
   * Returns {@code startTime}, or {@code null} when unset. When the RayJob started initializing (RFC 3339).
   */
  public String getStartTime() {
    return startTime;
  }

  public void setStartTime(String startTime) {
    this.startTime = startTime;
  }

  /**
   * Returns {@code endTime}, or {@code null} when unset. When the RayJob reached Complete or Failed (RFC 3339).
   */
  public String getEndTime() {
    return endTime;
  }

  public void setEndTime(String endTime) {
    this.endTime = endTime;
  }

  /**
   * Returns {@code rayJobInfo}, or {@code null} when unset. Times of the Ray job as reported by the dashboard.
   */
  public RayJobInfo getRayJobInfo() {
    return rayJobInfo;
  }

  public void setRayJobInfo(RayJobInfo rayJobInfo) {
    this.rayJobInfo = rayJobInfo;
  }

  /** Returns {@code succeeded}, or {@code null} when unset. How many times the job succeeded. */
  public Integer getSucceeded() {
    return succeeded;
  }

  public void setSucceeded(Integer succeeded) {
    this.succeeded = succeeded;
  }

  /** Returns {@code failed}, or {@code null} when unset. How many times the job failed. */
  public Integer getFailed() {
    return failed;
  }

  public void setFailed(Integer failed) {
    this.failed = failed;
  }

  /**
   * Returns {@code rayClusterStatus}, or {@code null} when unset. Copy of the status of the RayCluster running the
   * job.
   */
  public RayClusterStatus getRayClusterStatus() {
    return rayClusterStatus;
  }

  public void setRayClusterStatus(RayClusterStatus rayClusterStatus) {
    this.rayClusterStatus = rayClusterStatus;
  }

  /**
   * Returns {@code jobStatusCheckFailureStartTime}, or {@code null} when unset. When querying the job status started
   * failing (RFC 3339).
   */
  public String getJobStatusCheckFailureStartTime() {
    return jobStatusCheckFailureStartTime;
  }

  public void setJobStatusCheckFailureStartTime(String jobStatusCheckFailureStartTime) {
    this.jobStatusCheckFailureStartTime = jobStatusCheckFailureStartTime;
  }

  @Override
  public boolean equals(Object o) {
    if (!super.equals(o)) {
      return false;
    }
    RayJobStatus that = (RayJobStatus) o;
    return Objects.equals(jobId, that.jobId) && Objects.equals(rayClusterName, that.rayClusterName)
        && Objects.equals(dashboardURL, that.dashboardURL) && Objects.equals(jobStatus, that.jobStatus)
        && Objects.equals(jobDeploymentStatus, that.jobDeploymentStatus) && Objects.equals(reason, that.reason)
        && Objects.equals(message, that.message) && Objects.equals(startTime, that.startTime)
        && Objects.equals(endTime, that.endTime) && Objects.equals(rayJobInfo, that.rayJobInfo)
        && Objects.equals(succeeded, that.succeeded) && Objects.equals(failed, that.failed)
        && Objects.equals(rayClusterStatus, that.rayClusterStatus)
        && Objects.equals(jobStatusCheckFailureStartTime, that.jobStatusCheckFailureStartTime);
  }

  @Override
  public int hashCode() {
    return Objects.hash(jobId, rayClusterName, dashboardURL, jobStatus, jobDeploymentStatus, reason, message,
        startTime, endTime, rayJobInfo, succeeded, failed, rayClusterStatus,
        jobStatusCheckFailureStartTime, getObservedGeneration(), getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayJobStatus{" + "jobId=" + jobId + ", rayClusterName=" + rayClusterName
        + ", dashboardURL=" + dashboardURL + ", jobStatus=" + jobStatus
        + ", jobDeploymentStatus=" + jobDeploymentStatus + ", reason=" + reason + ", message=" + message
        + ", startTime=" + startTime + ", endTime=" + endTime + ", rayJobInfo=" + rayJobInfo
        + ", succeeded=" + succeeded + ", failed=" + failed + ", rayClusterStatus=" + rayClusterStatus
        + ", jobStatusCheckFailureStartTime=" + jobStatusCheckFailureStartTime
        + ", observedGeneration=" + getObservedGeneration() + ", additionalProperties=" + getAdditionalProperties()
        + '}';
  }
}
