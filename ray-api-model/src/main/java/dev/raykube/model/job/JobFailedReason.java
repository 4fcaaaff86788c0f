package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Why a RayJob failed ({@code status.reason}). Values are serialized exactly as KubeRay writes them ({@link
 * #value()}); {@link #fromValue(String)} is lenient and maps a string it does not know to {@link #UNKNOWN} instead of
 * failing. The enum carries values only, no behaviour.
 */
public enum JobFailedReason {
  /** The job could not be submitted. Wire value {@code "SubmissionFailed"}. */
  SUBMISSION_FAILED("SubmissionFailed"),
  /** activeDeadlineSeconds passed. Wire value {@code "DeadlineExceeded"}. */
  DEADLINE_EXCEEDED("DeadlineExceeded"),
  /**
   * preRunningDeadlineSeconds passed before the job was running. Wire value {@code "PreRunningDeadlineExceeded"}.
   */
  PRE_RUNNING_DEADLINE_EXCEEDED("PreRunningDeadlineExceeded"),
  /** The Ray job (the application) failed. Wire value {@code "AppFailed"}. */
  APP_FAILED("AppFailed"),
  /**
   * The Ray job or submitter finished but the deployment did not follow within the grace period. Wire value {@code
   * "JobDeploymentStatusTransitionGracePeriodExceeded"}.
   */
  JOB_DEPLOYMENT_STATUS_TRANSITION_GRACE_PERIOD_EXCEEDED("JobDeploymentStatusTransitionGracePeriodExceeded"),
  /**
   * The dashboard could not be queried for longer than the allowed time. Wire value {@code
   * "JobStatusCheckTimeoutExceeded"}.
   */
  JOB_STATUS_CHECK_TIMEOUT_EXCEEDED("JobStatusCheckTimeoutExceeded"),
  /** The spec is invalid. Wire value {@code "ValidationFailed"}. */
  VALIDATION_FAILED("ValidationFailed"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  JobFailedReason(String value) {
    this.value = value;
  }

  /** Returns the exact string KubeRay uses for this value, or {@code null} for {@link #UNKNOWN}. */
  @JsonValue
  public String value() {
    return value;
  }

  /**
   * Decodes a wire value leniently: the matching constant, {@code null} for {@code null}, and {@link #UNKNOWN} for any
   * other string. Never throws.
   */
  @JsonCreator
  public static JobFailedReason fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (JobFailedReason candidate : values()) {
      if (candidate != UNKNOWN && candidate.value.equals(value)) {
        return candidate;
      }
    }
    return UNKNOWN;
  }

  /**
   * Encodes a constant for writing: its wire value, or {@code null} for {@code null}.
   * @throws IllegalArgumentException for {@link #UNKNOWN}, which has no wire value
   */
  public static String toValue(JobFailedReason constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "JobFailedReason.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
