package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.operator.testing.DeployManifests;
import dev.raykube.operator.testing.JavaProcess;
import dev.raykube.testing.Kubeconfigs;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The operator main as a separate process: real exit codes, real output streams, real SIGTERM. */
@EnableKubernetesMockClient(crud = true)
class RayOperatorMainProcessTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  @TempDir
  Path dir;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @Test
  void helpListsEveryOptionAndExitsZero() throws Exception {
    try (JavaProcess process = JavaProcess.mainClass(RayOperatorMain.class, List.of("--help"), Map.of())) {
      assertThat(process.waitFor(TIMEOUT)).isZero();
      String help = String.join("\n", process.stdout()).replaceAll("\\s+", " ");
      OperatorCommandLineTest.TWINS.forEach((option, env) -> assertThat(help).contains("Env: " + env));
      assertThat(process.stderr()).isEmpty();
    }
  }

  @Test
  void badEnvironmentValueExitsTwoNamingTheVariable() throws Exception {
    try (JavaProcess process = JavaProcess.mainClass(RayOperatorMain.class, List.of(),
        Map.of("ENABLE_LEADER_ELECTION", "maybe"))) {
      assertThat(process.waitFor(TIMEOUT)).isEqualTo(RayOperatorMain.EXIT_USAGE);
      assertThat(process.stderr().get(0)).isEqualTo("ray-operator: Invalid value for option '--leader-election': "
          + "'maybe' is not a boolean (from environment variable ENABLE_LEADER_ELECTION)");
    }
  }

  @Test
  void noReachableClusterExitsOneWithASingleSentenceAndNoStackTrace() throws Exception {
    int port = Kubeconfigs.unusedPort();
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), "https://127.0.0.1:" + port);
    try (JavaProcess process = JavaProcess.mainClass(RayOperatorMain.class, List.of(),
        Map.of("KUBECONFIG", kubeconfig.toString(), "HEALTH_PORT", "0", "METRICS_PORT", "0"))) {
      assertThat(process.waitFor(TIMEOUT)).isEqualTo(RayOperatorMain.EXIT_FAILURE);
      assertThat(process.stderr()).containsExactly("Cannot reach the Kubernetes API server at https://127.0.0.1:"
          + port + "/ (kubeconfig " + kubeconfig + ", context test-context): connection refused.");
      assertThat(process.stdout()).noneMatch(line -> line.contains("Exception") || line.startsWith("\tat "));
    }
  }

  @Test
  void runsAgainstTheClusterUntilSigtermThenStopsGracefully() throws Exception {
    // Leader election is on by default: answer Java Operator SDK's permission check as the API server would.
    server.expect().post().withPath("/apis/authorization.k8s.io/v1/selfsubjectrulesreviews")
        .andReturn(201, DeployManifests.leaderElectionRulesReview()).once();
    Path kubeconfig = Kubeconfigs.write(dir.resolve("config"), server.url("/"));
    try (JavaProcess process = JavaProcess.mainClass(RayOperatorMain.class,
        List.of("--kubeconfig=" + kubeconfig, "--health-port=0", "--metrics-port=0", "--log-format=json"),
        Map.of())) {
      process.awaitStdout(TIMEOUT, line -> line.contains("RayKube operator ready in"));
      process.awaitStdout(TIMEOUT, line -> line.contains("This replica is now the leader"));

      process.terminate();

      assertThat(process.waitFor(TIMEOUT)).as("exit status after SIGTERM").isEqualTo(128 + 15);
      assertThat(process.stdout()).anyMatch(line -> line.contains("RayKube operator stopped"));
      assertThat(process.stdout()).allMatch(line -> line.startsWith("{") && line.endsWith("}")
          && line.contains("\"level\":"));
      assertThat(process.stderr()).isEmpty();
    }
  }
}
