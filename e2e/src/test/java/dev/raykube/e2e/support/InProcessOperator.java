package dev.raykube.e2e.support;

import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.raycronjob.RayCronJobController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.rayservice.RayServiceController;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.RunningOperator;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.service.observe.ServeProxyProbe;
import io.fabric8.kubernetes.client.Config;
import java.util.List;

/**
 * The reference operator running in the test JVM against the real API server: the production runtime
 * ({@link RuntimeOptions#production()}) with the RayCluster controller and the RayJob controller at their default
 * timings and settings, and, when started {@link #withRayServices with the RayService controller} or
 * {@link #withRayCronJobs with the RayCronJob controller}, that one too, except that the controllers reach dashboards through the given {@link DashboardAccess} (the node simulator's local
 * heads) and the RayService controller asks Serve proxies through the given {@link ServeProxyProbe} (the simulator's,
 * which maps simulated Pod IPs to local ports). Started as every test starts the operator ({@link RunningOperator#runtime}):
 * settings from the real command-line parser; unless {@code args} say otherwise, health and metrics on free ports and
 * leader election off. It acts as the user of {@link OperatorIdentity}, with exactly the RBAC that
 * {@code ray-operator/deploy} grants, so that the API server checks every request it makes.
 */
public final class InProcessOperator implements AutoCloseable {

  private final RayOperator operator;

  private InProcessOperator(RayOperator operator) {
    this.operator = operator;
  }

  /**
   * Starts the operator with the control plane's admin config; returns once it is ready.
   *
   * @param dashboards where the RayJob controller finds each RayCluster's dashboard
   * @param args operator flags, e.g. {@code --namespaces=<ns>}
   */
  public static InProcessOperator start(Config config, DashboardAccess dashboards, String... args)
      throws StartupFailure {
    return start(config, dashboards, RayClusterTimings.defaults(), RayJobSettings.defaults(),
        FinalizerSettings.defaults(), args);
  }

  /** Starts the operator with other controller timings and settings. */
  public static InProcessOperator start(Config config, DashboardAccess dashboards, RayClusterTimings clusterTimings,
      RayJobSettings jobSettings, FinalizerSettings finalizerSettings, String... args) throws StartupFailure {
    RayJobController jobs = new RayJobController(jobSettings, finalizerSettings, context -> dashboards);
    RayOperator operator = RunningOperator.runtime(OperatorIdentity.grant(config, args),
        List.of(new RayClusterController(clusterTimings), jobs), RuntimeOptions.production(), args);
    return new InProcessOperator(operator);
  }

  /**
   * Starts the operator with the RayCluster, RayJob and RayService controllers (those of {@code java -jar} but the
   * RayCronJob one); returns once it is ready.
   *
   * @param dashboards where the RayJob and RayService controllers find each RayCluster's dashboard
   * @param probe how the RayService controller asks a Pod's Serve proxy for its health
   * @param serviceSettings the RayService lifecycle settings
   * @param args operator flags, e.g. {@code --namespaces=<ns>}
   */
  public static InProcessOperator withRayServices(Config config, DashboardAccess dashboards, ServeProxyProbe probe,
      RayServiceSettings serviceSettings, String... args) throws StartupFailure {
    RayJobController jobs = new RayJobController(RayJobSettings.defaults(), FinalizerSettings.defaults(),
        context -> dashboards);
    RayServiceController services = new RayServiceController(serviceSettings, FinalizerSettings.defaults(),
        context -> dashboards, probe);
    RayOperator operator = RunningOperator.runtime(OperatorIdentity.grant(config, args),
        List.of(new RayClusterController(RayClusterTimings.defaults()), jobs, services), RuntimeOptions.production(),
        args);
    return new InProcessOperator(operator);
  }

  /**
   * Starts the operator with the RayCluster, RayJob and RayCronJob controllers at their production defaults (the
   * RayCronJob controller on the system clock: its schedules fall due in real time); returns once it is ready.
   *
   * @param dashboards where the RayJob controller finds each RayCluster's dashboard
   * @param args operator flags, e.g. {@code --namespaces=<ns>}
   */
  public static InProcessOperator withRayCronJobs(Config config, DashboardAccess dashboards, String... args)
      throws StartupFailure {
    RayJobController jobs = new RayJobController(RayJobSettings.defaults(), FinalizerSettings.defaults(),
        context -> dashboards);
    RayOperator operator = RunningOperator.runtime(OperatorIdentity.grant(config, args),
        List.of(new RayClusterController(RayClusterTimings.defaults()), jobs, new RayCronJobController()),
        RuntimeOptions.production(), args);
    return new InProcessOperator(operator);
  }

  /** The running operator. */
  public RayOperator operator() {
    return operator;
  }

  @Override
  public void close() {
    operator.close();
  }
}
