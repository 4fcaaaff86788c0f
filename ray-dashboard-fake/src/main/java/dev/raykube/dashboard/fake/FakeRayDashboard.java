package dev.raykube.dashboard.fake;

import java.net.InetAddress;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.regex.Pattern;

/**
 * An in-process fake of Ray's dashboard (Jobs and Serve REST API, port 8265) for tests, on {@code mockwebserver3}.
 *
 * <p>It behaves like a Ray 2.60 head unless configured otherwise: submitted jobs get {@code raysubmit_…} ids and move
 * PENDING → RUNNING → SUCCEEDED/FAILED/STOPPED asynchronously on a per-job schedule; stop, delete, logs, the log-tail
 * WebSocket, duplicate ids, 400/404/500 bodies, the browser guard and token auth answer with Ray's texts. Which
 * schedule a job follows:
 * <ol>
 *   <li>a script registered for its submission id with {@link #script(String, JobScript)};
 *   <li>else the most recently registered {@link #scriptEntrypoints(Pattern, JobScript)} pattern matching its whole
 *       entrypoint;
 *   <li>else its entrypoint read as a small shell subset — {@code echo}, {@code sleep N}, {@code exit N},
 *       {@code true}, {@code false} joined by {@code &&}, {@code ||}, {@code ;} — so that {@code "sleep 2 && echo done"}
 *       runs two seconds, logs {@code done} and SUCCEEDS, and {@code "exit 3"} FAILS with exit code 3 and Ray's message,
 *       exactly as on a real head. Other commands act as not installed (exit 127).
 * </ol>
 *
 * <p>Jobs stay PENDING for the start delay (default 200 ms), a stop takes the stop delay (default 300 ms), and a job's
 * supervisor outlives its final status by the supervisor exit delay (default 300 ms; a stop then still answers
 * {@code {"stopped": true}}, as with Ray). A log tail closes 2–4 s after its job ended, when Ray 2.60's tail loop
 * would (it looks at the status once per 2 s and returns 2 s after the look that saw the end; see
 * {@link FakeRayDashboardBuilder#logTailSleep(Duration)}). A stop while PENDING lets the job go RUNNING at its usual time and stops it
 * then; a job deleted within the job monitor delay after its supervisor exited comes back as FAILED (both as Ray 2.60
 * does). All job durations are multiplied by the time scale (default 1.0).
 *
 * <p>The Serve API ({@code /api/serve/applications/}) follows Ray 2.60's declarative Serve: PUT validates like
 * {@code ServeDeploySchema} (400 with pydantic's text), then new or rebuilt applications go DEPLOYING (no deployments
 * while the code is imported) → deployments UPDATING → RUNNING/HEALTHY after the deploy delay, in-place config changes
 * take the update delay, left-out applications go DELETING, and DELETE shuts Serve down (the empty schema again).
 * Knobs: {@link #failServeImports(Pattern)} (DEPLOY_FAILED with Python's import error),
 * {@link #loseServeApplications()} (a head restarted without GCS fault tolerance),
 * {@link #setServeDeploymentUnhealthy(String, String, String)}, and the builder's
 * {@link FakeRayDashboardBuilder#serveDeployDelay(Duration) serveDeployDelay},
 * {@link FakeRayDashboardBuilder#serveUpdateDelay(Duration) serveUpdateDelay} and
 * {@link FakeRayDashboardBuilder#serveDeployFailedDelay(Duration) serveDeployFailedDelay}; the time scale applies to
 * them too. With {@link FakeRayDashboardBuilder#serveProxy(boolean) serveProxy(true)} a Serve HTTP proxy listens
 * while Serve runs ({@link #serveProxyUrl()}, {@link #serveAnswers}). Faults ({@link Fault}) can be injected per
 * request, and every request is recorded. Thread-safe. Use one instance per test, in try-with-resources:
 *
 * <pre>{@code
 * try (FakeRayDashboard fake = FakeRayDashboard.builder().rayVersion("2.9.3").build().start()) {
 *   String url = fake.url();   // http://127.0.0.1:<port>
 * }
 * }</pre>
 */
