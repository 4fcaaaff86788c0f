package dev.raykube.operator.raycronjob;

import dev.raykube.cronjob.loop.RayCronJobLoop;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.operator.runtime.ReconcileTrigger;
import dev.raykube.reconcile.ReconcileMarker;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reconciles RayCronJobs on Java Operator SDK: glue around the library's {@link RayCronJobLoop}, which observes the
 * RayCronJob and the time, decides, creates the RayJob of a due time and records {@code status.lastScheduleTime}.
 * What this class adds is what only a JOSDK operator has:
 *
 * <ul>
 *   <li>the timed reconcile: the loop's {@code requeueAfter} (the next scheduled time, or the retry after a failed
 *       create) becomes JOSDK's {@code rescheduleAfter}; nothing else wakes a RayCronJob up, since it has no secondary
 *       event source (the names of its RayJobs are known in advance);</li>
 *   <li>generation-aware event processing (JOSDK's default): a change of the spec reconciles at once, while the
 *       loop's own status write (which leaves {@code metadata.generation} as it is) and metadata changes do not; the
 *       write is put into JOSDK's cache at once ({@link ControllerEventCache}), so the timed reconcile decides from
 *       the recorded {@code lastScheduleTime};</li>
 *   <li>no finalizer: this is no JOSDK {@code Cleaner}, and JOSDK calls {@link #reconcile} on every event of the
 *       RayCronJob, its deletion included ({@code triggerReconcilerOnAllEvents}): a RayCronJob being deleted creates
 *       nothing more ({@link RayCronJobLoop#cleanup}, which has nothing to clean up) and one that is gone is
 *       forgotten ({@link RayCronJobLoop#forget});</li>
 *   <li>the reconcile marker on every log line ({@link ReconcileMarker}).</li>
 * </ul>
 *
 * <p>Built by {@link RayCronJobController}, which wires the loop.
 */
@ControllerConfiguration(triggerReconcilerOnAllEvents = true)
public final class RayCronJobReconciler implements Reconciler<RayCronJob> {
  private static final Logger LOG = LoggerFactory.getLogger(RayCronJobReconciler.class);

  private final RayCronJobLoop loop;
  private final ControllerEventCache<RayCronJob> primaryCache;

  /**
   * @param loop the RayCronJob loop, writing status through {@code primaryCache}
   * @param primaryCache the loop's status recorder's cache, attached on the first reconcile
   */
  RayCronJobReconciler(RayCronJobLoop loop, ControllerEventCache<RayCronJob> primaryCache) {
    this.loop = Objects.requireNonNull(loop, "loop");
    this.primaryCache = Objects.requireNonNull(primaryCache, "primaryCache");
  }

  @Override
  public UpdateControl<RayCronJob> reconcile(RayCronJob cronJob, Context<RayCronJob> context) {
    try (ReconcileMarker marker = ReconcileMarker.open(cronJob, ReconcileTrigger.of(context, "reconcile"))) {
      if (context.isPrimaryResourceDeleted()) {
        loop.forget(cronJob);
        return UpdateControl.noUpdate();
      }
      if (cronJob.isMarkedForDeletion()) {
        loop.cleanup(cronJob); // no finalizer of ours: nothing to remove, and nothing is scheduled any more
        return UpdateControl.noUpdate();
      }
      primaryCache.attach(context);
      var result = loop.reconcile(cronJob);
      LOG.debug("{} action(s), status {}, again in {}", result.outcomes().size(), result.status(),
          result.requeueAfter().map(Object::toString).orElse("(on change)"));
      UpdateControl<RayCronJob> control = UpdateControl.noUpdate();
      result.requeueAfter().ifPresent(delay -> control.rescheduleAfter(delay.toMillis()));
      return control;
    }
  }
}
