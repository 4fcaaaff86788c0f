package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.FreshConnectionGet;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.sandbox.LoopbackServiceProxy;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code examples/manifests/rayservice.yaml} works as shipped: {@code kubectl apply -f} of the unchanged file (into
 * the test's namespace) with the operator running ends Ready and Running, and a request through
 * {@code rayservice-sample-serve-svc} (routed as kube-proxy would, {@link LoopbackServiceProxy}) gets the fruit
 * stand's answer; {@code kubectl delete -f} of the same file removes everything again. The Serve app is the sample's
 * own ConfigMap, mounted on {@code PYTHONPATH} (the node simulator materialises ConfigMap volumes); head and worker
 * run as real Ray 2.60 processes.
 */
class RayServiceSampleE2eTest {

  /** The control plane of e2e/run, this class's namespace, and the node sandbox with real Ray heads. */
  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("rayservice-sample");

  private static final Logger log = LoggerFactory.getLogger(RayServiceSampleE2eTest.class);
  private static final String SAMPLE = "examples/manifests/rayservice.yaml";
  private static final String NAME = "rayservice-sample";

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator simulator;
  private static InProcessOperator operator;

  @BeforeAll
  static void startOperatorAndNode() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    simulator = kube.nodes();
    operator = InProcessOperator.withRayServices(kube.config(), simulator.dashboardAccess(),
        simulator.serveProxyProbe(), RayServiceSettings.defaults(), "--namespaces=" + namespace);
  }

  @AfterAll
  static void stopAll() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void theSampleAppliedAsShippedBecomesReadyAndServesTheFruitStand() throws Exception {
    String ns = namespace;
    long t0 = System.nanoTime();
    KubectlRun apply = KubectlRun.run("apply", "-n", ns, "-f", SAMPLE);
    assertThat(apply.exitCode()).as(apply.describe()).isZero();
    assertThat(apply.stdout()).contains("configmap/rayservice-sample-apps created")
        .contains("rayservice.ray.io/" + NAME + " created");

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayService " + NAME + " Ready and Running",
        () -> RayServiceState.read(client, ns, NAME).readyAndRunning());
    long readyMillis = millisSince(t0);
    try (LoopbackServiceProxy route = simulator.routeService(NAME + "-serve-svc", "serve")) {
      Eventually.await(Duration.ofSeconds(30), E2eWaits.POLL, "the fruit stand's answer through " + NAME
          + "-serve-svc", () -> answer(route, "/fruit?fruit=mango").equals("mango: 3 per kg"));
      assertThat(answer(route, "/fruit?fruit=pear")).isEqualTo("pear: 4 per kg");
      log.info("RAYSERVICE SAMPLE E2E: {} Ready after {} ms, serving through its serve Service after {} ms", SAMPLE,
          readyMillis, millisSince(t0));
    }
    List<String> clusters = RayServiceState.clusters(client, ns, NAME);
    assertThat(clusters).hasSize(1);
    assertThat(client.pods().inNamespace(ns).withLabel("ray.io/cluster", clusters.get(0)).list().getItems())
        .hasSize(2);

    KubectlRun delete = KubectlRun.run("delete", "-n", ns, "-f", SAMPLE, "--wait=false");
    assertThat(delete.exitCode()).as(delete.describe()).isZero();
    Eventually.await(Duration.ofSeconds(120), E2eWaits.POLL, "the sample's RayService, clusters, Pods, Services gone",
        () -> RayServiceState.read(client, ns, NAME).service() == null
            && RayServiceState.clusters(client, ns, NAME).isEmpty()
            && client.pods().inNamespace(ns).list().getItems().isEmpty()
            && client.services().inNamespace(ns).list().getItems().isEmpty());
    Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "no Ray process of the sample left",
        () -> simulator.rayProcessGroups(ns, clusters.get(0)).stream().noneMatch(NodeSimulator::processGroupAlive));
  }

  private static String answer(LoopbackServiceProxy route, String path) {
    try {
      FreshConnectionGet answer = FreshConnectionGet.send(route.port(), path, Duration.ofSeconds(10));
      return answer.status() == 200 ? answer.body() : answer.status() + " " + answer.body();
    } catch (IOException e) {
      return e.toString();
    }
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
