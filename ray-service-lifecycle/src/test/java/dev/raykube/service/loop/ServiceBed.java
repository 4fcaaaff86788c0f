package dev.raykube.service.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.RecordedDashboardRequest;
import dev.raykube.kernel.ActionOutcome;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceSpec;
import dev.raykube.reconcile.EventRecorder;
import dev.raykube.reconcile.Reconciled;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.RayServiceDecision;
import dev.raykube.service.observe.ObservedRayService;
import dev.raykube.testing.MovableClock;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What the loop tests run against: the CRUD mock with the ray.io CRDs, {@link SimulatedKube} in place of the
 * RayCluster and EndpointSlice controllers, one {@link FakeRayDashboard} for every cluster
 * ({@link DashboardAccess#fixed}), a clock the test moves, and the loop with its real parts.
 */
final class ServiceBed implements AutoCloseable {
  static final String NS = "serving";
  static final String NAME = "fruit";
  static final String SERVE_YAML = "applications:\n  - name: fruit\n    import_path: fruit:app\n"
      + "    route_prefix: /fruit\n";

  final KubernetesClient client;
  final FakeRayDashboard fake;
  final DashboardClients clients;
  final MovableClock clock = MovableClock.atNow();
  final SimulatedKube kube;
  private final FinalizerSettings finalizerSettings;
  private final NameSuffixes suffixes;
  RayServiceLoop loop;

  ServiceBed(KubernetesClient client, KubernetesMockServer server) {
    this(client, server, FinalizerSettings.defaults());
  }

  ServiceBed(KubernetesClient client, KubernetesMockServer server, FinalizerSettings finalizerSettings) {
    this.client = client;
    server.reset();
    RayCrds.install(client, "rayservices", "rayclusters");
    this.fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(10)).build().start();
    this.clients = new DashboardClients(b -> b.retryPolicy(RetryPolicy.none()));
    this.kube = new SimulatedKube(client, NS);
    char[] next = {'b'};
    this.suffixes = () -> String.valueOf(next[0]++).repeat(NameSuffixes.LENGTH);
    this.finalizerSettings = finalizerSettings;
    this.loop = newLoop();
  }

  /** A loop as a restarted operator has it: nothing in memory. */
  void restartOperator() {
    loop = newLoop();
  }

  private RayServiceLoop newLoop() {
    return RayServiceLoop.builder(client).dashboardAccess(DashboardAccess.fixed(fake.url())).dashboards(clients)
        .events(new EventRecorder(client, "raykube-test", null, clock)).proxyProbe((ip, port) -> true)
        .nameSuffixes(suffixes).finalizerSettings(finalizerSettings).clock(clock).build();
  }

  @Override
  public void close() {
    clients.close();
    fake.close();
  }

  static RayClusterSpec clusterSpec(String image) {
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of("dashboard-host", "0.0.0.0"));
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage(image).endContainer().endSpec().build());
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("small");
    workers.setReplicas(1);
    workers.setMinReplicas(0);
    workers.setMaxReplicas(2);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-worker")
        .withImage(image).endContainer().endSpec().build());
    spec.setWorkerGroupSpecs(new ArrayList<>(List.of(workers)));
    return spec;
  }

  /** Creates RayService {@value #NAME} with a cluster and {@link #SERVE_YAML}, changed by {@code change}. */
  RayService create(Consumer<RayServiceSpec> change) {
    RayService service = new RayService();
    service.setMetadata(new ObjectMetaBuilder().withName(NAME).withNamespace(NS)
        .withFinalizers(FinalizerNames.RAYSERVICE).build());
    RayServiceSpec spec = new RayServiceSpec();
    spec.setRayClusterConfig(clusterSpec("rayproject/ray:2.60.0"));
    spec.setServeConfigV2(SERVE_YAML);
    change.accept(spec);
    service.setSpec(spec);
    return client.resource(service).create();
  }

  /** Changes the stored RayService's spec. */
  RayService edit(Consumer<RayServiceSpec> change) {
    RayService stored = stored();
    change.accept(stored.getSpec());
    return client.resource(stored).update();
  }

  RayService stored() {
    return client.resources(RayService.class).inNamespace(NS).withName(NAME).get();
  }

  /** One round of the world: the simulated controllers settle, then the loop reconciles the stored RayService. */
  Reconciled<RayService, ObservedRayService, RayServiceDecision, ActionOutcome<RayServiceAction>> step() {
    kube.settle();
    return loop.reconcile(stored());
  }

  /** Steps until {@code done} holds for the stored RayService (waiting a little for the fake's deploys). */
  RayService stepUntil(String what, Predicate<RayService> done) {
    for (int i = 0; i < 100; i++) {
      step();
      RayService now = stored();
      if (done.test(now)) {
        return now;
      }
      sleep(20);
    }
    throw new AssertionError("not reached within 100 rounds: " + what + "; status " + stored().getStatus());
  }

  RayService untilReady() {
    return stepUntil("Ready", s -> s.getStatus() != null && "Running".equals(s.getStatus().getServiceStatus()));
  }

  List<RayCluster> clusters() {
    return client.resources(RayCluster.class).inNamespace(NS).list().getItems();
  }

  List<String> clusterNames() {
    return clusters().stream().map(c -> c.getMetadata().getName()).sorted().toList();
  }

  List<RecordedDashboardRequest> serveDeploys() {
    return fake.requests("PUT", "/api/serve/applications/");
  }

  List<Event> kubeEvents() {
    return client.v1().events().inNamespace(NS).list().getItems();
  }

  List<String> reasons() {
    return kubeEvents().stream().map(Event::getReason).toList();
  }

  static String activeName(RayService service) {
    return service.getStatus().getActiveServiceStatus() == null ? null
        : service.getStatus().getActiveServiceStatus().getRayClusterName();
  }

  static String pendingName(RayService service) {
    return service.getStatus().getPendingServiceStatus() == null ? null
        : service.getStatus().getPendingServiceStatus().getRayClusterName();
  }

  String selectedCluster(String serviceName) {
    return client.services().inNamespace(NS).withName(serviceName).require().getSpec().getSelector()
        .get("ray.io/cluster");
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  static void assertOwnedBy(io.fabric8.kubernetes.api.model.HasMetadata object, RayService owner) {
    assertThat(object.getMetadata().getOwnerReferences()).singleElement().satisfies(ref -> {
      assertThat(ref.getUid()).isEqualTo(owner.getMetadata().getUid());
      assertThat(ref.getKind()).isEqualTo("RayService");
      assertThat(ref.getController()).isTrue();
    });
  }
}
