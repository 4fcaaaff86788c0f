package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.FreshConnectionGet;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.e2e.support.RequestLoop;
import dev.raykube.model.service.RayService;
import dev.raykube.sandbox.LoopbackServiceProxy;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.service.decide.RayServiceSettings;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RayServices on the real API server with the operator in-process (all three controllers) and the node simulator
 * running real Ray 2.60 with Serve: head-only clusters (Serve's proxy on the head, {@code HeadOnly}), the app of
 * {@code e2e/testdata/serve} in a ConfigMap mounted on {@code PYTHONPATH}, requests through the serve Service as
 * kube-proxy would route them ({@link LoopbackServiceProxy} over the EndpointSlices the controller-manager
 * publishes). In order, on one RayService: Ready and serving; a serve config change live on the same cluster; a
 * cluster change rolled out to a new cluster under a request loop of 25 requests/s without a failed request; deletion
 * with the operator running. Then a second RayService deleted while the operator is stopped.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RayServiceE2eTest {

  /** The control plane of e2e/run, this class's namespace, and the node sandbox with real Ray heads. */
  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("rayservice");

  private static final Logger log = LoggerFactory.getLogger(RayServiceE2eTest.class);
  private static final String SERVICE = "greeter";
  private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator simulator;
  private static InProcessOperator operator;
  private static LoopbackServiceProxy serveRoute;

  @BeforeAll
  static void startOperatorAndNode() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    String app = Files.readString(ControlPlane.repositoryRoot().resolve("e2e/testdata/serve/raykube_serve_app.py"));
    client.configMaps().inNamespace(namespace).resource(new ConfigMapBuilder().withNewMetadata()
        .withName("raykube-serve-app").endMetadata().addToData("raykube_serve_app.py", app).build()).create();
    simulator = kube.nodes();
    operator = startOperator();
    serveRoute = simulator.routeService(SERVICE + "-serve-svc", "serve");
  }

  private static InProcessOperator startOperator() throws Exception {
    return InProcessOperator.withRayServices(kube.config(), simulator.dashboardAccess(),
        simulator.serveProxyProbe(), RayServiceSettings.defaults(), "--namespaces=" + namespace);
  }

  @AfterAll
  static void stopAll() {
    if (serveRoute != null) {
      serveRoute.close();
    }
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  @Order(1)
  void becomesReadyAndAnswersThroughTheServeService() throws Exception {
    String ns = namespace;
    long t0 = System.nanoTime();
    client.resource(rayService(SERVICE)).inNamespace(ns).create();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayService " + SERVICE + " Ready and Running",
        () -> RayServiceState.read(client, ns, SERVICE).readyAndRunning());
    long readyMillis = millisSince(t0);
    Eventually.await(Duration.ofSeconds(30), E2eWaits.POLL, "an answer through " + SERVICE + "-serve-svc",
        () -> answers("hello from raykube v1"));
    log.info("RAYSERVICE E2E: {} Ready after {} ms, answering through its serve Service after {} ms", SERVICE,
        readyMillis, millisSince(t0));
    RayServiceState state = RayServiceState.read(client, ns, SERVICE);
    assertThat(RayServiceState.clusters(client, ns, SERVICE)).containsExactly(state.activeCluster().orElseThrow());
    assertThat(state.pendingCluster()).isEmpty();
  }

  @Test
  @Order(2)
  void aServeConfigChangeIsLiveOnTheSameCluster() throws Exception {
    String ns = namespace;
    String active = RayServiceState.read(client, ns, SERVICE).activeCluster().orElseThrow();
    long t0 = System.nanoTime();
    client.resources(RayService.class).inNamespace(ns).withName(SERVICE).edit(service -> {
      service.getSpec().setServeConfigV2(serveConfig("howdy"));
      return service;
    });

    Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "the new greeting through " + SERVICE + "-serve-svc",
        () -> answers("howdy from raykube v1"));
    log.info("RAYSERVICE E2E: serve config change live through the serve Service after {} ms", millisSince(t0));
    assertThat(RayServiceState.read(client, ns, SERVICE).activeCluster()).contains(active);
    assertThat(RayServiceState.clusters(client, ns, SERVICE)).containsExactly(active);
  }

  @Test
  @Order(3)
  void aClusterChangeRollsOutToANewClusterWithoutAFailedRequest() throws Exception {
    String ns = namespace;
    String old = RayServiceState.read(client, ns, SERVICE).activeCluster().orElseThrow();
    RequestLoop loop = RequestLoop.start(serveRoute.port(), "/", "howdy from raykube v1", Duration.ofMillis(40),
        REQUEST_TIMEOUT);
    try {
      Thread.sleep(2000); // requests already flow before the change
      long t0 = System.nanoTime();
      client.resources(RayService.class).inNamespace(ns).withName(SERVICE).edit(service -> {
        service.getSpec().getRayClusterConfig().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
            .getEnv().add(new EnvVar("RAYKUBE_E2E_REVISION", "2", null));
        return service;
      });
      // Twice the usual wait: on a loaded machine a new head can miss Ray's fixed 30 s raylet registration and exit;
      // the Pod is then Failed and the operator replaces it, which is what a real cluster does too.
      Eventually.await(E2eWaits.LONG.multipliedBy(2), E2eWaits.POLL, "the Services switched to a new cluster",
          () -> RayServiceState.read(client, ns, SERVICE).activeCluster().filter(name -> !name.equals(old))
              .isPresent());
      long switchMillis = millisSince(t0);
      String next = RayServiceState.read(client, ns, SERVICE).activeCluster().orElseThrow();
      Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "the old cluster " + old + " deleted",
          () -> !RayServiceState.clusters(client, ns, SERVICE).contains(old));
      long deletedMillis = millisSince(t0);
      Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "the old cluster's Ray processes stopped",
          () -> simulator.rayProcessGroups(ns, old).stream().noneMatch(NodeSimulator::processGroupAlive));
      long stoppedMillis = millisSince(t0);
      Thread.sleep(3000); // and still flow afterwards
      loop.stop();
      log.info("RAYSERVICE E2E ZERO-DOWNTIME UPGRADE: cluster {} -> {}; change -> switch {} ms, -> old cluster "
          + "deleted {} ms, -> its Ray processes stopped {} ms; requests sent {}, succeeded {}, failed {} "
          + "({} requests/s, each a new connection through {}-serve-svc); rejected for want of an endpoint: {}",
          old, next, switchMillis, deletedMillis, stoppedMillis, loop.sent(), loop.succeeded(), loop.failed(),
          String.format("%.1f", loop.rate()), SERVICE, serveRoute.rejectedConnections());
      assertThat(loop.failures()).as("failed requests").isEmpty();
      assertThat(loop.failed()).isZero();
      assertThat(loop.succeeded()).isEqualTo(loop.sent());
      assertThat(loop.rate()).isGreaterThanOrEqualTo(20.0);
      assertThat(RayServiceState.clusters(client, ns, SERVICE)).containsExactly(next);
      assertThat(FreshConnectionGet.send(serveRoute.port(), "/", REQUEST_TIMEOUT).body())
          .isEqualTo("howdy from raykube v1");
    } finally {
      loop.close();
    }
  }

  @Test
  @Order(4)
  void deletingItWithTheOperatorRunningRemovesEverythingItCreated() throws Exception {
    String ns = namespace;
    List<String> clusters = RayServiceState.clusters(client, ns, SERVICE);
    assertThat(clusters).isNotEmpty();
    assertThat(client.services().inNamespace(ns).list().getItems()).isNotEmpty();
    long t0 = System.nanoTime();
    client.resources(RayService.class).inNamespace(ns).withName(SERVICE).delete();
    awaitNothingLeft(ns, SERVICE, clusters);
    log.info("RAYSERVICE E2E: deleted with the operator running; everything gone after {} ms", millisSince(t0));
  }

  @Test
  @Order(5)
  void deletingItWhileTheOperatorIsStoppedRemovesEverythingOnceItRunsAgain() throws Exception {
    String ns = namespace;
    String name = "greeter-offline";
    client.resource(rayService(name)).inNamespace(ns).create();
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayService " + name + " Ready and Running",
        () -> RayServiceState.read(client, ns, name).readyAndRunning());
    List<String> clusters = RayServiceState.clusters(client, ns, name);
    assertThat(clusters).hasSize(1);

    operator.close();
    operator = null;
    client.resources(RayService.class).inNamespace(ns).withName(name).delete();
    Thread.sleep(5000);
    RayService held = client.resources(RayService.class).inNamespace(ns).withName(name).get();
    assertThat(held).as("the RayService, held by its finalizer while no operator runs").isNotNull();
    assertThat(held.getMetadata().getDeletionTimestamp()).isNotNull();
    assertThat(held.getMetadata().getFinalizers()).contains("ray.io/rayservice-finalizer");
    assertThat(RayServiceState.clusters(client, ns, name)).isEqualTo(clusters);

    long t0 = System.nanoTime();
    operator = startOperator();
    awaitNothingLeft(ns, name, clusters);
    log.info("RAYSERVICE E2E: deleted while the operator was stopped; everything gone {} ms after its restart",
        millisSince(t0));
  }

  /** The RayService gone, and with it every RayCluster, Pod and Service of the namespace and every Ray process. */
  private static void awaitNothingLeft(String ns, String name, List<String> clusters) {
    Eventually.await(Duration.ofSeconds(120), E2eWaits.POLL, "RayService " + name + " and everything it created gone",
        () -> RayServiceState.read(client, ns, name).service() == null
            && RayServiceState.clusters(client, ns, name).isEmpty()
            && client.pods().inNamespace(ns).list().getItems().isEmpty()
            && client.services().inNamespace(ns).list().getItems().isEmpty());
    Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "no Ray process of " + clusters + " left",
        () -> clusters.stream().flatMap(c -> simulator.rayProcessGroups(ns, c).stream())
            .noneMatch(NodeSimulator::processGroupAlive));
  }

  private static boolean answers(String expected) {
    try {
      FreshConnectionGet answer = FreshConnectionGet.send(serveRoute.port(), "/", REQUEST_TIMEOUT);
      return answer.status() == 200 && answer.body().equals(expected);
    } catch (IOException e) {
      return false;
    }
  }

  private static RayService rayService(String name) {
    return Serialization.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayService
        metadata:
          name: %s
        spec:
          rayClusterDeletionDelaySeconds: 5
          serveConfigV2: |
        %s
          rayClusterConfig:
            rayVersion: "2.60.0"
            headGroupSpec:
              rayStartParams: {}
              template:
                spec:
                  containers:
                    - name: ray-head
                      image: rayproject/ray:2.60.0
                      env:
                        - name: PYTHONPATH
                          value: /home/ray/serve-apps
                      ports:
                        - containerPort: 8000
                          name: serve
                      volumeMounts:
                        - name: serve-apps
                          mountPath: /home/ray/serve-apps
                  volumes:
                    - name: serve-apps
                      configMap:
                        name: raykube-serve-app
        """.formatted(name, serveConfig(null).indent(4).stripTrailing()), RayService.class);
  }

  /**
   * The serve config: the greeter app at {@code /}, with {@code user_config.greeting} if not null. The proxy runs on
   * the head only, as the node simulator starts Serve (so the workers are not labelled {@code ray.io/serve=true}).
   */
  private static String serveConfig(String greeting) {
    List<String> lines = new ArrayList<>(List.of("proxy_location: HeadOnly", "applications:", "  - name: greeter",
        "    import_path: raykube_serve_app:app", "    route_prefix: /"));
    if (greeting != null) {
      lines.addAll(List.of("    deployments:", "      - name: Greeter", "        user_config:",
          "          greeting: " + greeting));
    }
    return String.join("\n", lines) + "\n";
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
