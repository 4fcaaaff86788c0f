package dev.raykube.job.push;

import dev.raykube.dashboard.JobLogListener;
import dev.raykube.dashboard.LogTail;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RayDashboardClientBuilder;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The open log tails of RayJobs, at most one per RayJob: the I/O side of {@link LogTailPolicy}. Each tail is a
 * {@link RayDashboardClient#tailJobLogs} WebSocket whose lines are thrown away; what matters is its end: Ray closes
 * the stream once the job has ended, and a broken stream may mean the same. When a tail ends by itself (normally or
 * with a failure) the RayJob's key goes to the {@code ended} consumer (the controller reconciles it at once, and the
 * reconcile polls the status as usual); tails this class closes report nothing.
 *
 * <p>The tails share one OkHttp client of their own, whose dispatcher admits {@link LogTailSettings#maxOpen()}
 * WebSockets (OkHttp reads each on a thread of its own for as long as it is open); the dashboard clients of the
 * reconciles are not held up by them. Thread-safe.
 *
 * <p>Public (though only {@link JobEndPush} uses it) so that the log-tail benchmark in the benchmarks module can measure
 * the controller's own path.
 */
public final class JobLogTails implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(JobLogTails.class);

  /** Throws the log away; only the end of the stream matters. */
  private static final JobLogListener DISCARD = chunk -> { };

  private record Entry(LogTailMemory memory, LogTail tail) {
  }

  private final LogTailPolicy policy;
  private final Consumer<RayJobKey> ended;
  private final Clock clock;
  private final OkHttpClient http;
  private final Map<RayJobKey, Entry> entries = new HashMap<>();
  private int open;

  /**
   * @param policy decides when to open and close
   * @param ended gets the key of a RayJob whose tail ended by itself
   * @param clock the time source
   */
  public JobLogTails(LogTailPolicy policy, Consumer<RayJobKey> ended, Clock clock) {
    this.policy = Objects.requireNonNull(policy, "policy");
    this.ended = Objects.requireNonNull(ended, "ended");
    this.clock = Objects.requireNonNull(clock, "clock");
    Dispatcher dispatcher = new Dispatcher();
    int room = Math.max(64, policy.settings().maxOpen() + 8);
    dispatcher.setMaxRequests(room);
    dispatcher.setMaxRequestsPerHost(room);
    this.http = new OkHttpClient.Builder().dispatcher(dispatcher).build();
  }

  /**
   * The OkHttp client the tails are opened with (10 s connect, read and write timeouts; a dispatcher with room for
   * every tail). {@link JobEndPush} has the job lists share it, so that they share its connection pool.
   */
  OkHttpClient http() {
    return http;
  }

  /**
   * Carries out {@link LogTailPolicy#step} for a RayJob after a reconcile.
   *
   * @param id the RayJob
   * @param need what the reconcile needs
   * @return the step taken
   */
  public LogTailStep follow(RayJobKey id, FollowNeed need) {
    List<LogTail> toClose = new ArrayList<>();
    LogTail opened = null;
    LogTailStep step;
    synchronized (this) {
      Entry entry = entries.get(id);
      LogTailMemory memory = entry == null ? null : entry.memory();
      step = policy.step(need, memory, open, clock.instant());
      switch (step) {
        case CLOSE, REPLACE -> {
          toClose.add(entry.tail());
          entries.remove(id);
          open--;
        }
        case FORGET -> entries.remove(id);
        default -> {
        }
      }
      if (step == LogTailStep.OPEN || step == LogTailStep.REPLACE) {
        opened = open(id, need.target(), step == LogTailStep.REPLACE ? null : memory);
      }
    }
    toClose.forEach(LogTail::close);
    if (opened != null) {
      LogTail tail = opened;
      tail.completion().whenComplete((ignored, error) -> {
        try {
          endedByItself(id, tail, error);
        } catch (RuntimeException | Error e) { // whenComplete would swallow it without a trace
          LOG.warn("{}: handling the end of a log tail failed; the RayJob is polled", id, e);
        }
      });
    }
    if (step != LogTailStep.KEEP && step != LogTailStep.NONE) {
      LOG.debug("{}: log tail {} ({})", id, step, need);
    }
    return step;
  }

  /** The step {@link #follow} would take now, without taking it. */
  synchronized LogTailStep preview(RayJobKey id, FollowNeed need) {
    Entry entry = entries.get(id);
    return policy.step(need, entry == null ? null : entry.memory(), open, clock.instant());
  }

  /** The submission id the open tail of a RayJob follows, or {@code null} when none is open. */
  synchronized String following(RayJobKey id) {
    Entry entry = entries.get(id);
    return entry != null && entry.memory() instanceof LogTailMemory.Open o ? o.target().submissionId() : null;
  }

  /** Closes the RayJob's tail, if any, and forgets it (the RayJob is being deleted, or is gone). */
  public void forget(RayJobKey id) {
    LogTail tail;
    synchronized (this) {
      Entry entry = entries.remove(id);
      tail = entry == null ? null : entry.tail();
      if (tail != null) {
        open--;
      }
    }
    if (tail != null) {
      tail.close();
      LOG.debug("{}: log tail closed, RayJob forgotten", id);
    }
  }

  /** How many tails are open. */
  public synchronized int openCount() {
    return open;
  }

  /** Closes every tail and forgets every RayJob. */
  @Override
  public void close() {
    List<LogTail> tails = new ArrayList<>();
    synchronized (this) {
      entries.values().stream().map(Entry::tail).filter(Objects::nonNull).forEach(tails::add);
      entries.clear();
      open = 0;
    }
    tails.forEach(LogTail::close);
  }

  private LogTail open(RayJobKey id, LogTailTarget target, LogTailMemory previous) {
    LogTailMemory.Open opened = LogTailPolicy.opened(target, previous, clock.instant());
    LogTail tail;
    try {
      RayDashboardClientBuilder builder = RayDashboardClient.builder().baseUrl(target.endpoint().url())
          .okHttpClient(http).connectTimeout(Duration.ofSeconds(3)).readTimeout(Duration.ofSeconds(20));
      if (target.endpoint().hasToken()) {
        builder.bearerToken(target.endpoint().token());
      }
      tail = builder.build().tailJobLogs(target.submissionId(), DISCARD);
    } catch (RuntimeException unusable) { // e.g. an address OkHttp cannot use: as a tail that failed at once
      LOG.debug("{}: cannot open a log tail: {}", id, unusable.toString());
      entries.put(id, new Entry(policy.ended(opened, clock.instant()), null));
      return null;
    }
    entries.put(id, new Entry(opened, tail));
    open++;
    return tail;
  }

  private void endedByItself(RayJobKey id, LogTail tail, Throwable error) {
    Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    if (cause instanceof CancellationException) {
      return; // closed here
    }
    synchronized (this) {
      Entry entry = entries.get(id);
      if (entry == null || entry.tail() != tail) {
        return; // closed or replaced meanwhile
      }
      open--; // first: the slot is free whatever the rest does
      entries.remove(id);
      entries.put(id, new Entry(policy.ended((LogTailMemory.Open) entry.memory(), clock.instant()), null));
    }
    if (cause == null) {
      LOG.debug("{}: log tail ended (the Ray job ended); reconciling", id);
    } else {
      LOG.debug("{}: log tail failed ({}); reconciling", id, cause.toString());
    }
    ended.accept(id);
  }
}
