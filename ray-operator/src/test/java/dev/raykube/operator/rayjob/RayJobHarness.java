package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.TestOperator;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;

/**
 * The real operator runtime (production configuration, leader election off) with the RayCluster controller and the
 * RayJob controller at short timings, the RayJob controller's dashboards at one {@link FakeRayDashboard}; and the
 * queries the RayJob controller tests ask ({@link RayJobObjects}). A {@code PodSimulator} (started by the test class)
 * plays kubelet, so the RayClusters a RayJob creates become ready as in a real cluster.
 */
final class RayJobHarness extends RayJobObjects implements AutoCloseable {

  final RayOperator operator;

  private RayJobHarness(KubernetesClient client, RayOperator operator) {
    super(client);
    this.operator = operator;
  }

  /** Starts the operator with {@code args} (operator flags, e.g. {@code --finalizer-policy=until-confirmed}). */
  static RayJobHarness start(KubernetesClient client, FakeRayDashboard dashboard, FinalizerSettings finalizer,
      String... args) throws StartupFailure {
    return start(client, dashboard, finalizer, FAST_JOBS, FAST_TAILS, args);
  }

  /** Starts the operator with other RayJob lifecycle and log-tail settings. */
  static RayJobHarness start(KubernetesClient client, FakeRayDashboard dashboard, FinalizerSettings finalizer,
      RayJobSettings jobSettings, LogTailSettings tailSettings, String... args) throws StartupFailure {
    RayJobController jobs = new RayJobController(jobSettings, finalizer,
        context -> DashboardAccess.fixed(dashboard.url()), tailSettings);
    RayOperator operator = TestOperator.start(client, List.of(new RayClusterController(FAST_CLUSTERS), jobs), args);
    return new RayJobHarness(client, operator);
  }

  /**
   * Starts the operator with the production dashboard lookup ({@link RayJobController#inCluster}: the head Service
   * from the RayCluster controller's informer), the endpoint found then re-addressed at the fake dashboard, so the
   * lookup's Kubernetes requests are the production ones.
   */
  static RayJobHarness startWithInClusterLookup(KubernetesClient client, FakeRayDashboard dashboard,
      FinalizerSettings finalizer, String... args) throws StartupFailure {
    RayJobController jobs = new RayJobController(FAST_JOBS, finalizer, context -> {
      DashboardAccess production = RayJobController.inCluster(context);
      return cluster -> production.endpoint(cluster)
          .map(found -> new dev.raykube.kernel.dashboard.DashboardEndpoint(dashboard.url(), found.token()));
    }, FAST_TAILS);
    RayOperator operator = TestOperator.start(client, List.of(new RayClusterController(FAST_CLUSTERS), jobs), args);
    return new RayJobHarness(client, operator);
  }

  @Override
  public void close() {
    operator.close();
  }
}
