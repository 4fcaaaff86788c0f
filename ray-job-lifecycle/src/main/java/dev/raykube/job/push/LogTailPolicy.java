package dev.raykube.job.push;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.dashboard.JobStatus;
import dev.raykube.job.decide.JobLookup;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * When to open and close the log tail that tells the RayJob controller that a Ray job ended: pure functions, no I/O
 * ({@link JobLogTails} carries them out).
 *
 * <ul>
 *   <li>{@link #need}: a Running RayJob whose Ray job was just seen PENDING or RUNNING is followed; a Running RayJob
 *       whose job was not seen live in this reconcile keeps a tail of the same submission; anything else (job ended,
 *       RayJob not Running, another controller's RayJob, no address) needs none.</li>
 *   <li>{@link #step}: open within {@link LogTailSettings#maxOpen()}; close or forget what is not needed; replace a
 *       tail of another target (a retry's new submission id, a moved dashboard); after a tail of the same target
 *       ended, wait {@link #retryDelay} before opening it again, so a dashboard that refuses tails (an old Ray, bad
 *       credentials) is not asked in a tight loop.</li>
 *   <li>{@link #ended}: the bookkeeping when a tail ends; {@link #relaxesPoll}: whether the poll may relax.</li>
 * </ul>
 */
public final class LogTailPolicy {

  private final LogTailSettings settings;

  /**
   * @param settings the bound and the retry delays
   */
  public LogTailPolicy(LogTailSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** The settings. */
  public LogTailSettings settings() {
    return settings;
  }

  /**
   * What a reconcile needs of following a RayJob's Ray job, by its tail and its dashboard's job list.
   *
   * @param rayJob the RayJob as written by the reconcile (its status is the decided one); not null
   * @param lookup what the dashboard said about the Ray job in this reconcile; not null
   * @param token the dashboard token of the RayJob's cluster, or {@code null}
   * @return the need
   */
  public static FollowNeed need(RayJob rayJob, JobLookup lookup, String token) {
    Objects.requireNonNull(rayJob, "rayJob");
    Objects.requireNonNull(lookup, "lookup");
    RayJobStatus status = rayJob.getStatus();
    String managedBy = rayJob.getSpec() == null ? null : rayJob.getSpec().getManagedBy();
    if (status == null || rayJob.getMetadata().getDeletionTimestamp() != null
        || (managedBy != null && !managedBy.equals(RayClusterLabels.MANAGED_BY_KUBERAY))
        || status.getJobDeploymentStatus() != JobDeploymentStatus.RUNNING
        || status.getJobId() == null || status.getJobId().isBlank() || status.getDashboardURL() == null) {
      return FollowNeed.none();
    }
    LogTailTarget target;
    try {
      target = new LogTailTarget(status.getJobId(), new DashboardEndpoint(
          DashboardEndpoint.urlOf(status.getDashboardURL()), token));
    } catch (IllegalArgumentException unaddressable) {
      return FollowNeed.none();
    }
    if (HttpUrl.parse(target.endpoint().url()) == null) {
      return FollowNeed.none(); // the status check reports the bad address
    }
    if (lookup instanceof JobLookup.Found found) {
      JobStatus seen = found.details().status();
      if (seen == JobStatus.PENDING || seen == JobStatus.RUNNING) {
        return FollowNeed.follow(target);
      }
      if (seen != JobStatus.UNKNOWN) {
        return FollowNeed.none(); // ended
      }
    }
    return FollowNeed.keepIfOpen(target);
  }

  /**
   * What to do with one RayJob's tail.
   *
   * @param need what the reconcile needs; not null
   * @param memory what is remembered of the RayJob's tail, or {@code null}: nothing
   * @param openTails how many tails are open over all RayJobs now
   * @param now the current time; not null
   * @return the step
   */
  public LogTailStep step(FollowNeed need, LogTailMemory memory, int openTails, Instant now) {
    Objects.requireNonNull(need, "need");
    Objects.requireNonNull(now, "now");
    FollowNeed.Kind kind = settings.enabled() ? need.kind() : FollowNeed.Kind.NONE;
    if (kind == FollowNeed.Kind.NONE || (memory != null && kind == FollowNeed.Kind.KEEP_IF_OPEN
        && !memory.target().equals(need.target()))) {
      return memory == null ? LogTailStep.NONE
          : memory instanceof LogTailMemory.Open ? LogTailStep.CLOSE : LogTailStep.FORGET;
    }
    if (kind == FollowNeed.Kind.KEEP_IF_OPEN) {
      return memory == null ? LogTailStep.NONE
          : memory instanceof LogTailMemory.Open ? LogTailStep.KEEP : LogTailStep.WAIT;
    }
    boolean sameTarget = memory != null && memory.target().equals(need.target());
    if (memory instanceof LogTailMemory.Open) {
      return sameTarget ? LogTailStep.KEEP : LogTailStep.REPLACE; // closing one makes room for the other
    }
    if (sameTarget && now.isBefore(retryAt((LogTailMemory.Ended) memory))) {
      return LogTailStep.WAIT;
    }
    return openTails < settings.maxOpen() ? LogTailStep.OPEN : LogTailStep.FULL;
  }

  /**
   * The memory of a tail that was opened: the count of earlier ends goes on when the previous tail of the same
   * target ended, and starts over for another target.
   */
  public static LogTailMemory.Open opened(LogTailTarget target, LogTailMemory previous, Instant now) {
    int earlier = previous instanceof LogTailMemory.Ended ended && ended.target().equals(target) ? ended.ends() : 0;
    return new LogTailMemory.Open(target, now, earlier);
  }

  /**
   * The memory of a tail that ended at {@code now}: one end more in a row, or the first one again when the tail had
   * stayed open at least {@link LogTailSettings#maxRetry()}.
   */
  public LogTailMemory.Ended ended(LogTailMemory.Open open, Instant now) {
    Objects.requireNonNull(open, "open");
    boolean lasted = Duration.between(open.openedAt(), now).compareTo(settings.maxRetry()) >= 0;
    return new LogTailMemory.Ended(open.target(), now, lasted ? 1 : open.earlierEnds() + 1);
  }

  /** When a tail of an ended target may be opened again. */
  public Instant retryAt(LogTailMemory.Ended ended) {
    return ended.endedAt().plus(retryDelay(ended.ends()));
  }

  /** The wait after {@code ends} ends in a row: {@code firstRetry × 2^(ends-1)}, at most {@code maxRetry}. */
  public Duration retryDelay(int ends) {
    Duration delay = settings.firstRetry();
    for (int i = 1; i < ends && delay.compareTo(settings.maxRetry()) < 0; i++) {
      delay = delay.multipliedBy(2);
    }
    return delay.compareTo(settings.maxRetry()) > 0 ? settings.maxRetry() : delay;
  }

  /**
   * Whether a reconcile may poll with {@link LogTailSettings#followedPoll()}: it saw the Ray job RUNNING and a tail
   * follows it, or is about to ({@code step} of the same need is {@link LogTailStep#OPEN}, {@link LogTailStep#KEEP} or
   * {@link LogTailStep#REPLACE}). A PENDING job keeps the normal poll, so that RUNNING shows in the status as soon as
   * before; so does a job no tail follows.
   *
   * @param need the need by the RayJob as read and what this reconcile saw ({@link #need})
   * @param lookup what this reconcile saw
   * @param step the step {@link #step} gives for {@code need} now
   */
  public static boolean relaxesPoll(FollowNeed need, JobLookup lookup, LogTailStep step) {
    return need.kind() == FollowNeed.Kind.FOLLOW && lookup instanceof JobLookup.Found found
        && found.details().status() == JobStatus.RUNNING
        && (step == LogTailStep.OPEN || step == LogTailStep.KEEP || step == LogTailStep.REPLACE);
  }
}
