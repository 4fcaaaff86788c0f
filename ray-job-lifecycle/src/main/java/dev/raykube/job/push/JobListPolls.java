package dev.raykube.job.push;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import dev.raykube.job.observe.RecentJobDetails;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The job lists that tell the RayJob controller at once when a followed Ray job changed: per dashboard, one
 * {@code GET /api/jobs/} answers for every RayJob following a job there, read at {@link JobListCadence#next} (3 s / n
 * for n followed jobs, at least 1 s apart). When a followed job's listed status differs from the one its RayJob last
 * saw (PENDING → RUNNING, RUNNING → SUCCEEDED, or it is gone), the RayJob's key goes to the {@code changed} consumer
 * (the controller reconciles it at once, and the reconcile reads the job and writes the status as usual) and the
 * RayJob stops being followed until its next reconcile follows it again. While a dashboard's list is read without
 * failures ({@link #relieves}), its RayJobs may poll their own jobs rarely: the list carries the latency at the same
 * request budget; when a read fails, every RayJob following a job there is reconciled at once, and polls its own job
 * again until a read succeeds. The listed details of a job that changed are kept for that reconcile
 * ({@link #take}), so it does not ask the dashboard for the job again: every later read of the list refreshes them
 * until that reconcile takes them (for at most {@value #AWAIT_MILLIS} ms), and they are handed out only if read at most {@value #FRESH_MILLIS} ms ago. A
 * reconcile that waited in a long queue (many RayJobs at once) so gets details as fresh as a GET of its own would be,
 * without the GET. The I/O side of {@link JobListCadence}; thread-safe.
 */
final class JobListPolls implements RecentJobDetails, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(JobListPolls.class);

  /** How long a dashboard whose list is too long is left to the RayJobs' own polls before it is listed again. */
  private static final Duration TOO_LONG_RECHECK = Duration.ofMinutes(10);

  /** How long after the list read them the details of a job that changed stand in for a GET of the job. */
  static final long FRESH_MILLIS = 2000;

  /** How long after the change the list keeps refreshing a changed job's details for its reconcile. */
  static final long AWAIT_MILLIS = 60_000;

  private record Follower(String submissionId, JobStatus seen) {
  }

  /** A changed job's details: read at {@code atNanos}, changed (as the list first saw) at {@code changedAtNanos}. */
  private record Listed(JobDetails details, long atNanos, long changedAtNanos) {
  }

  /** One dashboard's list: who follows a job there, and how its reads went. */
  private static final class Dashboard {
    private final RayDashboardClient client;
    private final Map<RayJobKey, Follower> followers = new HashMap<>();
    private int failuresInARow;
    private int lastListed;
    private ScheduledFuture<?> next;

    private Dashboard(RayDashboardClient client) {
      this.client = client;
    }
  }

  private final Consumer<RayJobKey> changed;
  private final OkHttpClient http;
  private final ScheduledExecutorService scheduler;
  private final Map<DashboardEndpoint, Dashboard> dashboards = new HashMap<>();
  private final Map<RayJobKey, DashboardEndpoint> followed = new HashMap<>();
  private final Map<DashboardEndpoint, Map<String, Listed>> fresh = new HashMap<>();
  private boolean closed;

  /**
   * @param changed gets the key of a RayJob whose followed job's listed status changed
   * @param http the HTTP client the lists are read with
   */
  JobListPolls(Consumer<RayJobKey> changed, OkHttpClient http) {
    this.changed = Objects.requireNonNull(changed, "changed");
    this.http = Objects.requireNonNull(http, "http");
    this.scheduler = Executors.newScheduledThreadPool(2, r -> {
      Thread t = new Thread(r, "rayjob-job-lists");
      t.setDaemon(true);
      return t;
    });
  }

  /**
   * Follows, keeps or drops a RayJob's job after a reconcile, by the same need as its log tail: a job the reconcile
   * saw (or just submitted) PENDING or RUNNING is followed from that status, a need of none drops it, and without a
   * status the follow is kept only if it is of the same job.
   *
   * @param id the RayJob
   * @param need what the reconcile needs ({@link LogTailPolicy#need})
   * @param seen the job's status as this reconcile saw it or wrote it (PENDING right after the submission), or
   *     {@code null} if it knows none
   */
  synchronized void follow(RayJobKey id, FollowNeed need, JobStatus seen) {
    if (closed) {
      return;
    }
    if (need.kind() == FollowNeed.Kind.NONE) {
      drop(id);
      return;
    }
    if (seen == null) {
      keepOnlyIfFollowing(id, need.target());
    } else {
      followFrom(id, need.target(), seen);
    }
  }

  /** Without a status to follow from: the RayJob stays followed only if it already follows {@code target}. */
  private void keepOnlyIfFollowing(RayJobKey id, LogTailTarget target) {
    if (!isFollowing(id, target)) {
      drop(id);
    }
  }

  /** Whether the RayJob is followed on {@code target}'s dashboard, and for {@code target}'s job. */
  private boolean isFollowing(RayJobKey id, LogTailTarget target) {
    DashboardEndpoint endpoint = followed.get(id);
    Dashboard dashboard = endpoint == null ? null : dashboards.get(endpoint);
    Follower follower = dashboard == null ? null : dashboard.followers.get(id);
    return follower != null && target.endpoint().equals(endpoint)
        && follower.submissionId().equals(target.submissionId());
  }

  /** Follows {@code target} from status {@code seen} (leaving the list of another dashboard it was on). */
  private void followFrom(RayJobKey id, LogTailTarget target, JobStatus seen) {
    DashboardEndpoint endpoint = target.endpoint();
    if (!endpoint.equals(followed.get(id))) {
      drop(id);
    }
    Dashboard dashboard = dashboards.computeIfAbsent(endpoint, this::open);
    dashboard.followers.put(id, new Follower(target.submissionId(), seen));
    followed.put(id, endpoint);
    if (dashboard.next == null) {
      schedule(endpoint, dashboard, JobListCadence.next(dashboard.followers.size(), 0));
    }
  }

  /**
   * Whether the RayJob's job is followed by a list that stands in for its own poll: no read of it has failed since
   * the last success (a new list counts as healthy: its first failure hands every follower back at once).
   */
  synchronized boolean relieves(RayJobKey id) {
    Dashboard dashboard = dashboards.get(followed.get(id));
    return dashboard != null && dashboard.followers.containsKey(id)
        && JobListCadence.relievesPolls(dashboard.failuresInARow, dashboard.lastListed);
  }

  /**
   * Whether a RayJob that follows {@code target}'s job after its reconcile will be relieved, as {@link #relieves}
   * would say then: the list of that dashboard is healthy, or there is none yet (a new one counts as healthy). A
   * reconcile that a list change started asks this, not {@link #relieves}: the change stopped the following, and the
   * reconcile follows again at its end.
   */
  synchronized boolean wouldRelieve(LogTailTarget target) {
    Dashboard dashboard = dashboards.get(target.endpoint());
    return !closed && (dashboard == null
        || JobListCadence.relievesPolls(dashboard.failuresInARow, dashboard.lastListed));
  }

  /** Stops following the RayJob (it is being deleted, or is gone). */
  synchronized void forget(RayJobKey id) {
    drop(id);
  }

  private void drop(RayJobKey id) {
    DashboardEndpoint endpoint = followed.remove(id);
    Dashboard dashboard = endpoint == null ? null : dashboards.get(endpoint);
    if (dashboard != null) {
      dashboard.followers.remove(id);
      if (dashboard.followers.isEmpty()) {
        release(endpoint, dashboard);
      }
    }
  }

  private Dashboard open(DashboardEndpoint endpoint) {
    RayDashboardClientBuilder builder = RayDashboardClient.builder().baseUrl(endpoint.url()).okHttpClient(http);
    if (endpoint.hasToken()) {
      builder.bearerToken(endpoint.token());
    }
    return new Dashboard(builder.build());
  }

  private void release(DashboardEndpoint endpoint, Dashboard dashboard) {
    dashboards.remove(endpoint);
    if (dashboard.next != null) {
      dashboard.next.cancel(false);
    }
    dashboard.client.close();
  }

  private void schedule(DashboardEndpoint endpoint, Dashboard dashboard, Duration after) {
    dashboard.next = scheduler.schedule(() -> read(endpoint, dashboard), after.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void read(DashboardEndpoint endpoint, Dashboard dashboard) {
    synchronized (this) {
      if (closed || dashboards.get(endpoint) != dashboard) {
        return;
      }
    }
    List<JobDetails> jobs = null;
    RuntimeException failure = null;
    try {
      jobs = dashboard.client.listJobs();
    } catch (RuntimeException e) {
      failure = e;
    }
    synchronized (this) {
      if (closed || dashboards.get(endpoint) != dashboard) {
        return;
      }
      if (failure != null) {
        dashboard.failuresInARow++;
        if (dashboard.failuresInARow == 1) {
          dashboard.followers.keySet().forEach(changed); // back to their own polls at once
        }
        LOG.debug("job list of {} failed ({} in a row): {}", endpoint.url(), dashboard.failuresInARow,
            failure.toString());
        schedule(endpoint, dashboard, JobListCadence.next(dashboard.followers.size(), dashboard.failuresInARow));
        return;
      }
      dashboard.failuresInARow = 0;
      dashboard.lastListed = jobs.size();
      Map<String, JobDetails> listed = new HashMap<>();
      for (JobDetails job : jobs) {
        if (job.submissionId() != null) {
          listed.put(job.submissionId(), job);
        }
      }
      long now = System.nanoTime();
      Map<String, Listed> awaiting = fresh.get(endpoint);
      if (awaiting != null) {
        // Jobs that changed and whose reconcile has not taken them yet (a busy queue): this read is newer.
        awaiting.replaceAll((submissionId, earlier) -> listed.containsKey(submissionId)
            && now - earlier.changedAtNanos() <= TimeUnit.MILLISECONDS.toNanos(AWAIT_MILLIS)
            ? new Listed(listed.get(submissionId), now, earlier.changedAtNanos()) : earlier);
        awaiting.values().removeIf(l -> now - l.atNanos() > TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS));
      }
      List<RayJobKey> ids = List.copyOf(dashboard.followers.keySet());
      for (RayJobKey id : ids) {
        Follower follower = dashboard.followers.get(id);
        JobDetails job = listed.get(follower.submissionId());
        if (job == null || job.status() != follower.seen()) {
          dashboard.followers.remove(id);
          followed.remove(id);
          if (job != null) {
            fresh.computeIfAbsent(endpoint, e -> new HashMap<>()).put(follower.submissionId(), new Listed(job, now, now));
          }
          changed.accept(id);
        }
      }
      if (dashboard.followers.isEmpty()) {
        release(endpoint, dashboard);
      } else if (!JobListCadence.relievesPolls(0, dashboard.lastListed)) {
        schedule(endpoint, dashboard, TOO_LONG_RECHECK);
      } else {
        schedule(endpoint, dashboard, JobListCadence.next(dashboard.followers.size(), 0));
      }
    }
  }

  @Override
  public synchronized Optional<JobDetails> take(DashboardEndpoint endpoint, String submissionId) {
    Map<String, Listed> onDashboard = fresh.get(endpoint);
    Listed listed = onDashboard == null ? null : onDashboard.remove(submissionId);
    if (onDashboard != null) {
      long now = System.nanoTime();
      onDashboard.values().removeIf(l -> now - l.atNanos() > TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS));
      if (onDashboard.isEmpty()) {
        fresh.remove(endpoint);
      }
    }
    return listed != null && System.nanoTime() - listed.atNanos() <= TimeUnit.MILLISECONDS.toNanos(FRESH_MILLIS)
        ? Optional.of(listed.details()) : Optional.empty();
  }

  @Override
  public synchronized void close() {
    closed = true;
    dashboards.values().forEach(d -> {
      if (d.next != null) {
        d.next.cancel(false);
      }
      d.client.close();
    });
    dashboards.clear();
    followed.clear();
    fresh.clear();
    scheduler.shutdownNow();
  }
}
