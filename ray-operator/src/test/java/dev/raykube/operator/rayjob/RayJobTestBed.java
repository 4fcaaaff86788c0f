package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.operator.runtime.StartupFailure;
import dev.raykube.operator.testing.PodSimulator;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * What a RayJob controller test runs against on the CRUD mock: a {@link FakeRayDashboard} with short delays (20 ms to
 * start, 50 ms to stop a job), a {@link PodSimulator} playing kubelet, and the operator ({@link RayJobHarness}; by
 * default {@link #FAST}), which a test may also start itself, stop and start again. Closing it stops all three and
 * removes every object the test left in {@link RayJobHarness#NS}, finalizers first.
 */
final class RayJobTestBed implements AutoCloseable {

  /** How a test starts the operator on the bed's dashboard. */
  @FunctionalInterface
  interface OperatorStart {
    RayJobHarness start(KubernetesClient client, FakeRayDashboard dashboard) throws StartupFailure;
  }

  /** The operator of {@link RayJobHarness#start} with the {@link RayJobHarness#FAST_FINALIZER} backoff. */
  static final OperatorStart FAST =
      (client, dashboard) -> RayJobHarness.start(client, dashboard, RayJobHarness.FAST_FINALIZER);

  final FakeRayDashboard dashboard;
  final PodSimulator pods;
  /** The running operator; null while none runs. */
  RayJobHarness harness;
  private final KubernetesClient client;

  private RayJobTestBed(KubernetesClient client, FakeRayDashboard dashboard, PodSimulator pods) {
    this.client = client;
    this.dashboard = dashboard;
    this.pods = pods;
  }

  /**
   * Starts the fake dashboard, scripted by {@code script} before anything can submit to it, and the pod simulator;
   * no operator yet ({@link #startOperator}).
   */
  static RayJobTestBed withoutOperator(KubernetesClient client, Consumer<FakeRayDashboard> script) {
    FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
    script.accept(dashboard);
    return new RayJobTestBed(client, dashboard, PodSimulator.start(client));
  }

  /** Starts the dashboard scripted by {@code script}, the pod simulator, then {@code operator}. */
  static RayJobTestBed start(KubernetesClient client, Consumer<FakeRayDashboard> script, OperatorStart operator)
      throws StartupFailure {
    RayJobTestBed bed = withoutOperator(client, script);
    bed.startOperator(operator);
    return bed;
  }

  /** Starts the dashboard scripted by {@code script}, the pod simulator, then the {@link #FAST} operator. */
  static RayJobTestBed start(KubernetesClient client, Consumer<FakeRayDashboard> script) throws StartupFailure {
    return start(client, script, FAST);
  }

  /** Starts it with the fake's default job behaviour. */
  static RayJobTestBed start(KubernetesClient client) throws StartupFailure {
    return start(client, dashboard -> { });
  }

  /** Starts an operator on the dashboard, after stopping the one that runs, if any (an operator restart). */
  RayJobHarness startOperator(OperatorStart operator) throws StartupFailure {
    stopOperator();
    harness = operator.start(client, dashboard);
    return harness;
  }

  /** Stops the operator, if one runs; the RayJobs stay. */
  void stopOperator() {
    if (harness != null) {
      harness.close();
      harness = null;
    }
  }

  @Override
  public void close() {
    stopOperator();
    pods.close();
    dashboard.close();
    RayJobHarness.removeAll(client);
  }
}
