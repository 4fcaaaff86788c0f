package dev.raykube.operator.rayservice;

import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.ControllerEventCache;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.service.loop.RayServiceLoop;
import dev.raykube.service.observe.RayServiceReads;
import dev.raykube.service.observe.ServeProxyProbe;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.util.Objects;
import java.util.function.Function;

/**
 * The RayService controller as the operator runtime registers it ({@code RayControllers}): name {@value #NAME},
 * primary resource {@link RayService}, finalizer {@value FinalizerNames#RAYSERVICE} (JOSDK adds it on the first
 * reconcile and calls {@link RayServiceReconciler#cleanup} while it is held), reconciler {@link RayServiceReconciler}
 * around the library's {@link RayServiceLoop}.
 *
 * <p>Dashboards are reached as the RayJob controller reaches them ({@link RayJobController#inCluster}: a cluster's head
 * Service by its in-cluster DNS name); the serve Pods' proxies at {@code http://<Pod IP>:<serve port>/-/healthz}
 * ({@link ServeProxyProbe#http()}). Tests pass other ones (a fake dashboard, a probe that answers as told).
 */
public final class RayServiceController implements ControllerDefinition<RayService> {

  /** The controller's name (logs, metrics, JOSDK configuration, {@code --controllers}). */
  public static final String NAME = "rayservice";

  private final RayServiceSettings serviceSettings;
  private final FinalizerSettings finalizerSettings;
  private final Function<ControllerContext, DashboardAccess> dashboardAccess;
  private final ServeProxyProbe probe;

  /** The production controller: default settings, in-cluster dashboard access, the HTTP proxy probe. */
  public RayServiceController() {
    this(RayServiceSettings.defaults(), FinalizerSettings.defaults(), RayJobController::inCluster,
        ServeProxyProbe.http());
  }

  /**
   * A controller with other settings, dashboard access or proxy probe (tests shorten timings and point at a fake).
   *
   * @param serviceSettings the RayService lifecycle settings
   * @param finalizerSettings backoff and maximum wait of the finalizer policies; the default policy is replaced by the
   *     operator's setting ({@code OperatorSettings#finalizerPolicy()})
   * @param dashboardAccess where the dashboards are, built from the controller's context
   * @param probe asks the serve Pods' proxies for their health
   */
  public RayServiceController(RayServiceSettings serviceSettings, FinalizerSettings finalizerSettings,
      Function<ControllerContext, DashboardAccess> dashboardAccess, ServeProxyProbe probe) {
    this.serviceSettings = Objects.requireNonNull(serviceSettings, "serviceSettings");
    this.finalizerSettings = Objects.requireNonNull(finalizerSettings, "finalizerSettings");
    this.dashboardAccess = Objects.requireNonNull(dashboardAccess, "dashboardAccess");
    this.probe = Objects.requireNonNull(probe, "probe");
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Class<RayService> resourceClass() {
    return RayService.class;
  }

  @Override
  public Reconciler<RayService> reconciler(ControllerContext context) {
    CachedRayServiceReads reads = new CachedRayServiceReads(RayServiceReads.fromApi(context.client()));
    ControllerEventCache<RayService> primaryCache = new ControllerEventCache<>();
    RayServiceLoop loop = RayServiceLoop.builder(context.client())
        .reads(reads)
        .dashboardAccess(dashboardAccess.apply(context))
        .dashboards(new DashboardClients())
        .events(context.eventRecorder())
        .proxyProbe(probe)
        .settings(serviceSettings)
        .finalizerSettings(finalizerSettings.withDefaultPolicy(context.settings().finalizerPolicy()))
        .buildSettings(RayClusterController.buildSettings(context.settings()))
        .primaryCache(primaryCache)
        .clock(context.clock())
        .build();
    context.kubeRayMetrics().rayServices(primaryCache::list);
    return new RayServiceReconciler(loop, reads, primaryCache, new RayServiceMetrics(context.meterRegistry()),
        context.clock());
  }

  /** The one finalizer, {@value FinalizerNames#RAYSERVICE}, handled by JOSDK. */
  @Override
  public void configure(ControllerConfigurationOverrider<RayService> configuration, ControllerContext context) {
    configuration.withFinalizer(FinalizerNames.RAYSERVICE);
  }

  @Override
  public String toString() {
    return "ControllerDefinition[" + NAME + ", RayService, " + serviceSettings + ", " + finalizerSettings + "]";
  }
}
