package dev.raykube.operator.rayjob;

import dev.raykube.model.job.RayJob;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.ResourceEventAware;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import java.time.Clock;

/**
 * The push signal "this RayJob's Ray job may have changed", as a JOSDK event source: it owns the RayJobs' log tails
 * ({@link JobLogTails}) and the dashboards' job lists ({@link JobListPolls}), and reconciles a RayJob as soon as its
 * tail ends or its dashboard's list shows its job changed. It makes no Kubernetes API call. A deleted RayJob's tail
 * is closed and its job no longer listed; stopping the source (the operator stops) closes every tail and list.
 */
final class JobEndEventSource extends SimpleInboundEventSource<RayJob> implements ResourceEventAware<RayJob> {

  /** The event source's name. */
  static final String NAME = "rayjob-log-tails";

  private final JobLogTails tails;
  private final JobListPolls lists;

  /**
   * The lists read through the tails' OkHttp client ({@link JobLogTails#http()}), sharing its connection pool: both are
   * owned by this source, made with it and closed when it stops, and both talk to the same dashboards. (The clients
   * the reconciles read jobs with belong to the RayJob loop and live as long as it does, not as this source.) A list
   * read is a synchronous call, so it takes none of the dispatcher's room kept for the tails, and the client's 10 s
   * timeouts are those a client of its own would have.
   *
   * @param policy when to open and close tails
   * @param clock the time source
   */
  JobEndEventSource(LogTailPolicy policy, Clock clock) {
    super(NAME);
    this.tails = new JobLogTails(policy, this::propagateEvent, clock);
    this.lists = new JobListPolls(this::propagateEvent, tails.http());
  }

  /** The job lists (the reconciler follows and drops jobs on them). */
  JobListPolls lists() {
    return lists;
  }

  /** The tails (the reconciler opens and closes them). */
  JobLogTails tails() {
    return tails;
  }

  @Override
  public void onResourceDeleted(RayJob rayJob) {
    tails.forget(ResourceID.fromResource(rayJob));
    lists.forget(ResourceID.fromResource(rayJob));
  }

  @Override
  public void stop() {
    super.stop();
    tails.close();
    lists.close();
  }
}
