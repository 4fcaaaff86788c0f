package dev.raykube.operator.rayjob;

import dev.raykube.job.push.JobEndPush;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.job.push.RayJobKey;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.model.job.RayJob;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.ResourceEventAware;
import io.javaoperatorsdk.operator.processing.event.source.inbound.SimpleInboundEventSource;
import java.time.Clock;

/**
 * The library's {@link JobEndPush} as a JOSDK event source: a RayJob whose Ray job may have changed (its log tail
 * ended, its dashboard's job list shows it changed) is reconciled at once. It makes no Kubernetes API call. A deleted
 * RayJob's tail is closed and its job no longer listed; stopping the source (the operator stops) closes every tail and
 * list.
 */
final class JobEndEventSource extends SimpleInboundEventSource<RayJob> implements ResourceEventAware<RayJob> {

  /** The event source's name. */
  static final String NAME = "rayjob-log-tails";

  private final JobEndPush push;

  /**
   * @param settings the log tails' settings
   * @param defaultPoll the poll of a job nothing follows
   * @param clock the time source
   */
  JobEndEventSource(LogTailSettings settings, AdaptivePoll defaultPoll, Clock clock) {
    super(NAME);
    this.push = new JobEndPush(settings, defaultPoll,
        key -> propagateEvent(new ResourceID(key.name(), key.namespace())), clock);
  }

  /** The push the RayJob loop and reconciler use. */
  JobEndPush push() {
    return push;
  }

  @Override
  public void onResourceDeleted(RayJob rayJob) {
    push.forget(RayJobKey.of(rayJob));
  }

  @Override
  public void stop() {
    super.stop();
    push.close();
  }
}
