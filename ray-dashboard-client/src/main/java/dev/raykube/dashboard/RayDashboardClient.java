package dev.raykube.dashboard;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.WebSocket;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A typed client for Ray's Jobs and Serve REST API on the dashboard (port 8265). Build one with {@link #builder()}.
 *
 * <p>Thread-safe and cheap to share: one instance per dashboard URL is enough. It reads {@code GET /api/version} once,
 * lazily (on the first submit or delete), to adapt requests to the server's Ray version. Errors are unchecked and typed
 * (root {@link RayDashboardException}); calls that are safe to repeat are retried per the {@link RetryPolicy} before an
 * error is thrown. It reports Ray's data as Ray sends it and decides nothing about job lifecycles. Close it to release
 * the connection pool and threads it created (a supplied {@link OkHttpClient} is left alone).
 */
public final class RayDashboardClient implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RayDashboardClient.class);
  private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
  private static final RayVersion FIRST_JOBS_API = new RayVersion(1, 9, 0, "1.9.0");

  private final DashboardHttp http;
  private final HttpUrl baseUrl;
  private final boolean ownsOkHttp;
  private final boolean authenticated;
  private volatile RayVersion serverVersion;

  RayDashboardClient(DashboardHttp http, HttpUrl baseUrl, boolean ownsOkHttp, boolean authenticated) {
    this.http = http;
    this.baseUrl = baseUrl;
    this.ownsOkHttp = ownsOkHttp;
    this.authenticated = authenticated;
  }

  /** Starts configuring a client. */
  public static RayDashboardClientBuilder builder() {
    return new RayDashboardClientBuilder();
  }

  /** The dashboard base URL this client talks to. */
  public String baseUrl() {
    return baseUrl.toString();
  }

  /**
   * Submits a job ({@code POST /api/jobs/}) and returns its submission id. The job starts PENDING; Ray runs it
   * asynchronously.
   *
   * <p>Fields the server's Ray version does not know are left out with a warning in the log: the resource fields below
   * 2.2, {@code entrypoint_memory} below 2.8, the label selector below 2.54. To Ray 1.x the id is sent as
   * {@code job_id}.
   *
   * <p>Retries: a request <em>with</em> a submission id is retried on retryable failures, and a duplicate met on a
   * retry counts as success (the earlier attempt went through but its reply was lost). A request <em>without</em> one is
   * never retried, because a lost reply cannot be told from a lost request: a {@link DashboardUnavailableException}
   * then leaves it unknown whether the job exists. Set a submission id for safe retries.
   *
   * @return the submission id (the given one, or Ray's {@code raysubmit_…})
   * @throws DuplicateSubmissionException the first attempt found the submission id taken: "already submitted"
   * @throws InvalidRequestException Ray rejected the request (carries Ray's explanation)
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable, timed out, 502/503/504, or no job agent available
   * @throws UnsupportedRayVersionException the server has no Jobs API or reports a Ray older than 1.9
   * @throws UnexpectedResponseException any other reply
   */
  public String submitJob(JobSubmitRequest request) {
    Objects.requireNonNull(request, "request");
    String body = JsonTree.write(JobWire.submitBody(request, serverVersion()));
    String fixedId = request.submissionId();
    ErrorClassifier.Call call = new ErrorClassifier.Call("submitJob", fixedId, true);
    return http.call(call, fixedId != null, attempt -> {
      Request req = http.request(http.url("api", "jobs", "")).post(RequestBody.create(body, JSON)).build();
      DashboardHttp.Reply reply = http.execute(req, call);
      if (!reply.ok()) {
        RayDashboardException error = ErrorClassifier.classify(call, reply.status(), reply.body());
        if (error instanceof DuplicateSubmissionException && attempt > 1) {
          LOG.info("submitJob: {} already exists after a retried submit; taking it as submitted", fixedId);
          return fixedId;
        }
        throw error;
      }
      String id = JobWire.submittedId(ReplyBodies.object(reply, call));
      if (id == null) {
        throw ReplyBodies.unexpected(call, reply, "no submission_id or job_id in the reply", null);
      }
      return id;
    });
  }

  /**
   * Reads one job ({@code GET /api/jobs/{id}}). Ray accepts a submission id or a Ray job id. Retried on retryable
   * failures.
   *
   * @throws JobNotFoundException no job has this id
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries
   * @throws UnexpectedResponseException any other reply, or a body that is not a JSON object
   */
  public JobDetails getJob(String id) {
    requireId(id);
    ErrorClassifier.Call call = ErrorClassifier.Call.job("getJob(" + id + ")", id);
    return http.call(call, true, attempt -> JobWire.details(
        ReplyBodies.object(ReplyBodies.okOrThrow(http.execute(http.request(http.url("api", "jobs", id)).get().build(), call), call), call),
        id));
  }

  /**
   * Lists all jobs ({@code GET /api/jobs/}): submissions first, then DRIVER jobs; no paging or filtering (Ray offers
   * none). Accepts Ray 1.x's object-keyed list. Retried on retryable failures.
   *
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries
   * @throws UnexpectedResponseException any other reply
   */
  public List<JobDetails> listJobs() {
    ErrorClassifier.Call call = ErrorClassifier.Call.of("listJobs");
    return http.call(call, true, attempt -> {
      DashboardHttp.Reply reply = ReplyBodies.okOrThrow(http.execute(http.request(http.url("api", "jobs", "")).get().build(),
          call), call);
      List<JobDetails> jobs = JobWire.list(ReplyBodies.json(reply, call));
      if (jobs == null) {
        throw ReplyBodies.unexpected(call, reply, "the job list is neither an array nor an object", null);
      }
      return List.copyOf(jobs);
    });
  }

  /**
   * Asks Ray to stop a job ({@code POST /api/jobs/{id}/stop}) and reports exactly what it said. Stopping is
   * asynchronous; this does not wait for STOPPED. Retried on retryable failures (a repeated stop is harmless).
   *
   * @return {@link StopResult#STOP_REQUESTED}, {@link StopResult#NOT_RUNNING} or {@link StopResult#NOT_FOUND}
   * @throws InvalidRequestException the job is a DRIVER job ({@code Can only stop submission type jobs})
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries
   * @throws UnexpectedResponseException any other reply (e.g. a 500 traceback)
   */
  public StopResult stopJob(String id) {
    requireId(id);
    ErrorClassifier.Call call = ErrorClassifier.Call.job("stopJob(" + id + ")", id);
    return http.call(call, true, attempt -> {
      Request req = http.request(http.url("api", "jobs", id, "stop")).post(RequestBody.create(new byte[0])).build();
      DashboardHttp.Reply reply = http.execute(req, call);
      if (reply.status() == 404) {
        return StopResult.NOT_FOUND;
      }
      Boolean stopped = Lenient.bool(ReplyBodies.object(ReplyBodies.okOrThrow(reply, call), call), "stopped");
      if (stopped == null) {
        throw ReplyBodies.unexpected(call, reply, "no boolean 'stopped' in the reply", null);
      }
      return stopped ? StopResult.STOP_REQUESTED : StopResult.NOT_RUNNING;
    });
  }

  /**
   * Deletes an ended job's record ({@code DELETE /api/jobs/{id}}, Ray 2.2+). Ray deletes only jobs that have ended.
   * Retried on retryable failures; a retry after a lost reply reports {@link DeleteResult#NOT_FOUND}, since the first
   * attempt already deleted it.
   *
   * @return {@link DeleteResult#DELETED}, {@link DeleteResult#NOT_DELETED}, {@link DeleteResult#NOT_TERMINAL} (the job
   *     has not ended) or {@link DeleteResult#NOT_FOUND}
   * @throws UnsupportedRayVersionException the server runs Ray older than 2.2 (no DELETE)
   * @throws InvalidRequestException the job is a DRIVER job
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries
   * @throws UnexpectedResponseException any other reply
   */
  public DeleteResult deleteJob(String id) {
    requireId(id);
    RayVersion version = serverVersion();
    if (!version.isAtLeast(2, 2)) {
      throw new UnsupportedRayVersionException("deleteJob needs Ray 2.2 or later; the server runs Ray " + version,
          version.text());
    }
    ErrorClassifier.Call call = ErrorClassifier.Call.job("deleteJob(" + id + ")", id);
    return http.call(call, true, attempt -> {
      DashboardHttp.Reply reply = http.execute(http.request(http.url("api", "jobs", id)).delete().build(), call);
      if (reply.status() == 404) {
        return DeleteResult.NOT_FOUND;
      }
      if (reply.status() == 500 && reply.body().contains("non-terminal state")) {
        return DeleteResult.NOT_TERMINAL;
      }
      Boolean deleted = Lenient.bool(ReplyBodies.object(ReplyBodies.okOrThrow(reply, call), call), "deleted");
      if (deleted == null) {
        throw ReplyBodies.unexpected(call, reply, "no boolean 'deleted' in the reply", null);
      }
      return deleted ? DeleteResult.DELETED : DeleteResult.NOT_DELETED;
    });
  }

  /**
   * Reads a job's whole driver log ({@code GET /api/jobs/{id}/logs}): stdout and stderr merged; {@code ""} while no
   * driver has started (PENDING). Retried on retryable failures. Logs longer than the builder's
   * {@code maxResponseBytes} fail with {@link UnexpectedResponseException}; {@link #tailJobLogs} streams any length.
   *
   * @throws JobNotFoundException no job has this id
   * @throws InvalidRequestException the job is a DRIVER job
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries, or logs temporarily unavailable (503)
   * @throws UnexpectedResponseException any other reply
   */
  public String getJobLogs(String id) {
    requireId(id);
    ErrorClassifier.Call call = ErrorClassifier.Call.job("getJobLogs(" + id + ")", id);
    return http.call(call, true, attempt -> {
      DashboardHttp.Reply reply = ReplyBodies.okOrThrow(http.execute(http.request(http.url("api", "jobs", id, "logs")).get()
          .build(), call), call);
      String logs = Lenient.string(ReplyBodies.object(reply, call), "logs");
      if (logs == null) {
        throw ReplyBodies.unexpected(call, reply, "no 'logs' in the reply", null);
      }
      return logs;
    });
  }

  /**
   * Streams a job's driver log over the WebSocket {@code /api/jobs/{id}/logs/tail} (Ray 1.10+). The listener first gets
   * the log so far, then new chunks; while the job is PENDING nothing arrives. When the job has ended and its log is
   * sent, Ray closes the stream and {@link JobLogListener#onComplete()} is called; a job that ends before its driver
   * starts completes without data. Errors (404, 400, auth, broken connection) go to
   * {@link JobLogListener#onFailure(RayDashboardException)}; nothing is thrown and nothing is retried. Returns at once.
   * The upgrade does not offer {@code permessage-deflate}: Ray 2.60's head sends no frames at all when it is negotiated.
   *
   * @return a handle to wait for the end ({@link LogTail#completion()}) or to stop early ({@link LogTail#close()})
   */
  public LogTail tailJobLogs(String id, JobLogListener listener) {
    requireId(id);
    Objects.requireNonNull(listener, "listener");
    WebSocketLogTail tail = new WebSocketLogTail(id, listener, http.redaction());
    Request req = http.request(http.url("api", "jobs", id, "logs", "tail")).get().build();
    WebSocket socket = http.tailClient().newWebSocket(req, tail);
    tail.attach(socket);
    return tail;
  }

  /**
   * Reads {@code GET /api/version} now (and remembers the Ray version for request gating). Retried on retryable
   * failures.
   *
   * @throws UnsupportedRayVersionException 404 (no Jobs API: Ray older than 1.9, or not a Ray dashboard), an unreadable
   *     {@code ray_version}, or a Ray older than 1.9
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries
   */
  public DashboardVersion getVersion() {
    ErrorClassifier.Call call = ErrorClassifier.Call.of("getVersion");
    DashboardVersion version = http.call(call, true, attempt -> {
      DashboardHttp.Reply reply = http.execute(http.request(http.url("api", "version")).get().build(), call);
      if (reply.status() == 404) {
        throw new UnsupportedRayVersionException("The server at " + baseUrl.redact() + " has no Ray Jobs API "
            + "(GET /api/version answered 404): it is not a Ray dashboard, or runs Ray older than 1.9", null);
      }
      Map<String, Object> m = ReplyBodies.object(ReplyBodies.okOrThrow(reply, call), call);
      try {
        return JobWire.version(m);
      } catch (IllegalArgumentException unreadable) {
        throw new UnsupportedRayVersionException("The server reports no readable Ray version ("
            + unreadable.getMessage() + ")", Lenient.string(m, "ray_version"));
      }
    });
    if (version.rayVersion().compareTo(FIRST_JOBS_API) < 0) {
      throw new UnsupportedRayVersionException("The server runs Ray " + version.rayVersion()
          + "; the Jobs API needs Ray 1.9 or later", version.rayVersion().text());
    }
    serverVersion = version.rayVersion();
    return version;
  }

  /** The server's Ray version, read with {@link #getVersion()} on first use and then remembered. */
  public RayVersion serverVersion() {
    RayVersion v = serverVersion;
    return v != null ? v : getVersion().rayVersion();
  }

  /**
   * Probes {@code GET /api/gcs_healthz} once (no retries): true if the head answers 200 {@code success}; false if it
   * answers 502/503/504 or cannot be reached or times out. This path needs no token.
   *
   * @throws RayDashboardException for any other reply, e.g. 404 from a server that is not a Ray head
   */
  public boolean gcsHealthy() {
    ErrorClassifier.Call call = ErrorClassifier.Call.of("gcsHealthy");
    DashboardHttp.Reply reply;
    try {
      reply = http.execute(http.request(http.url("api", "gcs_healthz")).get().build(), call);
    } catch (DashboardUnavailableException unreachable) {
      return false;
    }
    if (reply.ok()) {
      return reply.body().contains("success");
    }
    RayDashboardException error = ErrorClassifier.classify(call, reply.status(), reply.body());
    if (error instanceof DashboardUnavailableException) {
      return false;
    }
    throw error;
  }

  /**
   * Reads the Serve instance ({@code GET /api/serve/applications/}); with Serve not running, no applications. Retried
   * on retryable failures.
   *
   * @throws UnexpectedResponseException e.g. 501 when Serve's dependencies are not installed on the head
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries, or 503 (Serve controller unreachable)
   */
  public ServeInstanceDetails getServeApplications() {
    ErrorClassifier.Call call = ErrorClassifier.Call.of("getServeApplications");
    return http.call(call, true, attempt -> JobWire.serve(ReplyBodies.object(ReplyBodies.okOrThrow(
        http.execute(http.request(http.url("api", "serve", "applications", "")).get().build(), call), call), call)));
  }

  /**
   * Deploys a Serve config ({@code PUT /api/serve/applications/}, a {@code ServeDeploySchema} such as
   * {@code {"applications": [{"name": …, "import_path": …, …}]}}) and returns once Ray accepted it; the deploy goes on
   * asynchronously. Declarative and so retried on retryable failures.
   *
   * @param config JSON-compatible maps, lists, strings, numbers and booleans
   * @throws InvalidRequestException Ray rejected the config (400, carries its validation text)
   * @throws AuthenticationException missing or wrong token
   * @throws DashboardUnavailableException unreachable after retries
   * @throws UnexpectedResponseException any other reply (e.g. 501)
   */
  public void deployServeApplications(Map<String, ?> config) {
    Objects.requireNonNull(config, "config");
    putServeConfig(JsonTree.write(config));
  }

  /**
   * Like {@link #deployServeApplications(Map)} with the config as JSON text.
   *
   * @throws IllegalArgumentException if {@code configJson} is not a JSON object
   */
  public void deployServeApplications(String configJson) {
    Objects.requireNonNull(configJson, "configJson");
    try {
      if (!(JsonTree.parse(configJson) instanceof Map)) {
        throw new IllegalArgumentException("the Serve config must be a JSON object");
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("the Serve config is not valid JSON: " + e.getMessage(), e);
    }
    putServeConfig(configJson);
  }

  private void putServeConfig(String json) {
    ErrorClassifier.Call call = ErrorClassifier.Call.of("deployServeApplications");
    http.call(call, true, attempt -> ReplyBodies.okOrThrow(http.execute(http.request(http.url("api", "serve", "applications", ""))
        .put(RequestBody.create(json, JSON)).build(), call), call));
  }

  /**
   * Shuts Serve down ({@code DELETE /api/serve/applications/}); harmless when it is not running. Retried on retryable
   * failures.
   */
  public void deleteServeApplications() {
    ErrorClassifier.Call call = ErrorClassifier.Call.of("deleteServeApplications");
    http.call(call, true, attempt -> ReplyBodies.okOrThrow(http.execute(
        http.request(http.url("api", "serve", "applications", "")).delete().build(), call), call));
  }

  /** Releases the threads and connections of the OkHttp client this client created; a supplied one is untouched. */
  @Override
  public void close() {
    if (ownsOkHttp) {
      OkHttpClient client = http.client();
      client.dispatcher().executorService().shutdown();
      client.connectionPool().evictAll();
    }
  }

  @Override
  public String toString() {
    return "RayDashboardClient{" + baseUrl.redact() + (authenticated ? ", bearer token" : "") + "}";
  }

  private static void requireId(String id) {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("job id must not be blank");
    }
  }
}
