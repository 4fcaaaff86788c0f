package dev.raykube.operator.rayjob;

import dev.raykube.model.job.RayJob;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.ResourceEventAware;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import java.time.Clock;

/**
 * The push signal "this RayJob's Ray job may have ended", as a JOSDK event source: it owns the RayJobs' log tails
 * ({@link JobLogTails}) and reconciles a RayJob as soon as its tail ends. It makes no Kubernetes API call. A deleted
 * RayJob's tail is closed; stopping the source (the operator stops) closes every tail.
 */
final class JobEndEventSource extends SimpleInboundEventSource<RayJob> implements ResourceEventAware<RayJob> {

  /** The event source's name. */
  static final String NAME = "rayjob-log-tails";

  private final JobLogTails tails;

  /**
   * @param policy when to open and close tails
   * @param clock the time source
   */
  JobEndEventSource(LogTailPolicy policy, Clock clock) {
    super(NAME);
    this.tails = new JobLogTails(policy, this::propagateEvent, clock);
  }

  /** The tails (the reconciler opens and closes them). */
  JobLogTails tails() {
    return tails;
  }

  @Override
  public void onResourceDeleted(RayJob rayJob) {
    tails.forget(ResourceID.fromResource(rayJob));
  }

  @Override
  public void stop() {
    super.stop();
    tails.close();
  }
}
