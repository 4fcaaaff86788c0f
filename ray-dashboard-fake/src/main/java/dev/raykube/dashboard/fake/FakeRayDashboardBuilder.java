package dev.raykube.dashboard.fake;

import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;

/** Configures a {@link FakeRayDashboard}. Not thread-safe. */
public final class FakeRayDashboardBuilder {
  String rayVersion = "2.60.0";
  String authToken;
  Clock clock = Clock.systemUTC();
  ScheduledExecutorService scheduler;
  double timeScale = 1.0;
  Duration startDelay = Duration.ofMillis(200);
  Duration stopDelay = Duration.ofMillis(300);
  Duration supervisorExitDelay = Duration.ofMillis(300);
  Duration jobMonitorDelay = Duration.ofMillis(1500);
  Duration logTailSleep = Duration.ofSeconds(1);
  int requestLogCapacity = 10_000;
  boolean serveInstalled = true;
  Duration serveDeployDelay = Duration.ofSeconds(1);
  Duration serveUpdateDelay = Duration.ofMillis(250);
  Duration serveDeployFailedDelay = Duration.ofSeconds(2);
  boolean serveProxy;
  int serveProxyPort;
  int port;
  InetAddress address = InetAddress.getLoopbackAddress();

  FakeRayDashboardBuilder() {}

  /**
   * The Ray version to emulate (default {@code 2.60.0}): it is reported by {@code /api/version} and decides which
   * submit fields are accepted and which JobDetails keys are sent (1.x: {@code job_id} only, list as an object; below
   * 2.2: no DELETE, no resources fields; below 2.8: no {@code entrypoint_memory}, {@code driver_exit_code}; below 2.54:
   * no label selector).
   */
  public FakeRayDashboardBuilder rayVersion(String version) {
    EmulatedVersion.parse(version);
    this.rayVersion = version;
    return this;
  }

