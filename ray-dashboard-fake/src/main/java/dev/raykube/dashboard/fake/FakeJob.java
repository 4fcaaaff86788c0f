package dev.raykube.dashboard.fake;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import okhttp3.WebSocket;

/**
 * One job in the fake, with its own lock. Transitions run on the timeline's scheduler, never inside a request, so a
 * client always sees PENDING right after submitting, as with a real dashboard.
 */
final class FakeJob {
  static final String PENDING = "PENDING";
  static final String RUNNING = "RUNNING";
  static final String STOPPED = "STOPPED";
  static final String SUCCEEDED = "SUCCEEDED";
  static final String FAILED = "FAILED";

  private static final int LOG_TAIL_CHARS = 20_000;
  private static final DateTimeFormatter LOG_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS");

  /** Settings shared by all jobs of one fake. */
  record Environment(
      Timeline timeline, EmulatedVersion version, Duration startDelay, Duration stopDelay, Duration supervisorExitDelay,
      Duration jobMonitorDelay, Duration logTailSleep, String nodeId, String agentAddress, RayJobIds rayJobIds) {}

  /** Hands out Ray core job ids. */
  interface RayJobIds {
    String next();
  }

  private final Environment env;
  private final boolean driverType;
  private final String submissionId;
  private final String entrypoint;
  private final Map<String, Object> metadata;
  private final Map<String, Object> runtimeEnv;
  private final boolean requestsResources;
  private final JobScript script;
  private final LogTailFollower tails;
  private final StringBuilder log = new StringBuilder();

  private String status = PENDING;
  private String message;
  private String errorType;
  private final Long startTime;
  private Long endTime;
  private volatile String rayJobId;
  private String driverPid;
  private boolean driverStarted;
  private Integer driverExitCode;
  private boolean stopRequested;
  private boolean supervisorGone;
  private boolean monitorDone;
  private Runnable onMonitorNoticedExit;
  private int nextStep;
  private ScheduledFuture<?> pendingTransition;

  private FakeJob(Environment env, boolean driverType, String submissionId, String entrypoint,
      Map<String, Object> metadata, Map<String, Object> runtimeEnv, boolean requestsResources, JobScript script,
      Long startTime) {
    this.env = env;
    this.driverType = driverType;
    this.submissionId = submissionId;
    this.entrypoint = entrypoint;
    this.metadata = metadata;
    this.runtimeEnv = runtimeEnv;
    this.requestsResources = requestsResources;
    this.script = script;
    this.startTime = startTime;
    this.tails = new LogTailFollower(this, env.timeline(), env.logTailSleep());
  }

  /** A submitted job, PENDING; call {@link #begin()} once it is registered. */
  static FakeJob submission(Environment env, String submissionId, String entrypoint, Map<String, Object> metadata,
      Map<String, Object> runtimeEnv, boolean requestsResources, JobScript script) {
    return new FakeJob(env, false, submissionId, entrypoint, metadata, runtimeEnv, requestsResources, script,
        env.timeline().nowMillis());
  }

  /**
   * The record Ray's job monitor writes when it finds the supervisor of a job dead while the job's info is missing
   * (deleted before the monitor had seen the supervisor exit): FAILED, {@code JOB_SUPERVISOR_ACTOR_DIED}, entrypoint
   * {@code "Entrypoint not found."}, no start time, nothing else kept.
   */
  static FakeJob supervisorDied(Environment env, String submissionId) {
    FakeJob job = new FakeJob(env, false, submissionId, "Entrypoint not found.", null, null, false,
        JobScript.runsUntilStopped(), null);
    synchronized (job) {
      if (env.version().hasErrorType()) {
        job.errorType = "JOB_SUPERVISOR_ACTOR_DIED";
      }
      job.status = FAILED;
      job.message = "Job supervisor actor died: The actor died unexpectedly before finishing this task.\n"
          + "\tclass_name: JobSupervisor\n\tactor_id: " + UUID.randomUUID().toString().replace("-", "") + "\n"
          + "\tpid: 4243\n\tname: _ray_internal_job_actor_" + submissionId + "\n"
          + "\tnamespace: SUPERVISOR_ACTOR_RAY_NAMESPACE\n\tip: 127.0.0.1\n"
          + "The actor is dead because its worker process has died. Worker exit type: INTENDED_USER_EXIT "
          + "Worker exit detail: User requested to exit the actor.";
      job.endTime = env.timeline().nowMillis();
      job.supervisorGone = true;
      job.monitorDone = true;
    }
    return job;
  }

