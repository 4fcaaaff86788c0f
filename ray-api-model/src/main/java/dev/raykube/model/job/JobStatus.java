package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The status of the Ray job itself as reported by the Ray dashboard ({@code status.jobStatus}), plus {@link #NEW} for
 * a job that was not submitted yet. Which values end a job is decided by {@code ray-job-lifecycle}, not here. Values
 * are serialized exactly as KubeRay writes them ({@link #value()}); {@link #fromValue(String)} is lenient and maps a
 * string it does not know to {@link #UNKNOWN} instead of failing. The enum carries values only, no behaviour.
 */
public enum JobStatus {
  /**
   * Not submitted yet (KubeRay's empty string; an omitted field means the same). Wire value {@code ""}.
   */
  NEW(""),
  /** Submitted, waiting to start. Wire value {@code "PENDING"}. */
  PENDING("PENDING"),
  /** Running. Wire value {@code "RUNNING"}. */
  RUNNING("RUNNING"),
  /** Stopped by a user or the operator. Wire value {@code "STOPPED"}. */
  STOPPED("STOPPED"),
  /** Finished successfully. Wire value {@code "SUCCEEDED"}. */
  SUCCEEDED("SUCCEEDED"),
  /** Finished with an error. Wire value {@code "FAILED"}. */
  FAILED("FAILED"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  JobStatus(String value) {
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
  public static JobStatus fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (JobStatus candidate : values()) {
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
  public static String toValue(JobStatus constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "JobStatus.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