  /** Turns token auth on: requests need {@code Authorization: Bearer <token>} (or the fallbacks), else 401/403. */
  public FakeRayDashboardBuilder authToken(String token) {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("auth token must not be blank");
    }
    this.authToken = token;
    return this;
  }

  /** The clock for {@code start_time}/{@code end_time} (default: system UTC). */
  public FakeRayDashboardBuilder clock(Clock clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
    return this;
  }

  /** The scheduler that drives job transitions (default: an own daemon thread, shut down by {@link FakeRayDashboard#close()}). */
  public FakeRayDashboardBuilder scheduler(ScheduledExecutorService scheduler) {
    this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    return this;
  }

  /** Multiplies every job duration (start/stop delays, script sleeps); 0.1 makes {@code sleep 10} take 1 s. */
  public FakeRayDashboardBuilder timeScale(double scale) {
    if (!(scale >= 0) || Double.isInfinite(scale)) {
      throw new IllegalArgumentException("time scale must be a finite number >= 0: " + scale);
    }
    this.timeScale = scale;
    return this;
  }

  /** How long new jobs stay PENDING unless their script says otherwise (default 200 ms). */
  public FakeRayDashboardBuilder startDelay(Duration delay) {
    this.startDelay = requireNotNegative(delay);
    return this;
  }

  /** How long a stop takes to reach STOPPED unless the job's script says otherwise (default 300 ms). */
  public FakeRayDashboardBuilder stopDelay(Duration delay) {
    this.stopDelay = requireNotNegative(delay);
    return this;
  }

  /**
   * How long a job's supervisor outlives its final status (default 300 ms): as in Ray, a stop in that window still
   * answers {@code {"stopped": true}} and changes nothing; afterwards it answers {@code {"stopped": false}}.
   */
  public FakeRayDashboardBuilder supervisorExitDelay(Duration delay) {
    this.supervisorExitDelay = requireNotNegative(delay);
    return this;
  }

  /**
   * How long after a job's supervisor exits Ray's job monitor notices it (default 1.5 s; Ray polls every second).
   * A job deleted before then comes back, as with Ray 2.60: the monitor finds no status and writes a FAILED record
   * ({@code JOB_SUPERVISOR_ACTOR_DIED}, entrypoint {@code "Entrypoint not found."}) under the same submission id.
   */
  public FakeRayDashboardBuilder jobMonitorDelay(Duration delay) {
    this.jobMonitorDelay = requireNotNegative(delay);
    return this;
  }

  /**
   * Ray's log-tail sleep (default 1 s, Ray 2.60's {@code LOG_TAIL_SLEEP_S} and the sleep of its log reader at the end
   * of the file; scaled by the time scale like every job duration): a tail looks at its job's status once per two
   * sleeps (three after reading new output) and closes two sleeps after the look that saw the end, so 2–4 s after the
   * job ended, as on a real head. {@link Duration#ZERO} closes a tail the instant its job ends — a deliberate shortcut
   * for tests that are not about that delay.
   */
  public FakeRayDashboardBuilder logTailSleep(Duration sleep) {
    this.logTailSleep = requireNotNegative(sleep);
    return this;
  }

  /** How many requests to remember, oldest dropped first (default 10,000). */
  public FakeRayDashboardBuilder requestLogCapacity(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    this.requestLogCapacity = capacity;
    return this;
  }

  /**
   * Whether Serve is installed (default true); if not, the Serve GET and PUT answer 501 and the DELETE answers 500
   * with the {@code ModuleNotFoundError} traceback, as Ray does.
   */
  public FakeRayDashboardBuilder serveInstalled(boolean installed) {
    this.serveInstalled = installed;
    return this;
  }

  /**
   * How long a Serve application that is new or whose code changed ({@code import_path}, {@code runtime_env}) takes
   * from the PUT to RUNNING (default 1 s): the first half DEPLOYING without deployments (Ray's build task importing the
   * code), the second half with its deployments UPDATING. A real 2.60 head on 2 cores took 7–12 s for a first deploy
   * (5 s of it the PUT starting Serve) and 5 s for a changed import path.
   */
  public FakeRayDashboardBuilder serveDeployDelay(Duration delay) {
    this.serveDeployDelay = requireNotNegative(delay);
    return this;
  }

  /**
   * How long an in-place Serve update (same code, changed deployment options such as {@code user_config} or
   * {@code num_replicas}) keeps the application DEPLOYING and the changed deployments UPDATING, and how long an
   * application left out of a PUT stays DELETING (default 250 ms; a real head: about 1 s).
   */
  public FakeRayDashboardBuilder serveUpdateDelay(Duration delay) {
    this.serveUpdateDelay = requireNotNegative(delay);
    return this;
  }

  /**
   * How long an application whose import fails ({@link FakeRayDashboard#failServeImports}) stays DEPLOYING before
   * DEPLOY_FAILED (default 2 s; a real head retries the build task 3 times and took 14–18 s).
   */
  public FakeRayDashboardBuilder serveDeployFailedDelay(Duration delay) {
    this.serveDeployFailedDelay = requireNotNegative(delay);
    return this;
  }

  /**
   * Whether the fake runs a Serve HTTP proxy (default false): see {@link FakeRayDashboard#serveProxyUrl()}. It listens
   * on the fake's address while Serve runs.
   */
  public FakeRayDashboardBuilder serveProxy(boolean enabled) {
    this.serveProxy = enabled;
    return this;
  }

  /** The Serve proxy's port (default 0: a free one, picked when the fake is built and kept). */
  public FakeRayDashboardBuilder serveProxyPort(int port) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535: " + port);
    }
    this.serveProxyPort = port;
    return this;
  }

  /** A fixed port to listen on (default 0: any free port). */
  public FakeRayDashboardBuilder port(int port) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535: " + port);
    }
    this.port = port;
    return this;
  }

  /**
   * The local address to listen on (default 127.0.0.1). Any address of the loopback network (127.0.0.0/8 on Linux) lets
   * several fakes listen on the same port, as heads behind distinct Services would.
   */
  public FakeRayDashboardBuilder address(InetAddress address) {
    this.address = Objects.requireNonNull(address, "address");
    return this;
  }

  private static Duration requireNotNegative(Duration d) {
    if (Objects.requireNonNull(d, "duration").isNegative()) {
      throw new IllegalArgumentException("duration must not be negative: " + d);
    }
    return d;
  }

  /** Creates the fake (not yet listening: call {@link FakeRayDashboard#start()}). */
  public FakeRayDashboard build() {
    return new FakeRayDashboard(this);
  }
}
