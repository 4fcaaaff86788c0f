package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * The status of the whole RayJob deployment: cluster, submission and clean-up ({@code status.jobDeploymentStatus}),
 * plus {@link #NEW} for a RayJob the operator has not seen yet. Which values end a RayJob is decided by {@code ray-
 * job-lifecycle}, not here. Values are serialized exactly as KubeRay writes them ({@link #value()}); {@link
 * #fromValue(String)} is lenient and maps a string it does not know to {@link #UNKNOWN} instead of failing. The enum
 * carries values only, no behaviour.
 */
public enum JobDeploymentStatus {
  /**
   * Not initialized yet (KubeRay's empty string; an omitted field means the same). Wire value {@code ""}.
   */
  NEW(""),
  /** Creating or waiting for the RayCluster. Wire value {@code "Initializing"}. */
  INITIALIZING("Initializing"),
  /** The job was submitted and is being watched. Wire value {@code "Running"}. */
  RUNNING("Running"),
  /** The job finished and the RayJob is done. Wire value {@code "Complete"}. */
  COMPLETE("Complete"),
  /** The RayJob failed. Wire value {@code "Failed"}. */
  FAILED("Failed"),
  /** The spec is invalid; the operator does not act on it. Wire value {@code "ValidationFailed"}. */
  VALIDATION_FAILED("ValidationFailed"),
  /** Deleting the RayCluster and submitter to become suspended. Wire value {@code "Suspending"}. */
  SUSPENDING("Suspending"),
  /** Suspended; nothing runs. Wire value {@code "Suspended"}. */
  SUSPENDED("Suspended"),
  /** Cleaning up before a retry with a new RayCluster. Wire value {@code "Retrying"}. */
  RETRYING("Retrying"),
  /** InteractiveMode: waiting for the user to provide the submission id. Wire value {@code "Waiting"}. */
  WAITING("Waiting"),
  /**
   * A value this version of the model does not know. It is a read-side fallback only: it has no wire value, so it
   * cannot be written; the owning object keeps the original string.
   */
  @JsonIgnore
  UNKNOWN(null);

  private final String value;

  JobDeploymentStatus(String value) {
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
  public static JobDeploymentStatus fromValue(String value) {
    if (value == null) {
      return null;
    }
    for (JobDeploymentStatus candidate : values()) {
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
  public static String toValue(JobDeploymentStatus constant) {
    if (constant == UNKNOWN) {
      throw new IllegalArgumentException(
          "JobDeploymentStatus.UNKNOWN has no wire value; set the raw string instead");
    }
    return constant == null ? null : constant.value;
  }
}
