package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** When a deletion rule fires: exactly one of jobStatus and jobDeploymentStatus, plus a delay. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"jobStatus", "jobDeploymentStatus", "ttlSeconds"})
@ValidationRule(value = "has(self.jobStatus) != has(self.jobDeploymentStatus)",
    message = "a deletion condition needs exactly one of jobStatus and jobDeploymentStatus")
public class DeletionCondition extends ExtensibleObject {

  @JsonProperty("jobStatus")
  @JsonPropertyDescription("Fire when the Ray job ended with this status: SUCCEEDED or FAILED.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['SUCCEEDED', 'FAILED']",
      message = "condition.jobStatus must be one of: SUCCEEDED, FAILED")
  private String jobStatus;

  @JsonProperty("jobDeploymentStatus")
  @JsonPropertyDescription("Fire when the RayJob ended with this deployment status: Failed.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['Failed']",
      message = "condition.jobDeploymentStatus must be one of: Failed")
  private String jobDeploymentStatus;

  @JsonProperty("ttlSeconds")
  @JsonPropertyDescription("Seconds after the end of the job before the rule fires. Default 0.")
  @Default("0")
  @ValidationRule(value = "self >= 0", message = "condition.ttlSeconds must not be negative")
  private Integer ttlSeconds;

  /** Creates an empty {@code DeletionCondition}; every field starts unset. */
  public DeletionCondition() {
  }

  /**
   * Returns {@code jobStatus} decoded as {@link JobStatus}: {@code null} when unset, {@link JobStatus#UNKNOWN} for a
   * value this model does not know (the written string stays available from {@link #getJobStatusValue()}). Fire when
   * the Ray job ended with this status: SUCCEEDED or FAILED.
   */
  public JobStatus getJobStatus() {
    return JobStatus.fromValue(jobStatus);
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
   * Returns {@code jobDeploymentStatus} decoded as {@link JobDeploymentStatus}: {@code null} when unset, {@link
   * JobDeploymentStatus#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getJobDeploymentStatusValue()}). Fire when the RayJob ended with this deployment status: Failed.
   */
  public JobDeploymentStatus getJobDeploymentStatus() {
    return JobDeploymentStatus.fromValue(jobDeploymentStatus);
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
   * Returns {@code ttlSeconds}, or {@code null} when unset. Seconds after the end of the job before the rule fires.
   */
  public Integer getTtlSeconds() {
    return ttlSeconds;
  }

  public void setTtlSeconds(Integer ttlSeconds) {
    this.ttlSeconds = ttlSeconds;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    DeletionCondition that = (DeletionCondition) o;
    return Objects.equals(jobStatus, that.jobStatus)
        && Objects.equals(jobDeploymentStatus, that.jobDeploymentStatus)
        && Objects.equals(ttlSeconds, that.ttlSeconds)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(jobStatus, jobDeploymentStatus, ttlSeconds, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "DeletionCondition{" + "jobStatus=" + jobStatus + ", jobDeploymentStatus=" + jobDeploymentStatus
        + ", ttlSeconds=" + ttlSeconds + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
