package dev.raykube.operator.rayjob;

import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.loop.RayJobLoop;
import dev.raykube.job.observe.RayJobReads;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.ServiceReads;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.ControllerEventCache;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.time.Clock;
import java.util.Objects;
import java.util.function.Function;

/**
 * The RayJob controller as the operator runtime registers it ({@code RayControllers}): name {@value #NAME}, primary
 * resource {@link RayJob}, finalizer {@value FinalizerNames#RAYJOB} (JOSDK adds it on the first reconcile, before
 * anything else runs, and calls {@link RayJobReconciler#cleanup} while it is held), reconciler
 * {@link RayJobReconciler}.
 *
 * <p>Where the dashboards are is pluggable: production reaches each cluster's head Service by its in-cluster DNS
 * name ({@link #inCluster(ControllerContext)}: the operator's cluster domain, the Service from the RayCluster
 * controller's informer); tests and end-to-end runs pass another
 * {@link DashboardAccess} (e.g. {@link DashboardAccess#fixed} at a fake dashboard).
 *
 * <p>The end of a Ray job is pushed by a log tail per Running RayJob ({@link LogTailSettings}); their number is
 * bounded by the operator's {@code --max-job-log-tails} (0: polling only).
 */
public final class RayJobController implements ControllerDefinition<RayJob> {

  /** The controller's name (logs, metrics, JOSDK configuration). */
  public static final String NAME = "rayjob";

  private final RayJobSettings jobSettings;
  private final FinalizerSettings finalizerSettings;
  private final Function<ControllerContext, DashboardAccess> dashboardAccess;
  private final LogTailSettings tailSettings;

  /**
   * The production controller: default lifecycle and finalizer settings, {@linkplain #inCluster in-cluster} dashboard
   * access.
   */
  public RayJobController() {
    this(RayJobSettings.defaults(), FinalizerSettings.defaults(), RayJobController::inCluster);
  }

  /**
   * The production dashboard access: a cluster's head Service by its in-cluster DNS name, with the operator's cluster
   * domain, the Service read from the RayCluster controller's informer ({@link ControllerContext#headServices()}) and
   * from the API server only when that does not hold it (no RayCluster controller in the process, a Service not yet
   * seen).
   *
   * @param context the controller's context
   * @return the access
   */
  public static DashboardAccess inCluster(ControllerContext context) {
    return DashboardAccess.inCluster(context.client(), context.settings().clusterDomain(),
        context.headServices().orElse(ServiceReads.fromApi(context.client())));
  }

  /**
   * A controller with other settings or dashboard access (tests shorten timings and point at a fake dashboard).
   *
   * @param jobSettings the RayJob lifecycle settings
   * @param finalizerSettings backoff and maximum wait of the finalizer policies; the default policy is replaced by the
   *     operator's setting ({@code OperatorSettings#finalizerPolicy()})
   * @param dashboardAccess where the dashboards are, built from the controller's context
   */
  public RayJobController(RayJobSettings jobSettings, FinalizerSettings finalizerSettings,
      Function<ControllerContext, DashboardAccess> dashboardAccess) {
    this(jobSettings, finalizerSettings, dashboardAccess, LogTailSettings.defaults());
  }

  /**
   * A controller with other log-tail settings as well (tests shorten the retry delays).
   *
   * @param jobSettings the RayJob lifecycle settings
   * @param finalizerSettings as in {@link #RayJobController(RayJobSettings, FinalizerSettings, Function)}
   * @param dashboardAccess where the dashboards are, built from the controller's context
   * @param tailSettings the log tails that push the end of a job; their bound is replaced by the operator's setting
   *     ({@code OperatorSettings#maxJobLogTails()}, {@code --max-job-log-tails}; 0 turns them off)
   */
  public RayJobController(RayJobSettings jobSettings, FinalizerSettings finalizerSettings,
      Function<ControllerContext, DashboardAccess> dashboardAccess, LogTailSettings tailSettings) {
    this.jobSettings = Objects.requireNonNull(jobSettings, "jobSettings");
    this.finalizerSettings = Objects.requireNonNull(finalizerSettings, "finalizerSettings");
    this.dashboardAccess = Objects.requireNonNull(dashboardAccess, "dashboardAccess");
    this.tailSettings = Objects.requireNonNull(tailSettings, "tailSettings");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<RayJob> resourceClass() {
    return RayJob.class;
  }

  @Override
  public Reconciler<RayJob> reconciler(ControllerContext context) {
    Clock clock = context.clock();
    LogTailSettings tails = tailSettings.withMaxOpen(context.settings().maxJobLogTails());
    CachedRayJobReads reads = new CachedRayJobReads();
    ControllerEventCache<RayJob> primaryCache = new ControllerEventCache<>();
    JobEndEventSource jobEnds = new JobEndEventSource(tails, jobSettings.poll(), clock);
    RayJobLoop loop = RayJobLoop.builder(context.client())
        .reads(reads.orElse(RayJobReads.fromApi(context.client())))
        .dashboardAccess(dashboardAccess.apply(context))
        .dashboards(new DashboardClients())
        .events(context.eventRecorder())
        .settings(jobSettings.withSidecarSubmitterRestart(jobSettings.sidecarSubmitterRestart()
            || context.settings().featureGates().sidecarSubmitterRestart())
            .withBatchScheduler(context.settings().batchScheduler()))
        .finalizerSettings(finalizerSettings.withDefaultPolicy(context.settings().finalizerPolicy()))
        .runningJobPoll(jobEnds.push())
        .recentJobDetails(jobEnds.push())
        .primaryCache(primaryCache)
        .clock(clock)
        .build();
    context.kubeRayMetrics().rayJobs(primaryCache::list);
    return new RayJobReconciler(loop, reads, jobEnds, primaryCache, context.kubeRayMetrics());
  }

  /** The one finalizer, {@value FinalizerNames#RAYJOB}, handled by JOSDK. */
  @Override
  public void configure(ControllerConfigurationOverrider<RayJob> configuration, ControllerContext context) {
    configuration.withFinalizer(FinalizerNames.RAYJOB);
  }

  @Override
  public String toString() {
    return "ControllerDefinition[" + NAME + ", RayJob, " + jobSettings + ", " + finalizerSettings + ", "
        + tailSettings + "]";
  }
}