public final class FakeRayDashboard implements AutoCloseable {
  private final String rayVersion;
  private final String authToken;
  private final int configuredPort;
  private final InetAddress address;
  private final ScheduledExecutorService scheduler;
  private final boolean ownsScheduler;
  private final JobRegistry registry;
  private final FaultRules faults = new FaultRules();
  private final DashboardDispatcher dispatcher;
  private final ServeRoutes serve;
  private final ServeProxy serveProxy;
  private final DashboardListener listener;
  private int port;
  private boolean started;
  private boolean closed;

  FakeRayDashboard(FakeRayDashboardBuilder config) {
    this.rayVersion = config.rayVersion;
    this.authToken = config.authToken;
    this.configuredPort = config.port;
    this.address = config.address;
    this.ownsScheduler = config.scheduler == null;
    this.scheduler = ownsScheduler ? newScheduler() : config.scheduler;
    Timeline timeline = new Timeline(config.clock, scheduler, config.timeScale);
    EmulatedVersion version = EmulatedVersion.parse(config.rayVersion);
    AtomicInteger rayJobCounter = new AtomicInteger();
    FakeJob.RayJobIds rayJobIds = () -> {
      int n = rayJobCounter.incrementAndGet();
      return String.format("%02x%02x%02x%02x", n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >>> 24) & 0xff);
    };
    FakeJob.Environment env = new FakeJob.Environment(timeline, version, config.startDelay, config.stopDelay,
        config.supervisorExitDelay, config.jobMonitorDelay, config.logTailSleep, randomHex(56), "http://127.0.0.1:52365", rayJobIds);
    this.registry = new JobRegistry(env);
    this.serve = new ServeRoutes(timeline, config.serveDeployDelay, config.serveUpdateDelay,
        config.serveDeployFailedDelay, config.serveInstalled);
    this.serveProxy = config.serveProxy ? new ServeProxy(config.address, config.serveProxyPort, serve) : null;
    if (serveProxy != null) {
      serve.onRunningChange(serveProxy::follow);
    }
    this.listener = new DashboardListener(config.address, scheduler);
    this.dispatcher = new DashboardDispatcher(new JobRoutes(registry), serve, version, config.authToken, faults,
        listener::drainQueue, timeline, config.requestLogCapacity);
  }

  private static ScheduledExecutorService newScheduler() {
    return Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "fake-ray-dashboard");
      t.setDaemon(true);
      return t;
    });
  }

  private static String randomHex(int length) {
    SecureRandom random = new SecureRandom();
    StringBuilder sb = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      sb.append(Character.forDigit(random.nextInt(16), 16));
    }
    return sb.toString();
  }

  /** A fake with the defaults: Ray 2.60.0, no auth, 200 ms start delay, 300 ms stop delay, time scale 1. */
  public static FakeRayDashboard create() {
    return builder().build();
  }

  /** Starts configuring a fake. */
  public static FakeRayDashboardBuilder builder() {
    return new FakeRayDashboardBuilder();
  }

  /**
   * Starts listening on the configured address (default 127.0.0.1) and port (default: a free one); returns this.
   */
  public synchronized FakeRayDashboard start() {
    if (closed) {
      throw new IllegalStateException("FakeRayDashboard is closed");
    }
    if (!started) {
      port = listener.start(configuredPort, dispatcher);
      started = true;
    }
    return this;
  }

  /** The base URL, e.g. {@code http://127.0.0.1:41234} (no trailing slash). */
  public synchronized String url() {
    requireStarted();
    return "http://" + address.getHostAddress() + ":" + port;
  }

  /** The port the fake listens on. */
  public synchronized int port() {
    requireStarted();
    return port;
  }

  private void requireStarted() {
    if (!started) {
      throw new IllegalStateException("call start() first");
    }
  }

  /** Stops listening and ends all jobs' schedules (and the scheduler, unless it was supplied). Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    listener.close();
    if (serveProxy != null) {
      serveProxy.close();
    }
    if (ownsScheduler) {
      scheduler.shutdownNow();
    }
  }

  /** The job submitted with this submission id (now or later) follows {@code script}. */
  public void script(String submissionId, JobScript script) {
    registry.script(Objects.requireNonNull(submissionId, "submissionId"), Objects.requireNonNull(script, "script"));
  }

  /** Jobs whose whole entrypoint matches {@code pattern} follow {@code script}; later registrations win. */
  public void scriptEntrypoints(Pattern pattern, JobScript script) {
    registry.scriptEntrypoints(Objects.requireNonNull(pattern, "pattern"), Objects.requireNonNull(script, "script"));
  }

  /**
   * Serve applications whose build imports an import path matching {@code importPath} (whole match) fail: after the
   * failed-deploy delay they are DEPLOY_FAILED, without deployments or route prefix, with Ray's message
   * {@code "Deploying app '<name>' failed with exception:\n"}, a traceback and Python's
   * {@code ModuleNotFoundError: No module named '<module>'} (the module being the import path before its colon, or
   * before its last dot). Applies to builds that start from now on; later registrations win. Without such a pattern
   * every import path builds.
   */
  public void failServeImports(Pattern importPath) {
    Objects.requireNonNull(importPath, "importPath");
    serve.failImports(importPath, null);
  }

  /**
   * Like {@link #failServeImports(Pattern)}, with the last line of the traceback given, e.g.
   * {@code "AttributeError: module 'app' has no attribute 'nope'"} or {@code "ValueError: bad option"}.
   */
  public void failServeImports(Pattern importPath, String exceptionLine) {
    serve.failImports(Objects.requireNonNull(importPath, "importPath"),
        Objects.requireNonNull(exceptionLine, "exceptionLine"));
  }

  /**
   * Serve loses every application, as when the head restarted without GCS fault tolerance: the GET answers the empty
   * schema ({@code controller_info: {}}, no applications) until the next PUT, which starts Serve again and builds
   * every application anew. Pending transitions are dropped.
   */
  public void loseServeApplications() {
    serve.shutdown();
  }

  /**
   * Makes a deployment UNHEALTHY with {@code message} (trigger {@code HEALTH_CHECK_FAILED}), as when its replicas fail
   * their health checks; its application turns UNHEALTHY with Ray's message
   * {@code "The deployments ['<deployment>'] are UNHEALTHY."}. Until {@link #setServeDeploymentHealthy} or a deploy
   * that changes the deployment.
   *
   * @throws IllegalArgumentException no such (built, not deleting) application and deployment
   */
  public void setServeDeploymentUnhealthy(String application, String deployment, String message) {
    if (!serve.setDeploymentHealth(application, deployment, Objects.requireNonNull(message, "message"))) {
      throw new IllegalArgumentException("no Serve deployment " + deployment + " in application " + application);
    }
  }

  /** Makes a deployment HEALTHY again (trigger {@code HEALTH_CHECK_SUCCEEDED}). */
  public void setServeDeploymentHealthy(String application, String deployment) {
    if (!serve.setDeploymentHealth(application, deployment, null)) {
      throw new IllegalArgumentException("no Serve deployment " + deployment + " in application " + application);
    }
  }

  /**
   * The base URL of the fake's Serve HTTP proxy, e.g. {@code http://127.0.0.1:41235}: it accepts connections only
   * while Serve runs (after a PUT, until a DELETE or {@link #loseServeApplications()}), like Ray's proxy, and answers
   * {@code GET /-/healthz} with 200 {@code success}, {@code GET /-/routes} with the served route prefixes as JSON
   * ({@code {"/greet":"greeter"}}), a path at or under an application's route prefix with 200 and that application's
   * answer ({@link #serveAnswers}), anything else with Ray's 404 {@code Path '/x' not found. Ping http://.../-/routes
   * for available routes.}. An application is served from the moment it first reaches RUNNING, and keeps serving its
   * last RUNNING version while it is updated or rebuilt. The port is the builder's {@code serveProxyPort}, or one
   * picked when the fake is built; the config's {@code http_options.port} is not used.
   *
   * @throws IllegalStateException the fake was built without {@code serveProxy(true)}
   */
  public String serveProxyUrl() {
    if (serveProxy == null) {
      throw new IllegalStateException("build the fake with serveProxy(true)");
    }
    return "http://" + address.getHostAddress() + ":" + serveProxy.port();
  }

  /**
   * What the fake Serve proxy answers for an application: {@code answer.apply(importPath, userConfig)} of the version
   * it serves, {@code userConfig} being its first deployment's {@code user_config} (empty if none). Default:
   * {@code "ok from <import path>"}.
   */
  public void serveAnswers(BiFunction<String, Map<String, Object>, String> answer) {
    serve.answers(answer);
  }

  /** A Serve application's status now, e.g. {@code "RUNNING"}; empty if Serve has no such application. */
  public Optional<String> serveApplicationStatus(String application) {
    return serve.applicationStatus(application);
  }

  /** The current status of a job by any id Ray would accept, e.g. {@code "RUNNING"}; empty if unknown or deleted. */
  public Optional<String> jobStatus(String id) {
    return registry.find(id).map(FakeJob::status);
  }

  /** The submission ids of all jobs that exist now (deleted ones excluded), in submission order. */
  public List<String> submissionIds() {
    return registry.all().stream().filter(j -> !j.isDriverType()).map(FakeJob::submissionId).toList();
  }

  /**
   * Adds a DRIVER-type job (a script that called {@code ray.init()} itself), RUNNING with {@code end_time} 0; returns
   * its Ray job id (e.g. {@code 01000000}).
   */
  public String addDriverJob(String entrypoint) {
    FakeJob job = FakeJob.driver(registry.environment(), Objects.requireNonNull(entrypoint, "entrypoint"));
    registry.addDriver(job);
    return job.rayJobId();
  }

  /** Ends a DRIVER job: it becomes SUCCEEDED, as Ray reports every finished driver. */
  public void finishDriverJob(String rayJobId) {
    FakeJob job = registry.find(rayJobId).filter(FakeJob::isDriverType)
        .orElseThrow(() -> new IllegalArgumentException("no DRIVER job " + rayJobId));
    job.finishDriver();
  }

  /**
   * Applies {@code fault} to the next {@code times} requests with this method (null: any) whose decoded path starts
   * with {@code pathPrefix} (null: any). Rules apply oldest first.
   */
  public void injectFault(String method, String pathPrefix, int times, Fault fault) {
    if (times < 1) {
      throw new IllegalArgumentException("times must be at least 1: " + times);
    }
    faults.add(method, pathPrefix, times, Objects.requireNonNull(fault, "fault"));
  }

  /**
   * Applies {@code fault} to the next {@code times} requests with this method (null: any) whose decoded path is
   * exactly {@code path}, e.g. {@code /api/jobs/} for the job list only.
   */
  public void injectFaultOnPath(String method, String path, int times, Fault fault) {
    if (times < 1) {
      throw new IllegalArgumentException("times must be at least 1: " + times);
    }
    faults.addExact(method, Objects.requireNonNull(path, "path"), times, Objects.requireNonNull(fault, "fault"));
  }

  /** Applies {@code fault} to the next {@code times} requests of any kind. */
  public void injectFault(int times, Fault fault) {
    injectFault(null, null, times, fault);
  }

  /** Removes all pending injected faults. */
  public void clearFaults() {
    faults.clear();
  }

  /** Delays every response's headers by {@code latency} (not scaled); {@link Duration#ZERO} turns it off. */
  public void setLatency(Duration latency) {
    if (latency.isNegative()) {
      throw new IllegalArgumentException("latency must not be negative");
    }
    dispatcher.setLatency(latency);
  }

  /** Makes {@code /api/gcs_healthz} answer 503 (false) or {@code success} (true). */
  public void setGcsHealthy(boolean healthy) {
    dispatcher.setGcsHealthy(healthy);
  }

  /**
   * Stops listening at once (open connections, including log tails, are cut; new ones are refused) and listens again
   * on the same port after {@code duration} (not scaled). Jobs keep running meanwhile.
   */
  public synchronized void refuseConnectionsFor(Duration duration) {
    requireStarted();
    listener.refuseFor(duration);
  }

  /** Every request received so far (up to the log capacity, oldest first). */
  public List<RecordedDashboardRequest> requests() {
    return dispatcher.requests();
  }

  /** The recorded requests with this method on exactly this decoded path. */
  public List<RecordedDashboardRequest> requests(String method, String path) {
    return dispatcher.requests().stream().filter(r -> r.is(method, path)).toList();
  }

  /** Whether a stop was requested for the job with this id (as it appeared in the request path). */
  public boolean stopRequested(String id) {
    return !requests("POST", "/api/jobs/" + id + "/stop").isEmpty();
  }

  /** Forgets the recorded requests. */
  public void clearRequests() {
    dispatcher.clearRequests();
  }

  @Override
  public synchronized String toString() {
    return "FakeRayDashboard{rayVersion=" + rayVersion + ", auth=" + (authToken != null)
        + (started ? ", url=http://" + address.getHostAddress() + ":" + port : "") + (closed ? ", closed" : "") + "}";
  }
}
