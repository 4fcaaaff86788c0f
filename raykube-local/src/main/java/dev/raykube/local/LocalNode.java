package dev.raykube.local;

import dev.raykube.cluster.loop.RayClusterTimings;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.operator.CommandLineOutcome;
import dev.raykube.operator.OperatorCommandLine;
import dev.raykube.operator.raycluster.RayClusterController;
import dev.raykube.operator.raycronjob.RayCronJobController;
import dev.raykube.operator.rayjob.RayJobController;
import dev.raykube.operator.rayservice.RayServiceController;
import dev.raykube.operator.runtime.ControllerDefinition;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.runtime.RuntimeOptions;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.service.decide.RayServiceSettings;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What {@code raykube local} runs beside the control plane, in one process: the node sandbox for every namespace
 * ({@link NodeSimulator#startInAllNamespaces}, Node {@value #NODE_NAME}) and the reference operator with all four
 * controllers (RayCluster, RayJob, RayService, RayCronJob) at their production defaults, which reach the sandbox's
 * heads through its dashboard access and its Serve proxy probe instead of cluster DNS. The operator's own settings are its command line's defaults, except health and
 * metrics on free ports and no leader election (one replica, on a laptop).
 */
public final class LocalNode implements AutoCloseable {

  /** The Node every Pod is bound to. */
  public static final String NODE_NAME = "raykube-local";

  private final KubernetesClient client;
  private final NodeSimulator sandbox;
  private final RayOperator operator;

  private LocalNode(KubernetesClient client, NodeSimulator sandbox, RayOperator operator) {
    this.client = client;
    this.sandbox = sandbox;
    this.operator = operator;
  }

  /**
   * Starts the sandbox, then the operator; returns once the operator is ready.
   *
   * @param config the control plane's admin configuration
   * @param rayVenv the virtual environment with Ray that runs the Pods
   * @throws StartupFailure if the operator does not start (the sandbox is closed again)
   */
  public static LocalNode start(Config config, Path rayVenv) throws StartupFailure {
    KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
    NodeSimulator sandbox;
    try {
      sandbox = NodeSimulator.startInAllNamespaces(client, NODE_NAME, rayVenv);
    } catch (RuntimeException e) {
      client.close();
      throw e;
    }
    try {
      var dashboards = sandbox.dashboardAccess();
      List<ControllerDefinition<?>> controllers = List.of(
          new RayClusterController(RayClusterTimings.defaults()),
          new RayJobController(RayJobSettings.defaults(), FinalizerSettings.defaults(), context -> dashboards),
          new RayServiceController(RayServiceSettings.defaults(), FinalizerSettings.defaults(), context -> dashboards,
              sandbox.serveProxyProbe()),
          new RayCronJobController());
      RayOperator operator = RayOperator.start(settings(), config, controllers, RuntimeOptions.production());
      return new LocalNode(client, sandbox, operator);
    } catch (StartupFailure | RuntimeException e) {
      sandbox.close();
      client.close();
      throw e;
    }
  }

  private static dev.raykube.operator.OperatorSettings settings() {
    CommandLineOutcome outcome = OperatorCommandLine.parse(
        new String[] {"--health-port=0", "--metrics-port=0", "--no-leader-election"}, Map.of());
    if (outcome instanceof CommandLineOutcome.Run run) {
      return run.settings();
    }
    throw new IllegalStateException("the operator refused the local settings: " + outcome);
  }

  /** The sandbox, e.g. for the dashboard URL of a cluster. */
  public NodeSimulator sandbox() {
    return sandbox;
  }

  /** Blocks until the operator stops (it only stops when closed: no leader election here). */
  public void awaitTermination() {
    operator.awaitTermination();
  }

  /** Stops the operator, then every Pod's processes. */
  @Override
  public void close() {
    try {
      operator.close();
    } finally {
      sandbox.close();
      client.close();
    }
  }
}
