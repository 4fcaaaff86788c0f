package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * How the Ray job is submitted to the cluster ({@code spec.submissionMode}); unset means {@link #K8S_JOB_MODE}. Values
 * are serialized exactly as KubeRay writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a
 * string it does not know to {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum JobSubmissionMode {
  /** A Kubernetes Job runs {@code ray job submit}. Wire value {@code "K8sJobMode"}. */
  K8S_JOB_MODE("K8sJobMode"),
  /** The operator submits the job over the dashboard HTTP API. Wire value {@code "HTTPMode"}. */
  HTTP_MODE("HTTPMode"),
  /** A submitter container in the head Pod submits the job. Wire value {@code "SidecarMode"}. */
  SIDECAR_MODE("SidecarMode"),
  /**
   * Nothing is submitted; the user submits and then sets {@code spec.jobId}. Wire value {@code "InteractiveMode"}.
   */
  INTERACTIVE_MODE("InteractiveMode"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  JobSubmissionMode(String value) {
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
  public static JobSubmissionMode fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (JobSubmissionMode candidate : values()) {
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
  public static String toValue(JobSubmissionMode constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "JobSubmissionMode.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
