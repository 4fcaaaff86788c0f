package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.testing.DeployManifests;
import dev.raykube.operator.testing.GreeterRayService;
import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.operator.testing.RecordingReconciler;
import dev.raykube.operator.testing.RunningOperator;
import dev.raykube.operator.testing.ServeEndpointSlice;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Eventually;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The operator runtime ({@link RayOperator#start}) on the CRUD mock: health and metrics, the namespaces watched,
 * leader election, closing — with a controller that only records its reconciles — and the one test of the module
 * that runs real controllers in it ({@link RunningOperator}): a RayService next to the RayCluster controller. Every
 * other controller test calls its reconciler directly.
 */
@EnableKubernetesMockClient(crud = true)
class RayOperatorRuntimeTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final String LEASE_NAMESPACE = "raykube-system";
  private static final String SERVING = "serving";
  private static final RuntimeOptions FAST_ELECTION = RuntimeOptions.production()
      .withLeaderElectionTimings(Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(400));

  private final List<RecordingReconciler> reconcilers = new CopyOnWriteArrayList<>();
  private RayOperator operator;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
    for (String ns : List.of("ray-a", "ray-b", SERVING, LEASE_NAMESPACE)) {
      client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(ns).endMetadata().build())
          .create();
    }
  }

  @AfterEach
  void stop() {
    if (operator != null) {
      operator.close();
    }
    client.resources(RayCluster.class).inAnyNamespace().delete();
    client.leases().inNamespace(LEASE_NAMESPACE).delete();
  }

  private static Config mockConfig() {
    return new ConfigBuilder(client.getConfiguration()).build();
  }

  private RayOperator start(OperatorSettings settings, RuntimeOptions options) throws StartupFailure {
    operator = RayOperator.start(settings, mockConfig(),
        List.of(RecordingReconciler.definition("recording", reconcilers)), options);
    return operator;
  }

  private static RayCluster cluster(String namespace, String name) {
    RayCluster cluster = new RayCluster();
    cluster.getMetadata().setNamespace(namespace);
    cluster.getMetadata().setName(name);
    cluster.setSpec(new RayClusterSpec());
    return client.resource(cluster).create();
  }

  private List<String> reconciled() {
    return reconcilers.stream().flatMap(r -> r.reconciled().stream()).toList();
  }

  @Test
  void withoutControllersTheOperatorIsReadyAndServesHealthAndMetrics() throws Exception {
    operator = RayOperator.start(TestSettings.of(), mockConfig(), List.of(), RuntimeOptions.production());

    assertThat(operator.isReady()).isTrue();
    assertThat(HttpProbe.get(operator.healthPort(), "/healthz")).isEqualTo(new HttpProbe.Answer(200, "ok\n"));
    assertThat(HttpProbe.get(operator.healthPort(), "/readyz")).isEqualTo(new HttpProbe.Answer(200, "ok\n"));
    assertThat(HttpProbe.get(operator.healthPort(), "/nope").status()).isEqualTo(404);
    HttpProbe.Answer metrics = HttpProbe.get(operator.metricsPort(), "/metrics");
    assertThat(metrics.status()).isEqualTo(200);
    assertThat(metrics.body())
        .contains("raykube_rayclusters{state=\"ready\"} 0.0", "raykube_rayclusters{state=\"none\"} 0.0")
        .contains("raykube_build_info{version=")
        .contains("jvm_memory_used_bytes")
        .containsPattern("raykube_kube_api_requests_total\\{code=\"200\",method=\"GET\"} [1-9]");
  }

  @Test
  void registeredControllerReconcilesAndFeedsMetrics() throws Exception {
    RayCluster ready = cluster("ray-a", "ready-one");
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.READY);
    ready.setStatus(status);
    client.resource(ready).updateStatus();
    cluster("ray-b", "fresh-one");

    start(TestSettings.of(), RuntimeOptions.production());

    Eventually.await(Duration.ofSeconds(10), "both clusters reconciled",
        () -> reconciled().containsAll(List.of("ray-a/ready-one", "ray-b/fresh-one")));
    assertThat(operator.isLeading()).isTrue();
    assertThat(operator.clusterStates().counts()).containsEntry("ready", 1L).containsEntry("none", 1L);
    // JOSDK counts a reconcile's execution after it returns, so wait for the count itself, not for the reconcile.
    java.util.regex.Pattern executed = java.util.regex.Pattern.compile(
        "operator_sdk_controllers_execution_reconcile_seconds_count\\{[^}]*controller=\"recording\"");
    Eventually.await("the reconcile executions counted in /metrics",
        () -> executed.matcher(HttpProbe.get(operator.metricsPort(), "/metrics").body()).find());
    String metrics = HttpProbe.get(operator.metricsPort(), "/metrics").body();
    assertThat(metrics)
        .contains("raykube_rayclusters{state=\"ready\"} 1.0", "raykube_rayclusters{state=\"none\"} 1.0")
        .containsPattern("operator_sdk_reconciliations_started_total\\{[^}]*kind=\"RayCluster\"[^}]*} [1-9]")
        .containsPattern("operator_sdk_controllers_execution_reconcile_seconds_count\\{[^}]*controller=\"recording\"")
        .contains("raykube_leader 1.0");
    assertThat(HttpProbe.get(operator.healthPort(), "/healthz").status()).isEqualTo(200);
  }

  @Test
  void onlyTheConfiguredNamespacesAreWatched() throws Exception {
    cluster("ray-b", "outside");
    cluster("ray-a", "inside");
    MockApiRequests.drain(server);

    start(TestSettings.of("--namespaces=ray-a"), RuntimeOptions.production());

    Eventually.await(Duration.ofSeconds(10), "ray-a/inside reconciled", () -> reconciled().contains("ray-a/inside"));
    assertThat(reconciled()).doesNotContain("ray-b/outside");
    assertThat(MockApiRequests.drain(server)).filteredOn(r -> r.resource().equals("rayclusters") && (r.isRead() || r.isWatch()))
        .as("the operator's lists and watches of RayClusters").isNotEmpty()
        .allSatisfy(r -> assertThat(r.path()).contains("/namespaces/ray-a/"));
  }

  @Test
  void leaderElectionTakesTheLeaseAndReconcilesAsLeader() throws Exception {
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
        .andReturn(201, DeployManifests.leaderElectionRulesReview()).once();
    cluster("ray-a", "led");

    start(TestSettings.of("--leader-election", "--leader-election-namespace=" + LEASE_NAMESPACE),
        FAST_ELECTION);

    assertThat(operator.isReady()).as("ready before or while electing").isTrue();
    Eventually.await(Duration.ofSeconds(10), "leadership", operator::isLeading);
    Eventually.await(Duration.ofSeconds(10), "reconcile as leader", () -> reconciled().contains("ray-a/led"));
    Lease lease = client.leases().inNamespace(LEASE_NAMESPACE).withName(OperatorSettings.DEFAULT_LEASE_NAME).get();
    assertThat(lease).isNotNull();
    assertThat(lease.getSpec().getHolderIdentity()).isNotBlank();
    assertThat(HttpProbe.get(operator.metricsPort(), "/metrics").body()).contains("raykube_leader 1.0");

    operator.close();
    assertThat(operator.termination().get(5, TimeUnit.SECONDS)).isEqualTo(Termination.STOPPED);
  }

  @Test
  void losingTheLeaseEndsTheOperatorWithLeadershipLost() throws Exception {
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
        .andReturn(201, DeployManifests.leaderElectionRulesReview()).once();
    start(TestSettings.of("--leader-election", "--leader-election-namespace=" + LEASE_NAMESPACE), FAST_ELECTION);
    Eventually.await(Duration.ofSeconds(10), "leadership", operator::isLeading);

    stealLease(OperatorSettings.DEFAULT_LEASE_NAME, "another-replica");

    assertThat(operator.termination().get(15, TimeUnit.SECONDS)).isEqualTo(Termination.LEADERSHIP_LOST);
    assertThat(operator.isLeading()).isFalse();
    assertThat(HttpProbe.get(operator.healthPort(), "/healthz").status()).isEqualTo(503);
    assertThat(HttpProbe.get(operator.healthPort(), "/readyz").status()).isEqualTo(503);
  }

  /** Makes another identity the holder for ten minutes, retrying when the leader's renewal got in between. */
  private static void stealLease(String name, String holder) {
    for (int attempt = 0; ; attempt++) {
      try {
        client.leases().inNamespace(LEASE_NAMESPACE).withName(name).edit(lease -> {
          lease.getSpec().setHolderIdentity(holder);
          lease.getSpec().setRenewTime(ZonedDateTime.now());
          lease.getSpec().setLeaseDurationSeconds(600);
          return lease;
        });
        return;
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == 20) {
          throw e;
        }
      }
    }
  }

  @Test
  void leaderElectionWithoutLeasePermissionFailsToStart() {
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
        .andReturn(201, new SelfSubjectRulesReviewBuilder().withNewStatus().withIncomplete(false).endStatus().build())
        .once();

    assertThatThrownBy(() -> start(TestSettings.of("--leader-election",
        "--leader-election-namespace=" + LEASE_NAMESPACE), FAST_ELECTION))
        .isInstanceOf(StartupFailure.class)
        .hasMessageStartingWith("The operator could not start its controllers: ")
        .hasMessageContaining("No permission to lease resource")
        .hasMessageContaining("missing required verbs: [create, update, get]")
        .hasMessageEndingWith(".");
    operator = null;
  }

  @Test
  void closeStopsEndpointsAndIsIdempotent() throws Exception {
    start(TestSettings.of(), RuntimeOptions.production());
    int health = operator.healthPort();
    int metrics = operator.metricsPort();
    assertThat(HttpProbe.listening(health)).isTrue();

    operator.close();
    operator.close();

    assertThat(operator.awaitTermination()).isEqualTo(Termination.STOPPED);
    assertThat(operator.isReady()).isFalse();
    assertThat(HttpProbe.listening(health)).isFalse();
    assertThat(HttpProbe.listening(metrics)).isFalse();
  }

  /**
   * The RayService controller in the runtime next to the RayCluster controller, a {@link FakeRayDashboard} as every
   * head's dashboard: JOSDK puts its finalizer on, the informers' events (a cluster getting ready, the serve Service's
   * EndpointSlice) bring it to Ready, the RayCluster controller's Pods carry its origin labels, and its deletion
   * removes its clusters before JOSDK takes the finalizer off. The mock has no EndpointSlice controller: the test
   * writes the slice as it would ({@link ServeEndpointSlice}). The decisions are tested in
   * {@code ray-service-lifecycle} and by direct reconciles ({@code RayServiceSuspendTimeoutValidationTest}).
   */
  @Test
  void rayServiceBecomesReadyAndItsDeletionRemovesItsClustersFirst() throws Exception {
    String name = "greeter";
    try (FakeRayDashboard dashboard = FakeRayDashboard.create().start();
        RunningOperator running = RunningOperator.start(client,
            List.of(RunningOperator.rayClusters(), RunningOperator.rayServices(dashboard.url())))) {
      client.resource(GreeterRayService.named(name)).inNamespace(SERVING).create();

      Eventually.await("the RayService holds its finalizer", () -> rayService(name).getMetadata().getFinalizers()
          .contains(FinalizerNames.RAYSERVICE));
      Eventually.await("the serve config reached the head",
          () -> !dashboard.requests("PUT", "/api/serve/applications/").isEmpty(), () -> state(name, dashboard));
      Eventually.await("the serve Service exists", () -> serveService(name) != null, () -> state(name, dashboard));
      ServeEndpointSlice.create(client, serveService(name), "10.0.0.1");

      Eventually.await("Ready", () -> ready(rayService(name)), () -> state(name, dashboard));
      RayService ready = rayService(name);
      assertThat(ready.getStatus().getServiceStatus()).isEqualTo("Running");
      assertThat(ready.getStatus().getNumServeEndpoints()).isEqualTo(1);
      String active = ready.getStatus().getActiveServiceStatus().getRayClusterName();
      assertThat(active).startsWith(name + "-");
      assertThat(clusters(name)).extracting(c -> c.getMetadata().getName()).containsExactly(active);
      assertThat(serveService(name).getSpec().getSelector()).containsEntry("ray.io/cluster", active);
      assertThat(client.pods().inNamespace(SERVING).withLabel("ray.io/cluster", active).list().getItems())
          .as("the cluster's Pods carry the RayService's origin labels (kubectl get pods -l selects them)")
          .isNotEmpty().allSatisfy(pod -> assertThat(pod.getMetadata().getLabels())
              .containsEntry("ray.io/originated-from-crd", "RayService")
              .containsEntry("ray.io/originated-from-cr-name", name));

      client.resource(ready).delete();
      Eventually.await("the RayService is gone", () -> rayService(name) == null, () -> state(name, dashboard));
      assertThat(clusters(name)).as("its clusters were deleted before the finalizer went").isEmpty();
    }
  }

  private static RayService rayService(String name) {
    return client.resources(RayService.class).inNamespace(SERVING).withName(name).get();
  }

  private static boolean ready(RayService rayService) {
    return rayService.getStatus() != null && rayService.getStatus().getConditions() != null
        && rayService.getStatus().getConditions().stream().anyMatch(c -> "Ready".equals(c.getType())
            && "True".equals(c.getStatus()) && "NonZeroServeEndpoints".equals(c.getReason()));
  }

  private static List<RayCluster> clusters(String name) {
    return client.resources(RayCluster.class).inNamespace(SERVING)
        .withLabel("ray.io/originated-from-cr-name", name).list().getItems();
  }

  private static Service serveService(String name) {
    return client.services().inNamespace(SERVING).withName(name + "-serve-svc").get();
  }

  /** What the RayService, its clusters and Pods and the dashboard show now: why a wait timed out. */
  private static String state(String name, FakeRayDashboard dashboard) {
    StringBuilder state = new StringBuilder("RayService: ").append(Serialization.asYaml(rayService(name)));
    for (RayCluster cluster : clusters(name)) {
      state.append("RayCluster ").append(cluster.getMetadata().getName()).append(": ")
          .append(Serialization.asYaml(cluster.getStatus()));
    }
    client.pods().inNamespace(SERVING).list().getItems().forEach(p -> state.append("Pod ")
        .append(p.getMetadata().getName()).append(" labels ").append(p.getMetadata().getLabels()).append(" status ")
        .append(p.getStatus() == null ? null : p.getStatus().getPhase()).append('\n'));
    return state.append("dashboard requests: ").append(dashboard.requests()).toString();
  }
}
