package dev.raykube.operator.rayjob;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.operator.testing.PodSimulator;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.function.Consumer;

/**
 * What a RayJob controller test runs against on the CRUD mock: a {@link FakeRayDashboard} with short delays (20 ms to
 * start, 50 ms to stop a job), a {@link PodSimulator} playing kubelet, and the operator ({@link RayJobHarness}, the
 * {@link RayJobHarness#FAST_FINALIZER} backoff). Closing it stops all three and removes every object the test left in
 * {@link RayJobHarness#NS}, finalizers first.
 */
final class RayJobTestBed implements AutoCloseable {

  final FakeRayDashboard dashboard;
  final PodSimulator pods;
  final RayJobHarness harness;
  private final KubernetesClient client;

  private RayJobTestBed(KubernetesClient client, FakeRayDashboard dashboard, PodSimulator pods,
      RayJobHarness harness) {
    this.client = client;
    this.dashboard = dashboard;
    this.pods = pods;
    this.harness = harness;
  }

  /**
   * Starts the fake dashboard, scripted by {@code script} before anything can submit to it, then the pod simulator and
   * the operator.
   */
  static RayJobTestBed start(KubernetesClient client, Consumer<FakeRayDashboard> script) throws Exception {
    FakeRayDashboard dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20))
        .stopDelay(Duration.ofMillis(50)).build().start();
    script.accept(dashboard);
    PodSimulator pods = PodSimulator.start(client);
    RayJobHarness harness = RayJobHarness.start(client, dashboard, RayJobHarness.FAST_FINALIZER);
    return new RayJobTestBed(client, dashboard, pods, harness);
  }

  /** Starts it with the fake's default job behaviour. */
  static RayJobTestBed start(KubernetesClient client) throws Exception {
    return start(client, dashboard -> { });
  }

  @Override
  public void close() {
    harness.close();
    pods.close();
    dashboard.close();
    RayJobHarness.removeAll(client);
  }
}
