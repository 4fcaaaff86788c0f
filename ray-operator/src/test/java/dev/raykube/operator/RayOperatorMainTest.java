package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Eventually;
import dev.raykube.testing.Kubeconfigs;
import dev.raykube.testing.PodSimulator;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The main's start path in this JVM: settings → kubeconfig → runtime with the production controllers. */
@EnableKubernetesMockClient(crud = true)
class RayOperatorMainTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  /** The repository's sample manifests (tests run in the module directory). */
  private static final Path SAMPLES = Path.of("..", "examples", "manifests");
  /** Namespace of the samples test. */
  private static final String SAMPLES_NS = "samples";

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  private int run(String... args) {
    return RayOperatorMain.run(args, Map.of(), new PrintStream(out, true, StandardCharsets.UTF_8),
        new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  private List<String> errLines() {
    return err.toString(StandardCharsets.UTF_8).lines().toList();
  }

  @Test
  void launchStartsTheProductionOperatorFromAKubeconfig() throws Exception {
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), server.url("/"));
    try (RayOperator operator = RayOperatorMain.launch(TestSettings.of("--kubeconfig=" + kubeconfig))) {
      assertThat(operator.isReady()).isTrue();
      assertThat(HttpProbe.get(operator.healthPort(), "/readyz").status()).isEqualTo(200);
      assertThat(operator.client().getConfiguration().getUserAgent()).startsWith("raykube-operator/");
      assertThat(operator.client().getConfiguration().getMasterUrl()).isEqualTo(server.url("/"));
    }
  }

  @Test
  void theProductionOperatorReconcilesTheMinimalSampleEndToEnd() throws Exception {
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), server.url("/"));
    RayCluster sample = client.getKubernetesSerialization()
        .unmarshal(Files.readString(SAMPLES.resolve("raycluster-minimal.yaml")), RayCluster.class);
    try (RayOperator operator = RayOperatorMain.launch(TestSettings.of("--kubeconfig=" + kubeconfig))) {
      client.resource(sample).inNamespace("default").create();

      String name = sample.getMetadata().getName();
      Eventually.await(Duration.ofSeconds(30), "head Service, head Pod and worker Pod of " + name, () ->
          client.services().inNamespace("default").withName(name + "-head-svc").get() != null
              && client.pods().inNamespace("default").withLabel("ray.io/cluster", name).list().getItems().size() == 2);
      List<Pod> pods = client.pods().inNamespace("default").withLabel("ray.io/cluster", name).list().getItems();
      Pod worker = pods.stream().filter(p -> "worker".equals(p.getMetadata().getLabels().get("ray.io/node-type")))
          .findFirst().orElseThrow();
      List<Container> init = worker.getSpec().getInitContainers();
      assertThat(init.get(init.size() - 1).getName()).isEqualTo("wait-gcs-ready");
      Eventually.await(Duration.ofSeconds(30), "status written", () -> {
        RayCluster current = client.resources(RayCluster.class).inNamespace("default").withName(name).get();
        return current.getStatus() != null && current.getStatus().getObservedGeneration() != null;
      });
      // JOSDK counts a success only after the reconcile has returned, which can be after the status is visible.
      Pattern succeeded = Pattern.compile(
          "operator_sdk_reconciliations_success_total\\{[^}]*kind=\"RayCluster\"[^}]*} [1-9]");
      Eventually.await(Duration.ofSeconds(30), "a successful RayCluster reconcile counted on /metrics", () ->
          succeeded.matcher(HttpProbe.get(operator.metricsPort(), "/metrics").body()).find());
    }
  }

  @Test
  void unreachableClusterExitsWithOneSentenceNamingKubeconfigAndUrl() {
    int port = Kubeconfigs.unusedPort();
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), "https://127.0.0.1:" + port);

    int code = run("--kubeconfig=" + kubeconfig, "--health-port=0", "--metrics-port=0", "--log-level=error");

    assertThat(code).isEqualTo(RayOperatorMain.EXIT_FAILURE);
    assertThat(errLines()).containsExactly("Cannot reach the Kubernetes API server at https://127.0.0.1:" + port
        + "/ (kubeconfig " + kubeconfig + ", context test-context): connection refused.");
    assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void rejectedCredentialsExitWithOneSentence() throws Exception {
    List<String> paths = new CopyOnWriteArrayList<>();
    HttpServer apiServer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    apiServer.createContext("/", exchange -> {
      paths.add(exchange.getRequestURI().getPath());
      byte[] body = "{\"kind\":\"Status\",\"code\":401,\"message\":\"Unauthorized\"}".getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(401, body.length);
      exchange.getResponseBody().write(body);
      exchange.close();
    });
    apiServer.start();
    try {
      String url = "http://127.0.0.1:" + apiServer.getAddress().getPort() + "/";
      Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), url);

      int code = run("--kubeconfig=" + kubeconfig, "--health-port=0", "--metrics-port=0", "--log-level=error");

      assertThat(code).isEqualTo(RayOperatorMain.EXIT_FAILURE);
      assertThat(errLines()).containsExactly("The Kubernetes API server at " + url + " (kubeconfig " + kubeconfig
          + ", context test-context) rejected the operator's credentials (HTTP 401 Unauthorized).");
      assertThat(paths).isNotEmpty().allMatch("/version"::equals);
    } finally {
      apiServer.stop(0);
    }
  }

  @Test
  void usageErrorExitsWithTwo() {
    assertThat(run("--reconcile-concurrency=-1")).isEqualTo(RayOperatorMain.EXIT_USAGE);
    assertThat(errLines()).containsExactly("ray-operator: reconcile concurrency must be at least 1, not -1",
        "Run with --help for the list of options and their environment variables.");
  }

  @Test
  void helpExitsWithZero() {
    assertThat(run("--help")).isEqualTo(RayOperatorMain.EXIT_OK);
    assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: ray-operator", "--namespaces");
    assertThat(errLines()).isEmpty();
  }

  /** The operator as {@code java -jar} starts it reconciles the sample RayClusters end to end. */
  @Test
  void samplesBecomeReadyWithTheirServicePodsAndAutoscalerRbac() throws Exception {
    // The other tests of the class share the mock: their RayClusters would count in the operator's gauges.
    client.resources(RayCluster.class).inAnyNamespace().delete();
    client.pods().inAnyNamespace().delete();
    RayCluster existing = client.resource(sample("raycluster.yaml")).create();
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), server.url("/"));

    try (PodSimulator simulator = PodSimulator.start(client);
        RayOperator operator = RayOperatorMain.launch(TestSettings.of("--kubeconfig=" + kubeconfig))) {
      RayCluster minimal = client.resource(sample("raycluster-minimal.yaml")).create();

      for (RayCluster cluster : List.of(existing, minimal)) {
        String name = cluster.getMetadata().getName();
        Eventually.await(Duration.ofSeconds(20), name + " ready", () -> {
          RayClusterStatus status = client.resources(RayCluster.class).inNamespace(SAMPLES_NS).withName(name).get()
              .getStatus();
          return status != null && status.getState() != null && "ready".equals(status.getStateValue());
        });
        assertThat(client.services().inNamespace(SAMPLES_NS).withName(name + "-head-svc").get()).isNotNull();
        List<Pod> pods = client.pods().inNamespace(SAMPLES_NS).withLabel(RayClusterLabels.CLUSTER, name).list()
            .getItems();
        assertThat(pods).hasSize(2);
        Pod worker = pods.stream().filter(p -> "worker".equals(p.getMetadata().getLabels()
            .get(RayClusterLabels.NODE_TYPE))).findFirst().orElseThrow();
        List<Container> inits = worker.getSpec().getInitContainers();
        assertThat(inits).as("the injected wait is the last init container").isNotEmpty();
        assertThat(inits.get(inits.size() - 1).getName()).isEqualTo("wait-gcs-ready");
      }

      Pod sampleHead = client.pods().inNamespace(SAMPLES_NS)
          .withLabel(RayClusterLabels.CLUSTER, "raycluster-sample")
          .withLabel(RayClusterLabels.NODE_TYPE, "head").list().getItems().get(0);
      assertThat(sampleHead.getSpec().getContainers()).extracting(Container::getName)
          .containsExactly("ray-head", "autoscaler");
      assertThat(sampleHead.getSpec().getServiceAccountName()).isEqualTo("raycluster-sample");
      assertThat(client.serviceAccounts().inNamespace(SAMPLES_NS).withName("raycluster-sample").get()).isNotNull();
      assertThat(client.rbac().roles().inNamespace(SAMPLES_NS).withName("raycluster-sample").get()).isNotNull();
      assertThat(client.rbac().roleBindings().inNamespace(SAMPLES_NS).withName("raycluster-sample").get())
          .isNotNull();
      assertThat(client.serviceAccounts().inNamespace(SAMPLES_NS).withName("raycluster-minimal").get())
          .as("no autoscaler, no ServiceAccount").isNull();
      assertThat(operator.clusterStates().count("ready")).isEqualTo(2);
      assertThat(simulator.markedRunning()).isEqualTo(4);
    }
  }

  /** A sample RayCluster of {@code examples/manifests} in namespace {@value #SAMPLES_NS}. */
  private static RayCluster sample(String file) throws java.io.IOException {
    RayCluster cluster = client.getKubernetesSerialization().unmarshal(Files.readString(SAMPLES.resolve(file)),
        RayCluster.class);
    cluster.getMetadata().setNamespace(SAMPLES_NS);
    return cluster;
  }
}
