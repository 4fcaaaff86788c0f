package dev.raykube.operator.bench;

import dev.raykube.lifecycle.finalizer.FinalizerSettings;
import dev.raykube.lifecycle.job.RayJobSettings;
import dev.raykube.lifecycle.observe.DashboardAccess;
import dev.raykube.lifecycle.observe.DashboardEndpoint;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.TestSettings;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One side of a comparison: the real operator runtime (production configuration, leader election off) with the
 * production RayCluster controller and a RayJob controller with the given {@link RayJobSettings}, watching the
 * namespaces {@code <name>-<scenario>} only. The dashboard of a RayCluster is chosen by the scenario of its namespace
 * (the {@code -<scenario>} suffix), so that one operator can talk to several fake dashboards.
 */
final class OperatorArm implements AutoCloseable {

  final String name;
  final RayJobSettings settings;
  private final RayOperator operator;

  private OperatorArm(String name, RayJobSettings settings, RayOperator operator) {
    this.name = name;
    this.settings = settings;
    this.operator = operator;
  }

  /**
   * Starts an arm.
   *
   * @param dashboards dashboard URL by scenario; the arm watches {@code <name>-<scenario>} for each
   */
  static OperatorArm start(String name, RayJobSettings settings, KubernetesClient client,
      Map<String, String> dashboards) throws StartupFailure {
    DashboardAccess access = cluster -> {
      String namespace = cluster.getMetadata().getNamespace();
      String scenario = namespace.substring(namespace.indexOf('-') + 1);
      String url = dashboards.get(scenario);
      if (url == null) {
        throw new IllegalStateException("no dashboard for namespace " + namespace);
      }
      return Optional.of(new DashboardEndpoint(url, null));
    };
    String namespaces = String.join(",", dashboards.keySet().stream().map(s -> name + "-" + s).sorted().toList());
    RayJobController jobs = new RayJobController(settings, FinalizerSettings.defaults(), context -> access);
    RayOperator operator = RayOperator.start(TestSettings.of("--namespaces=" + namespaces),
        new ConfigBuilder(client.getConfiguration()).build(), List.of(new RayClusterController(), jobs),
        RuntimeOptions.production());
    return new OperatorArm(name, settings, operator);
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
