package dev.raykube.operator.raycronjob;

import dev.raykube.cronjob.loop.RayCronJobLoop;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.ControllerEventCache;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Function;

/**
 * The RayCronJob controller as the operator runtime registers it ({@code RayControllers}): name {@value #NAME},
 * primary resource {@link RayCronJob}, reconciler {@link RayCronJobReconciler} around the library's
 * {@link RayCronJobLoop}. No finalizer: the reconciler is no JOSDK {@code Cleaner}, so JOSDK adds none, and a
 * RayCronJob's RayJobs go with it through their owner references.
 *
 * <p>The loop decides at the time of the context's clock ({@link ControllerContext#clock()}); a test that runs the
 * whole operator passes a clock of its own here, so that a schedule falls due when the test moves it.
 */
public final class RayCronJobController implements ControllerDefinition<RayCronJob> {

  /** The controller's name (logs, metrics, JOSDK configuration, {@code --controllers}). */
  public static final String NAME = "raycronjob";

  private final Function<ControllerContext, Clock> clock;

  /** The production controller: the loop's time is the context's clock. */
  public RayCronJobController() {
    this(ControllerContext::clock);
  }

  /**
   * A controller whose loop reads another clock (tests move one instead of waiting for a scheduled time).
   *
   * @param clock the time every decision is made at, chosen from the controller's context
   */
  public RayCronJobController(Function<ControllerContext, Clock> clock) {
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<RayCronJob> resourceClass() {
    return RayCronJob.class;
  }

  @Override
  public Reconciler<RayCronJob> reconciler(ControllerContext context) {
    ControllerEventCache<RayCronJob> primaryCache = new ControllerEventCache<>();
    RayCronJobLoop loop = RayCronJobLoop.builder(context.client())
        .events(context.eventRecorder())
        .primaryCache(primaryCache)
        .clock(Objects.requireNonNull(clock.apply(context), "clock"))
        .build();
    return new RayCronJobReconciler(loop, primaryCache);
  }

  @Override
  public String toString() {
    return "ControllerDefinition[" + NAME + ", RayCronJob]";
  }
}
