package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.sandbox.NodeSimulator;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.api.model.rbac.ClusterRoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A RayCluster on the real API server with the operator in-process and the node simulator running real Ray: one head
 * and one worker group of one replica come up as a real Ray cluster of two alive nodes, the RayCluster becomes ready,
 * and deleting it lets the controller-manager's garbage collector remove the Pods and the simulator stop every Ray
 * process of the cluster. A cluster with token authentication runs its head with the token of its auth Secret, and
 * the simulator's dashboard access hands that token to the operator. A cluster with Kubernetes tokens
 * ({@code enableK8sTokenAuth}) has real Ray check every token with the API server: its worker joins with its Pod's
 * service-account token, and the dashboard refuses a token without the {@code ray:write} grant. The operator runs
 * with KubeRay's Configuration file ({@code --config}), whose default Pod labels and annotations reach every Ray Pod.
 */
class RayClusterE2eTest {

  /** The control plane of e2e/run, this class's namespace, and the node sandbox with real Ray heads. */
  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("raycluster");

  private static final Logger log = LoggerFactory.getLogger(RayClusterE2eTest.class);
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private static KubernetesClient client;
  private static String namespace;
  private static NodeSimulator simulator;
  private static InProcessOperator operator;

  @BeforeAll
  static void startOperatorAndNode() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    simulator = kube.nodes();
    // KubeRay's Configuration file, as its Helm chart passes it: default labels and annotations for every Ray Pod.
    Path configuration = Files.createTempFile("kuberay-configuration", ".yaml");
    Files.writeString(configuration, """
        apiVersion: config.ray.io/v1alpha1
        kind: Configuration
        defaultPodLabels:
          team: platform
          tier: from-configuration
        defaultPodAnnotations:
          example.com/owner: platform
        """);
    operator = InProcessOperator.start(kube.config(), simulator.dashboardAccess(),
        "--namespaces=" + namespace, "--config=" + configuration);
  }

  @AfterAll
  static void stopAll() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void headAndWorkerComeUpAsARealRayClusterAndGoAwayWithIt() throws Exception {
    String ns = namespace;
    long t0 = System.nanoTime();
    client.resource(cluster(ns, "e2e-cluster")).create();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayCluster e2e-cluster ready",
        () -> state(ns, "e2e-cluster") == ClusterState.READY);
    long readyMillis = millisSince(t0);
    List<Pod> pods = pods(ns, "e2e-cluster");
    assertThat(pods).hasSize(2);
    Pod head = pods.stream().filter(p -> "head".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
        .findFirst().orElseThrow();
    Pod worker = pods.stream().filter(p -> "worker".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
        .findFirst().orElseThrow();
    for (Pod pod : pods) {
      assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
      assertThat(pod.getStatus().getPodIP()).startsWith("10.244.");
      assertThat(pod.getSpec().getNodeName()).isEqualTo(simulator.nodeName());
      assertThat(pod.getStatus().getConditions()).anySatisfy(c -> {
        assertThat(c.getType()).isEqualTo("Ready");
        assertThat(c.getStatus()).isEqualTo("True");
      });
      assertThat(pod.getStatus().getContainerStatuses()).allSatisfy(s -> {
        assertThat(s.getReady()).isTrue();
        assertThat(s.getState().getRunning()).isNotNull();
      });
    }
    assertThat(head.getSpec().getInitContainers()).isEmpty();
    for (Pod pod : pods) {
      assertThat(pod.getMetadata().getLabels()).as("--config's defaultPodLabels, the template's label winning")
          .containsEntry("team", "platform").containsEntry("tier", "template");
      assertThat(pod.getMetadata().getAnnotations()).containsEntry("example.com/owner", "platform");
    }
    ContainerStatus init = worker.getStatus().getInitContainerStatuses().stream()
        .filter(s -> s.getName().equals("wait-gcs-ready")).findFirst().orElseThrow();
    assertThat(init.getState().getTerminated().getExitCode()).isZero();
    RayCluster ready = client.resources(RayCluster.class).inNamespace(ns).withName("e2e-cluster").get();
    assertThat(ready.getStatus().getReadyWorkerReplicas()).isEqualTo(1);
    assertThat(head.getStatus().getPodIP()).isNotEqualTo(worker.getStatus().getPodIP());
    assertThat(ready.getStatus().getHead().getPodIP()).isEqualTo(head.getStatus().getPodIP());

    String dashboard = simulator.dashboardUrl(ns, "e2e-cluster").orElseThrow();
    Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "2 alive nodes reported by the head's dashboard",
        () -> new HeadDashboard(dashboard).aliveNodes(null) == 2);
    log.info("RayCluster ready after {} ms; Ray reports 2 alive nodes", readyMillis);
    // A worker whose raylet did not register within Ray's 30 s (a loaded machine) exits; its Pod becomes Failed and
    // the operator replaces it, so more groups than two may have been started. Exactly two run now.
    List<Long> groups = simulator.rayProcessGroups(ns, "e2e-cluster");
    assertThat(groups.stream().filter(NodeSimulator::processGroupAlive)).hasSize(2);
    if (groups.size() > 2) {
      log.warn("{} ray start processes were started for 2 Pods: {} exited and their Pods were replaced",
          groups.size(), groups.size() - 2);
    }

    long deleted = System.nanoTime();
    client.resources(RayCluster.class).inNamespace(ns).withName("e2e-cluster").delete();
    Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "the garbage collector deleted the Pods of e2e-cluster",
        () -> pods(ns, "e2e-cluster").isEmpty());
    long podsGoneMillis = millisSince(deleted);
    Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "no Ray process of e2e-cluster left",
        () -> groups.stream().noneMatch(NodeSimulator::processGroupAlive));
    log.info("RayCluster deleted: Pods collected after {} ms, Ray processes gone after {} ms", podsGoneMillis,
        millisSince(deleted));
    assertThat(simulator.dashboardUrl(ns, "e2e-cluster")).isEmpty();
  }

  @Test
  void tokenAuthClusterRunsItsHeadWithTheTokenOfItsSecret() throws Exception {
    String ns = namespace;
    RayCluster cluster = cluster(ns, "e2e-token");
    cluster.getSpec().setWorkerGroupSpecs(List.of());
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    cluster.getSpec().setAuthOptions(auth);
    cluster.getSpec().setRayVersion("2.60.0"); // token auth needs 2.52 or later, and says so
    long t0 = System.nanoTime();
    client.resource(cluster).create();

    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayCluster e2e-token ready",
        () -> state(ns, "e2e-token") == ClusterState.READY);
    Secret secret = client.secrets().inNamespace(ns).withName("e2e-token").get();
    String token = new String(Base64.getDecoder().decode(secret.getData().get("auth_token")), StandardCharsets.UTF_8);
    RayCluster ready = client.resources(RayCluster.class).inNamespace(ns).withName("e2e-token").get();
    DashboardEndpoint endpoint = simulator.dashboardAccess().endpoint(ready).orElseThrow();
    assertThat(endpoint.token()).isEqualTo(token);
    assertThat(status(endpoint.url() + "/api/jobs/", null)).isEqualTo(401);
    assertThat(status(endpoint.url() + "/api/jobs/", token)).isEqualTo(200);
    log.info("token-auth RayCluster ready after {} ms; dashboard answers 401 without and 200 with the Secret's token",
        millisSince(t0));

    List<Long> groups = simulator.rayProcessGroups(ns, "e2e-token");
    client.resource(ready).delete();
    Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "no Ray process of e2e-token left",
        () -> pods(ns, "e2e-token").isEmpty() && groups.stream().noneMatch(NodeSimulator::processGroupAlive));
    assertThat(simulator.dashboardAccess().endpoint(ready)).isEmpty();
  }

  @Test
  void kubernetesTokensAreCheckedByTheApiServer() throws Exception {
    String ns = namespace;
    client.resource(new ServiceAccountBuilder().withNewMetadata().withName("ray-nodes").withNamespace(ns).endMetadata()
        .build()).create();
    client.resource(new ServiceAccountBuilder().withNewMetadata().withName("stranger").withNamespace(ns).endMetadata()
        .build()).create();
    try (InputStream roles = Files.newInputStream(Path.of("..", "ray-operator", "deploy", "ray-node-roles",
        "k8s_token_auth.yaml"))) {
      client.load(roles).forceConflicts().serverSideApply();
    }
    String reviewer = ns + "-ray-token-reviewer";
    client.resource(new ClusterRoleBindingBuilder().withNewMetadata().withName(reviewer).endMetadata()
        .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", "raykube-ray-token-reviewer")
        .addNewSubject().withKind("ServiceAccount").withName("ray-nodes").withNamespace(ns).endSubject().build())
        .create();
    client.resource(new RoleBindingBuilder().withNewMetadata().withName("ray-writer").withNamespace(ns).endMetadata()
        .withNewRoleRef("rbac.authorization.k8s.io", "ClusterRole", "raykube-ray-writer")
        .addNewSubject().withKind("ServiceAccount").withName("ray-nodes").withNamespace(ns).endSubject().build())
        .create();
    try {
      RayCluster cluster = cluster(ns, "e2e-k8s-tokens");
      AuthOptions auth = new AuthOptions();
      auth.setMode("token");
      auth.setEnableK8sTokenAuth(true);
      cluster.getSpec().setAuthOptions(auth);
      cluster.getSpec().setRayVersion("2.60.0");
      cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setServiceAccountName("ray-nodes");
      cluster.getSpec().getWorkerGroupSpecs().get(0).getTemplate().getSpec().setServiceAccountName("ray-nodes");
      long t0 = System.nanoTime();
      client.resource(cluster).create();
      Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayCluster e2e-k8s-tokens ready",
          () -> state(ns, "e2e-k8s-tokens") == ClusterState.READY);
      assertThat(client.secrets().inNamespace(ns).withName("e2e-k8s-tokens").get()).as("no token Secret").isNull();

      String writer = token(ns, "ray-nodes");
      String dashboard = simulator.dashboardUrl(ns, "e2e-k8s-tokens").orElseThrow();
      assertThat(status(dashboard + "/api/jobs/", null)).isEqualTo(401);
      assertThat(status(dashboard + "/api/jobs/", token(ns, "stranger"))).as("a token without ray:write")
          .isEqualTo(403);
      assertThat(status(dashboard + "/api/jobs/", writer)).isEqualTo(200);
      Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "the worker joined with its Pod's token: 2 alive nodes",
          () -> new HeadDashboard(dashboard).aliveNodes(writer) == 2);
      log.info("Kubernetes-token RayCluster ready after {} ms; dashboard: 401 without a token, 403 with one lacking "
          + "ray:write, 200 with ray:write; 2 alive nodes", millisSince(t0));

      List<Long> groups = simulator.rayProcessGroups(ns, "e2e-k8s-tokens");
      client.resources(RayCluster.class).inNamespace(ns).withName("e2e-k8s-tokens").delete();
      Eventually.await(Duration.ofSeconds(90), E2eWaits.POLL, "no Ray process of e2e-k8s-tokens left",
          () -> pods(ns, "e2e-k8s-tokens").isEmpty() && groups.stream().noneMatch(NodeSimulator::processGroupAlive));
    } finally {
      client.rbac().clusterRoleBindings().withName(reviewer).delete();
    }
  }

  /** A token of the service account, from the API server (what {@code kubectl create token} prints). */
  private static String token(String ns, String account) {
    return client.serviceAccounts().inNamespace(ns).withName(account)
        .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(600L).endSpec().build())
        .getStatus().getToken();
  }

  private static int status(String url, String token) throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
  }

  private static RayCluster cluster(String ns, String name) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(ns).build());
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(template("ray-head"));
    spec.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("small");
    workers.setReplicas(1);
    workers.setMinReplicas(1);
    workers.setMaxReplicas(1);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(template("ray-worker"));
    spec.setWorkerGroupSpecs(List.of(workers));
    cluster.setSpec(spec);
    return cluster;
  }

  private static PodTemplateSpec template(String container) {
    return new PodTemplateSpecBuilder().withNewMetadata().addToLabels("tier", "template").endMetadata()
        .withNewSpec().addNewContainer().withName(container).withImage("rayproject/ray:2.60.0").endContainer()
        .endSpec().build();
  }

  private static ClusterState state(String ns, String name) {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(ns).withName(name).get();
    return cluster == null || cluster.getStatus() == null ? null : cluster.getStatus().getState();
  }

  private static List<Pod> pods(String ns, String cluster) {
    return client.pods().inNamespace(ns).withLabel("ray.io/cluster", cluster).list().getItems();
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
