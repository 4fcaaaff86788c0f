package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.runtime.RayOperator;
import dev.raykube.operator.testing.HttpProbe;
import dev.raykube.operator.testing.Kubeconfigs;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.testing.Eventually;
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

  @TempDir
  Path dir;

  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
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
}
