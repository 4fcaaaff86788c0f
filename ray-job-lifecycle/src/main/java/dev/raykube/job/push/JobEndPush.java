package dev.raykube.job.push;

import dev.raykube.dashboard.JobDetails;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.job.decide.Decision;
import dev.raykube.job.decide.JobLookup;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.loop.RunningJobPoll;
import dev.raykube.job.observe.ObservedRayJob;
import dev.raykube.job.observe.RecentJobDetails;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.job.RayJob;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.reconcile.StatusRecorder;
import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The pushed end of Ray jobs, for any RayJob controller: while a RayJob's Ray job is PENDING or RUNNING, its
 * dashboard's job list ({@link JobListPolls}, one list read per dashboard for all the jobs followed there) and a log
 * tail ({@link JobLogTails}, closed by Ray when the job ends) follow it, and the {@link JobEndListener} hears at once
 * when the job may have changed, so the controller reconciles without waiting for its poll. Plug it into the loop
 * twice — as its {@link RunningJobPoll} (a followed job is polled rarely: every 30 s while a healthy list follows it,
 * at {@link LogTailSettings#followedPoll()} while only a tail does) and as its {@link RecentJobDetails} (details the
 * list just read are taken instead of a GET) — and call {@link #follow} with each reconcile's result:
 *
 * <pre>{@code
 * JobEndPush push = new JobEndPush(LogTailSettings.defaults(), settings.poll(), queue::add, clock);
 * RayJobLoop loop = RayJobLoop.builder(client).dashboardAccess(access).dashboards(dashboards).events(events)
 *     .runningJobPoll(push).recentJobDetails(push).build();
 * ...
 * push.follow(loop.reconcile(rayJob));
 * }</pre>
 *
 * <p>What a RayJob needs followed is worked out once per reconcile: {@link #pollFor} works it out from what the loop
 * observed, and {@link #follow} takes it over unless the reconcile wrote the RayJob since (then the written RayJob
 * decides). Thread-safe; {@link #close()} closes every tail and list.
 */
public final class JobEndPush implements RunningJobPoll, RecentJobDetails, AutoCloseable {

  /** What {@link #pollFor} worked out for an observation, kept for {@link #follow} of the same reconcile. */
  private record Needed(ObservedRayJob observed, String resourceVersion, FollowNeed need) {
  }

  private final JobLogTails tails;
  private final JobListPolls lists;
  private final AdaptivePoll defaultPoll;
  private final AdaptivePoll followedPoll;
  private final Map<RayJobKey, Needed> needed = new ConcurrentHashMap<>();

  /**
   * The job lists are read through the tails' HTTP client, sharing its connection pool: both talk to the same
   * dashboards and both are closed with this push.
   *
   * @param settings the log tails' bound (0 turns tails off; lists still follow), retry delays and followed poll
   * @param defaultPoll the poll of a job nothing follows (the loop's settings' poll)
   * @param listener told when a RayJob's Ray job may have changed
   * @param clock the time source of the tails' retry delays
   */
  public JobEndPush(LogTailSettings settings, AdaptivePoll defaultPoll, JobEndListener listener, Clock clock) {
    Objects.requireNonNull(listener, "listener");
    this.tails = new JobLogTails(new LogTailPolicy(settings), listener::mayHaveChanged, clock);
    this.lists = new JobListPolls(listener::mayHaveChanged, tails.http());
    this.defaultPoll = Objects.requireNonNull(defaultPoll, "defaultPoll");
    this.followedPoll = settings.followedPoll();
  }

  /**
   * The poll for what a reconcile observed: {@link JobListCadence#RELIEVED_POLL} while a healthy job list would
   * follow the job, the followed poll while a tail follows a job seen RUNNING, else the default poll.
   */
  @Override
  public AdaptivePoll pollFor(ObservedRayJob observed) {
    RayJob rayJob = observed.rayJob();
    RayJobKey key = RayJobKey.of(rayJob);
    JobLookup seen = observed.observation().rayJob();
    FollowNeed need = LogTailPolicy.need(rayJob, seen, token(observed));
    needed.put(key, new Needed(observed, rayJob.getMetadata().getResourceVersion(), need));
    if (need.kind() == FollowNeed.Kind.FOLLOW && lists.wouldRelieve(need.target())) {
      return JobListCadence.RELIEVED_POLL;
    }
    return LogTailPolicy.relaxesPoll(need, seen, tails.preview(key, need)) ? followedPoll : defaultPoll;
  }

  /** Details of a job that a list read just returned, taken once instead of a GET. */
  @Override
  public Optional<JobDetails> take(DashboardEndpoint endpoint, String submissionId) {
    return lists.take(endpoint, submissionId);
  }

  /**
   * Opens, keeps or closes the RayJob's list follow and log tail by what a reconcile saw and wrote.
   *
   * @param result the loop's result for one RayJob
   */
  public void follow(Reconciled<RayJob, ObservedRayJob, Decision, ActionOutcome<RayJobAction>> result) {
    if (result.status() == StatusRecorder.Result.CONFLICT || result.observed() == null) {
      return; // decided from an outdated RayJob; the next reconcile, at once, decides again
    }
    RayJobKey key = RayJobKey.of(result.observed().rayJob());
    Needed before = needed.remove(key);
    RayJob rayJob = result.resource();
    if (rayJob == null) {
      forget(key);
      return;
    }
    JobLookup seen = result.observed().observation().rayJob();
    FollowNeed need = before != null && before.observed() == result.observed()
        && Objects.equals(before.resourceVersion(), rayJob.getMetadata().getResourceVersion())
        ? before.need() : LogTailPolicy.need(rayJob, seen, token(result.observed()));
    lists.follow(key, need, seen instanceof JobLookup.Found found ? found.details().status() : liveStatus(rayJob));
    // A tail is the push of last resort: Ray closes it 2-4 s after the end, later than the list sees it.
    tails.follow(key, lists.relieves(key) ? FollowNeed.none() : need);
  }

  /**
   * Stops following a RayJob (deleted, or about to be).
   *
   * @param key the RayJob's key
   */
  public void forget(RayJobKey key) {
    needed.remove(key);
    tails.forget(key);
    lists.forget(key);
  }

  /** How many log tails are open now. */
  public int openTails() {
    return tails.openCount();
  }

  /** Closes every tail and list. */
  @Override
  public void close() {
    tails.close();
    lists.close();
  }

  /** The job status the RayJob's status gives, if it is a live one (PENDING right after the submission). */
  private static JobStatus liveStatus(RayJob rayJob) {
    String value = rayJob.getStatus() == null ? null : rayJob.getStatus().getJobStatusValue();
    JobStatus status = JobStatus.fromWire(value);
    return status == JobStatus.PENDING || status == JobStatus.RUNNING ? status : null;
  }

  private static String token(ObservedRayJob observed) {
    return observed.dashboardEndpoint().map(DashboardEndpoint::token).orElse(null);
  }
}
