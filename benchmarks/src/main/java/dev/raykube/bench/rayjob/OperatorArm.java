package dev.raykube.bench.rayjob;

import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.RunningOperator;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * One side of a comparison: the real operator runtime (production configuration, leader election off, plus the given
 * flags) with the production RayCluster controller and a RayJob controller with the given {@link RayJobSettings}
 * (and the default log-tail settings, bounded by {@code --max-job-log-tails}), watching the
 * namespaces {@code <name>-<scenario>} only. The dashboard of a RayCluster is found as in production (its head
 * Service, so the lookup's Kubernetes requests count) and then re-addressed by the scenario of its namespace (the
 * {@code -<scenario>} suffix) at a fake dashboard, so that one operator can talk to several fake dashboards.
 */
final class OperatorArm implements AutoCloseable {

  final String name;
  final RayJobSettings settings;
  /** The operator flags beyond the namespaces, e.g. {@code --max-job-log-tails=0}. */
  final List<String> flags;
  private final RayOperator operator;

  private OperatorArm(String name, RayJobSettings settings, List<String> flags, RayOperator operator) {
    this.name = name;
    this.settings = settings;
    this.flags = flags;
    this.operator = operator;
  }

  /**
   * Starts an arm.
   *
   * @param dashboards dashboard URL by scenario; the arm watches {@code <name>-<scenario>} for each
   */
  static OperatorArm start(String name, RayJobSettings settings, KubernetesClient client,
      Map<String, String> dashboards, String... flags) throws StartupFailure {
    return start(name, settings, LogTailSettings.defaults(), client, dashboards, flags);
  }

  /** Starts an arm with other log-tail settings (bounded by {@code --max-job-log-tails} all the same). */
  static OperatorArm start(String name, RayJobSettings settings, LogTailSettings tails, KubernetesClient client,
      Map<String, String> dashboards, String... flags) throws StartupFailure {
    Function<ControllerContext, DashboardAccess> access = context -> {
      DashboardAccess production = RayJobController.inCluster(context);
      return cluster -> production.endpoint(cluster).map(found -> {
        String namespace = cluster.getMetadata().getNamespace();
        String scenario = namespace.substring(namespace.lastIndexOf('-') + 1);
        String url = dashboards.get(scenario);
        if (url == null) {
          throw new IllegalStateException("no dashboard for namespace " + namespace);
        }
        return new DashboardEndpoint(url, found.token());
      });
    };
    String namespaces = String.join(",", dashboards.keySet().stream().map(s -> name + "-" + s).sorted().toList());
    RayJobController jobs = new RayJobController(settings, FinalizerSettings.defaults(), access, tails);
    List<String> args = new java.util.ArrayList<>(List.of("--namespaces=" + namespaces));
    args.addAll(List.of(flags));
    RayOperator operator = RunningOperator.runtime(client.getConfiguration(),
        List.of(new RayClusterController(), jobs), RuntimeOptions.production(), args.toArray(String[]::new));
    return new OperatorArm(name, settings, List.of(flags), operator);
  }

  /** The namespace of this arm for {@code scenario}. */
  String namespace(String scenario) {
    return name + "-" + scenario;
  }

  @Override
  public void close() {
    operator.close();
  }
}
