package dev.raykube.operator.testing;

import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.rayservice.RayServiceController;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.testing.PodSimulator;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The whole operator runtime ({@link RayOperator#start}: JOSDK, informers, leader election, health and metrics) as the
 * few tests that need all of it run it, on the CRUD mock: {@link TestSettings} (free ports, leader election off unless
 * the flags say otherwise), a client configuration copied from the test's client, the given controllers, and a
 * {@link PodSimulator} playing kubelet. Closing it stops both and removes the {@link MockLeftovers} of every namespace.
 *
 * <p>The controllers' fast timings for such runs are here too ({@link #rayClusters()}, {@link #rayServices}). The
 * controller tests call their reconcilers directly ({@link DirectReconciles}) instead; tests of the start itself
 * (its checks, its failures) call {@link RayOperator#start} directly.
 */
public final class RunningOperator implements AutoCloseable {

  /** RayCluster timings of a test run: requeues in tenths of a second, Pod deadlines of a few seconds. */
  public static final RayClusterTimings FAST_CLUSTERS = new RayClusterTimings(Duration.ofMillis(100),
      Duration.ofMillis(300), Duration.ofSeconds(2), Duration.ofSeconds(3), Duration.ofSeconds(2));
  /** RayService settings of a test run: deploying polls from 100 ms, a steady poll of 2 s. */
  public static final RayServiceSettings FAST_SERVICES = RayServiceSettings.defaults()
      .withDeployingPoll(new AdaptivePoll(Duration.ofMillis(100), Duration.ofMillis(500), 0.1))
      .withSteadyPoll(Duration.ofSeconds(2)).withTeardownPoll(Duration.ofMillis(300));
  /** RayJob settings of a test run: a poll of 50–200 ms, a teardown poll of 100 ms. */
  public static final RayJobSettings FAST_JOBS = RayJobSettings.defaults()
      .withPoll(new AdaptivePoll(Duration.ofMillis(50), Duration.ofMillis(200), 0.1))
      .withTeardownPoll(Duration.ofMillis(100));
  /** Finalizer settings of a test run: retries from 200 ms, given up after 30 s. */
  public static final FinalizerSettings FAST_FINALIZER = FinalizerSettings.defaults()
      .withBackoff(Duration.ofMillis(200), 2.0, Duration.ofMillis(500)).withMaxWait(Duration.ofSeconds(30));

  private final KubernetesClient client;
  private final PodSimulator kubelet;
  private final RayOperator runtime;
  private final Set<Class<? extends HasMetadata>> primaries = new LinkedHashSet<>();

  private RunningOperator(KubernetesClient client, List<? extends ControllerDefinition<?>> controllers,
      RuntimeOptions options, String... args) throws StartupFailure {
    this.client = client;
    controllers.forEach(controller -> primaries.add(controller.resourceClass()));
    this.kubelet = PodSimulator.start(client);
    try {
      this.runtime = runtime(client.getConfiguration(), controllers, options, args);
    } catch (StartupFailure | RuntimeException e) {
      kubelet.close();
      throw e;
    }
  }

  /**
   * Starts the operator with the production runtime options, and the kubelet.
   *
   * @param client the test's client, whose configuration the operator copies
   * @param controllers the controllers to run
   * @param args operator flags, e.g. {@code --finalizer-policy=until-confirmed}
   * @return the running operator; close it at the end of the test
   * @throws StartupFailure if the operator does not start
   */
  public static RunningOperator start(KubernetesClient client, List<? extends ControllerDefinition<?>> controllers,
      String... args) throws StartupFailure {
    return start(client, controllers, RuntimeOptions.production(), args);
  }

  /**
   * Starts the operator with other runtime options (e.g. short leader-election timings, a request recorder), and the
   * kubelet.
   *
   * @param client the test's client, whose configuration the operator copies
   * @param controllers the controllers to run
   * @param options the runtime options
   * @param args operator flags
   * @return the running operator; close it at the end of the test
   * @throws StartupFailure if the operator does not start
   */
  public static RunningOperator start(KubernetesClient client, List<? extends ControllerDefinition<?>> controllers,
      RuntimeOptions options, String... args) throws StartupFailure {
    return new RunningOperator(client, controllers, options, args);
  }

  /**
   * Starts only the runtime, against the API server of {@code config} (a real one, in the end-to-end tests and the
   * benchmarks): no kubelet, nothing removed when it closes.
   *
   * @param config the client configuration, copied
   * @param controllers the controllers to run
   * @param options the runtime options
   * @param args operator flags
   * @return the running runtime; close it at the end of the test
   * @throws StartupFailure if the operator does not start
   */
  public static RayOperator runtime(Config config, List<? extends ControllerDefinition<?>> controllers,
      RuntimeOptions options, String... args) throws StartupFailure {
    return RayOperator.start(TestSettings.of(args), new ConfigBuilder(config).build(), controllers, options);
  }

  /** The RayCluster controller at {@link #FAST_CLUSTERS}. */
  public static RayClusterController rayClusters() {
    return new RayClusterController(FAST_CLUSTERS);
  }

  /**
   * The RayService controller at {@link #FAST_SERVICES} and {@link #FAST_FINALIZER}, every head's dashboard at
   * {@code dashboardUrl} (a fake's) and every serve proxy healthy.
   *
   * @param dashboardUrl the dashboard of every RayCluster
   * @return the controller
   */
  public static RayServiceController rayServices(String dashboardUrl) {
    return new RayServiceController(FAST_SERVICES, FAST_FINALIZER, context -> DashboardAccess.fixed(dashboardUrl),
        (podIp, port) -> true);
  }

  /**
   * The RayJob controller at {@link #FAST_JOBS} and {@link #FAST_FINALIZER}, every head's dashboard at
   * {@code dashboardUrl} (a fake's).
   *
   * @param dashboardUrl the dashboard of every RayCluster
   * @return the controller
   */
  public static RayJobController rayJobs(String dashboardUrl) {
    return new RayJobController(FAST_JOBS, FAST_FINALIZER,
        context -> DashboardAccess.fixed(dashboardUrl));
  }

  /** The runtime: leadership, health and metrics ports, termination. */
  public RayOperator runtime() {
    return runtime;
  }

  /** The simulated kubelet (to hold Pods Pending, or fail one). */
  public PodSimulator kubelet() {
    return kubelet;
  }

  /** Stops the operator and the kubelet, then removes what the run left. */
  @Override
  public void close() {
    runtime.close();
    kubelet.close();
    MockLeftovers.remove(client, null, primaries);
  }
}