  /** A DRIVER job: a script that called {@code ray.init()} itself; RUNNING until {@link #finishDriver()}. */
  static FakeJob driver(Environment env, String entrypoint) {
    FakeJob job = new FakeJob(env, true, null, entrypoint, Map.of(), null, false, JobScript.runsUntilStopped(),
        env.timeline().nowMillis());
    synchronized (job) {
      job.rayJobId = env.rayJobIds().next();
      job.driverPid = "4242";
      job.status = RUNNING;
      job.endTime = 0L;
    }
    return job;
  }

  synchronized void begin() {
    Duration pending = script.pendingFor() != null ? script.pendingFor() : env.startDelay();
    pendingTransition = env.timeline().schedule(this::startDriver, pending);
  }

  String submissionId() {
    return submissionId;
  }

  boolean isDriverType() {
    return driverType;
  }

  String rayJobId() {
    return rayJobId;
  }

  synchronized String status() {
    return status;
  }

  synchronized boolean isTerminal() {
    return status.equals(STOPPED) || status.equals(SUCCEEDED) || status.equals(FAILED);
  }

  private synchronized void startDriver() {
    pendingTransition = null;
    if (isTerminal()) {
      return;
    }
    if (script.startFailureMessage() != null) {
      errorType = script.startFailureErrorType();
      finish(FAILED, script.startFailureMessage(), null);
      return;
    }
    status = RUNNING;
    driverStarted = true;
    if (script.rayDriver()) {
      rayJobId = env.rayJobIds().next();
      driverPid = "4242";
    }
    String time = LOG_TIME.format(Instant.ofEpochMilli(env.timeline().nowMillis()).atZone(ZoneId.systemDefault()));
    append(time + "\tINFO job_manager.py:581 -- Runtime env is setting up.\n");
    append("Running entrypoint for job " + submissionId + ": " + entrypoint + "\n");
    if (stopRequested) {
      // Stopped while PENDING: Ray's supervisor still starts the entrypoint, then kills it right away.
      scheduleStop();
      return;
    }
    runSteps();
  }

  private synchronized void runSteps() {
    pendingTransition = null;
    if (isTerminal() || stopRequested) {
      return;
    }
    List<JobStep> steps = script.steps();
    while (nextStep < steps.size()) {
      JobStep step = steps.get(nextStep++);
      if (step instanceof JobStep.Output) {
        append(((JobStep.Output) step).text());
      } else if (step instanceof JobStep.Sleep) {
        pendingTransition = env.timeline().schedule(this::runSteps, ((JobStep.Sleep) step).duration());
        return;
      } else {
        exit(((JobStep.Exit) step).code());
        return;
      }
    }
    exit(0);
  }

  private void exit(int code) {
    if (code == 0) {
      finish(SUCCEEDED, null, 0);
      return;
    }
    String text = log.length() > LOG_TAIL_CHARS ? log.substring(log.length() - LOG_TAIL_CHARS) : log.toString();
    String failure = text.isEmpty()
        ? "Job entrypoint command failed with exit code " + code + ". No logs available."
        : "Job entrypoint command failed with exit code " + code
            + ", last available logs (truncated to 20,000 chars):\n" + text;
    if (env.version().atLeast(2, 40)) {
      errorType = "JOB_ENTRYPOINT_COMMAND_ERROR";
    }
    finish(FAILED, failure, code);
  }

  /**
   * Ray's stop: true while the job's supervisor actor exists, false once it is gone. The supervisor writes the final
   * status and only then exits, so for the supervisor exit delay after the end a stop still answers true (and changes
   * nothing).
   */
  synchronized boolean stop() {
    if (isTerminal()) {
      return !supervisorGone;
    }
    if (!stopRequested) {
      stopRequested = true;
      if (driverStarted) {
        if (pendingTransition != null) {
          pendingTransition.cancel(false);
        }
        scheduleStop();
      }
      // else still PENDING: the job goes RUNNING at its usual time and is stopped then (see startDriver), as in Ray
    }
    return true;
  }

  private void scheduleStop() {
    Duration takes = script.stopTakes() != null ? script.stopTakes() : env.stopDelay();
    pendingTransition = env.timeline().schedule(this::completeStop, takes);
  }

  private synchronized void completeStop() {
    if (!isTerminal()) {
      finish(STOPPED, null, null);
    }
  }

