package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.lifecycle.finalizer.FinalizerSettings;
import dev.raykube.lifecycle.job.AdaptivePoll;
import dev.raykube.lifecycle.job.RayJobSettings;
import dev.raykube.lifecycle.observe.DashboardAccess;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.raycluster.RayClusterTimings;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.ConflictRetryingEdit;
import dev.raykube.operator.testing.Eventually;
import dev.raykube.operator.testing.TestSettings;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

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
    RayOperator operator = RayOperator.start(TestSettings.of(args),
        new ConfigBuilder(client.getConfiguration()).build(),
        List.of(new RayClusterController(FAST_CLUSTERS), jobs), RuntimeOptions.production());
    return new RayJobHarness(client, operator);
  }

  @Override
  public void close() {
    operator.close();
  }
}
