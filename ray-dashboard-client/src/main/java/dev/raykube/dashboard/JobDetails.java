package dev.raykube.dashboard;

import java.time.Instant;
import java.util.Map;

/**
 * A job as the dashboard reports it ({@code GET /api/jobs/{id}} and the elements of the list). Read leniently: every
 * field except {@code type} and {@code status} (which fall back to UNKNOWN) may be null, because versions differ (Ray
 * 1.x sends no {@code type}, ids or driver info; {@code driver_exit_code} exists since about 2.8). Unknown fields are
 * ignored; numbers may come as integers or floats.
 *
 * @param type SUBMISSION or DRIVER; {@link JobType#UNKNOWN} when absent (Ray 1.x) or unknown
 * @param jobId the Ray core job id (8 hex digits), or null: for a submission it stays null until the entrypoint calls
 *     {@code ray.init()}, and forever for non-Ray entrypoints such as {@code echo hi}
 * @param submissionId the submission id; null for DRIVER jobs. For Ray 1.x replies, which carry no id, it is the id the
 *     job was looked up or listed under
 * @param driverInfo the latest driver, or null
 * @param status the status; {@link JobStatus#UNKNOWN} for a value this client does not know
 * @param rawStatus the status string exactly as sent (null if none)
 * @param entrypoint the shell command; may be empty for DRIVER jobs
 * @param message Ray's human-readable explanation (e.g. {@code Job entrypoint command failed with exit code 3, …}), or
 *     null
 * @param errorType Ray's error category (an open set, e.g. {@code JOB_ENTRYPOINT_COMMAND_ERROR}), or null
 * @param startTime when the job was submitted (not when it started running), or null
 * @param endTime when the job reached its final status; null while it has not (Ray's {@code 0} for live DRIVER jobs
 *     also reads as null)
 * @param metadata the submitted metadata, or null
 * @param runtimeEnv the runtime environment as stored (a local {@code working_dir} appears as a {@code gcs://} URI), or
 *     null
 * @param driverAgentHttpAddress the address of the agent running the driver (set when RUNNING), or null
 * @param driverNodeId the node id of the driver (set when RUNNING, never cleared), or null
 * @param driverExitCode the driver's exit code (set on SUCCEEDED and on FAILED by a non-zero exit), or null
 */
public record JobDetails(
    JobType type,
    String jobId,
    String submissionId,
    DriverInfo driverInfo,
    JobStatus status,
    String rawStatus,
    String entrypoint,
    String message,
    String errorType,
    Instant startTime,
    Instant endTime,
    Map<String, String> metadata,
    Map<String, Object> runtimeEnv,
    String driverAgentHttpAddress,
    String driverNodeId,
    Integer driverExitCode) {

  /** Null type and status become UNKNOWN; maps are made unmodifiable. */
  public JobDetails {
    type = type == null ? JobType.UNKNOWN : type;
    status = status == null ? JobStatus.UNKNOWN : status;
    metadata = metadata == null ? null : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(metadata));
    runtimeEnv = runtimeEnv == null ? null
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(runtimeEnv));
  }

  /** The id to use in further calls: the submission id, else the Ray job id (DRIVER jobs). */
  public String id() {
    return submissionId != null ? submissionId : jobId;
  }
}