  private synchronized void supervisorExited() {
    supervisorGone = true;
    env.timeline().schedule(this::monitorNoticedExit, env.jobMonitorDelay());
  }

  /** Ray's job monitor has seen the supervisor gone; a job deleted before this comes back (see supervisorDied). */
  private void monitorNoticedExit() {
    Runnable callback;
    synchronized (this) {
      monitorDone = true;
      callback = onMonitorNoticedExit;
      onMonitorNoticedExit = null;
    }
    if (callback != null) {
      callback.run();
    }
  }

  /**
   * Runs {@code callback} (outside this job's lock) when Ray's job monitor notices that the supervisor has exited;
   * returns false, without running it, if the monitor has noticed already.
   */
  synchronized boolean whenMonitorNoticesExit(Runnable callback) {
    if (monitorDone) {
      return false;
    }
    onMonitorNoticedExit = callback;
    return true;
  }

  /** Ends a DRIVER job: Ray reports SUCCEEDED once a driver is gone, whatever its exit. */
  synchronized void finishDriver() {
    if (!isTerminal()) {
      finish(SUCCEEDED, null, null);
    }
  }

  private void finish(String terminal, String explicitMessage, Integer exitCode) {
    status = terminal;
    message = explicitMessage;
    endTime = env.timeline().nowMillis();
    driverExitCode = exitCode;
    pendingTransition = null;
    if (driverType) {
      supervisorGone = true;
      monitorDone = true;
    } else {
      env.timeline().schedule(this::supervisorExited, env.supervisorExitDelay());
    }
    tails.jobEnded();
  }

  private void append(String text) {
    if (text.isEmpty()) {
      return;
    }
    log.append(text);
    tails.send(text);
  }

  /** The {@code logs} endpoint: empty until the driver has started. */
  synchronized String logs() {
    return driverStarted ? log.toString() : "";
  }

  synchronized boolean driverStarted() {
    return driverStarted;
  }

  /** Attaches a tail WebSocket: it gets what is there, then each chunk; {@link LogTailFollower} closes it. */
  synchronized void attachTail(WebSocket socket) {
    tails.attach(socket, logs(), isTerminal());
  }

  synchronized void detachTail(WebSocket socket) {
    tails.detach(socket);
  }

  /** JobDetails as the emulated version sends it: all keys present, unset ones null. */
  synchronized Map<String, Object> details() {
    EmulatedVersion v = env.version();
    Map<String, Object> m = new LinkedHashMap<>();
    if (!v.legacyJobIds()) {
      m.put("type", driverType ? "DRIVER" : "SUBMISSION");
      m.put("job_id", rayJobId);
      m.put("submission_id", submissionId);
      m.put("driver_info", rayJobId == null ? null : driverInfo());
    }
    m.put("status", status);
    m.put("entrypoint", entrypoint);
    m.put("message", message != null ? message : defaultMessage());
    if (v.hasErrorType()) {
      m.put("error_type", errorType);
    }
    m.put("start_time", startTime);
    m.put("end_time", endTime);
    m.put("metadata", metadata);
    m.put("runtime_env", runtimeEnv);
    if (v.hasDriverAddressFields()) {
      m.put("driver_agent_http_address", driverStarted ? env.agentAddress() : null);
      m.put("driver_node_id", driverStarted || driverType ? env.nodeId() : null);
    }
    if (v.hasDriverExitCode()) {
      m.put("driver_exit_code", driverExitCode);
    }
    return m;
  }

  private Map<String, Object> driverInfo() {
    Map<String, Object> info = new LinkedHashMap<>();
    info.put("id", rayJobId);
    info.put("node_ip_address", "127.0.0.1");
    info.put("pid", driverPid);
    return info;
  }

  private String defaultMessage() {
    switch (status) {
      case PENDING: {
        String text = "Job has not started yet.";
        if (requestsResources) {
          text += " It may be waiting for resources (CPUs, GPUs, memory, custom resources) to become available.";
        }
        if (runtimeEnv != null && !runtimeEnv.isEmpty()) {
          text += " It may be waiting for the runtime environment to be set up.";
        }
        return text;
      }
      case RUNNING:
        return driverType ? null : "Job is currently running.";
      case STOPPED:
        return "Job was intentionally stopped.";
      case SUCCEEDED:
        return driverType ? null : "Job finished successfully.";
      default:
        return "Job failed.";
    }
  }
}
