package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.OperatorSettings;
import dev.raykube.operator.testing.DeployManifests;
import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.RecordingReconciler;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Eventually;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.authorization.v1.SelfSubjectRulesReviewBuilder;
import io.fabric8.kubernetes.api.model.coordination.v1.Lease;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class RayOperatorRuntimeTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final String LEASE_NAMESPACE = "raykube-system";
  private static final RuntimeOptions FAST_ELECTION = RuntimeOptions.production()
      .withLeaderElectionTimings(Duration.ofSeconds(3), Duration.ofSeconds(2), Duration.ofMillis(400));

  private final List<RecordingReconciler> reconcilers = new CopyOnWriteArrayList<>();
  private RayOperator operator;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
    for (String ns : List.of("ray-a", "ray-b", LEASE_NAMESPACE)) {
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

    start(TestSettings.of("--namespaces=ray-a"), RuntimeOptions.production());

    Eventually.await(Duration.ofSeconds(10), "ray-a/inside reconciled", () -> reconciled().contains("ray-a/inside"));
    TimeUnit.MILLISECONDS.sleep(500);
    assertThat(reconciled()).doesNotContain("ray-b/outside");
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
}
