package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.BatchScheduler;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** KubeRay's Configuration file given with {@code --config}, as its Helm chart's {@code configuration.enabled} does. */
class KubeRayConfigurationTest {

  private static final String HEADER = "apiVersion: config.ray.io/v1alpha1\nkind: Configuration\n";

  @TempDir
  Path dir;

  private Path file(String yaml) throws IOException {
    Path file = dir.resolve("config.yaml");
    Files.writeString(file, yaml);
    return file;
  }

  private OperatorSettings settings(String yaml, String... flags) throws IOException {
    List<String> args = new ArrayList<>(List.of("--config=" + file(yaml)));
    args.addAll(List.of(flags));
    CommandLineOutcome outcome = OperatorCommandLine.parse(args.toArray(String[]::new), Map.of());
    assertThat(outcome).as(yaml).isInstanceOf(CommandLineOutcome.Run.class);
    return ((CommandLineOutcome.Run) outcome).settings();
  }

  private String usageError(String yaml) throws IOException {
    CommandLineOutcome outcome = OperatorCommandLine.parse(new String[] {"--config=" + file(yaml)}, Map.of());
    assertThat(outcome).as(yaml).isInstanceOf(CommandLineOutcome.UsageError.class);
    return ((CommandLineOutcome.UsageError) outcome).message();
  }

  @Test
  void everyFieldRayKubeHonoursIsRead() throws IOException {
    OperatorSettings s = settings(HEADER + """
        metricsAddr: ":9090"
        probeAddr: "0.0.0.0:9091"
        enableLeaderElection: false
        leaderElectionNamespace: ops
        reconcileConcurrency: 3
        watchNamespace: "team-a,team-b"
        logFileEncoder: json
        logStdoutEncoder: console
        enableMetrics: false
        qps: 40
        burst: 60
        useKubernetesProxy: false
        enableBatchScheduler: false
        deleteRayJobAfterJobFinishes: true
        defaultPodLabels:
          team: platform
        defaultPodAnnotations:
          sidecar.istio.io/inject: "false"
        defaultContainerEnvs:
        - name: RAY_enable_open_telemetry
          value: "1"
        headSidecarContainers:
        - name: log-shipper
          image: fluent/fluent-bit:3.2
        workerSidecarContainers:
        - name: proxy
          image: envoyproxy/envoy:v1.33
          args: ["--config-path", "/etc/envoy.yaml"]
        """);

    assertThat(s.metricsPort()).isEqualTo(9090);
    assertThat(s.healthPort()).isEqualTo(9091);
    assertThat(s.leaderElection()).isFalse();
    assertThat(s.leaseNamespace()).contains("ops");
    assertThat(s.reconcileConcurrency()).isEqualTo(3);
    assertThat(s.namespaces()).containsExactly("team-a", "team-b");
    assertThat(s.kubeRayMetrics()).isFalse();
    assertThat(s.kubeQps()).isEqualTo(40);
    assertThat(s.kubeBurst()).isEqualTo(60);
    assertThat(s.logFormat()).as("the encoders come from the flags, as in KubeRay").isEqualTo(LogFormat.TEXT);
    assertThat(s.podDefaults().labels()).containsExactly(Map.entry("team", "platform"));
    assertThat(s.podDefaults().annotations()).containsExactly(Map.entry("sidecar.istio.io/inject", "false"));
    assertThat(s.podDefaults().headSidecars()).extracting(Container::getName).containsExactly("log-shipper");
    assertThat(s.podDefaults().workerSidecars().get(0).getArgs()).containsExactly("--config-path", "/etc/envoy.yaml");
    assertThat(s.defaultContainerEnv()).extracting(EnvVar::getName).containsExactly("RAY_enable_open_telemetry");
  }

  @Test
  void theFileWinsOverFlagsAndFlagsFillWhatItLeavesOut() throws IOException {
    OperatorSettings s = settings(HEADER + "qps: 40\nwatchNamespace: from-file\n", "--qps=7", "--kube-burst=9",
        "--watch-namespace=from-flag", "--reconcile-concurrency=5", "--log-stdout-encoder=json");

    assertThat(s.kubeQps()).isEqualTo(40);
    assertThat(s.namespaces()).containsExactly("from-file");
    assertThat(s.kubeBurst()).isEqualTo(9);
    assertThat(s.reconcileConcurrency()).isEqualTo(5);
    assertThat(s.logFormat()).isEqualTo(LogFormat.JSON);
    assertThat(s.kubeRayMetrics()).as("absent: RayKube's default").isTrue();
    assertThat(s.podDefaults().isEmpty()).isTrue();
  }

  @Test
  void theFilesBatchSchedulerWinsOverTheFlagsAndBothFormsTogetherAreRefused() throws IOException {
    assertThat(settings(HEADER + "batchScheduler: volcano\n").batchScheduler()).isEqualTo(BatchScheduler.VOLCANO);
    assertThat(settings(HEADER + "enableBatchScheduler: true\n").batchScheduler()).isEqualTo(BatchScheduler.VOLCANO);
    assertThat(settings(HEADER + "enableBatchScheduler: false\n", "--enable-batch-scheduler").batchScheduler())
        .as("the file's field wins").isEqualTo(BatchScheduler.NONE);
    assertThat(settings(HEADER + "batchScheduler: \"\"\n", "--batch-scheduler=volcano").batchScheduler())
        .as("an empty field leaves the flag").isEqualTo(BatchScheduler.VOLCANO);
    assertThat(usageError(HEADER + "batchScheduler: volcano\nenableBatchScheduler: true\n"))
        .startsWith("Both --enable-batch-scheduler (deprecated) and --batch-scheduler are set (flags or --config");
  }

  @Test
  void aFileWithOnlyItsHeaderChangesNothing() throws IOException {
    OperatorSettings withFile = settings(HEADER);
    CommandLineOutcome plain = OperatorCommandLine.parse(new String[0], Map.of());

    assertThat(withFile).isEqualTo(((CommandLineOutcome.Run) plain).settings());
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(delimiter = '|', textBlock = """
      metricsAdr: ":8080"                         | 'metricsAdr' is not a field of KubeRay v1.7.0's Configuration
      qps: fast                                   | Cannot deserialize value of type `java.lang.Double`
      logFile: /var/log/kuberay.log               | Not supported: logFile in --config
      batchScheduler: default                     | Invalid value for batchScheduler in --config
      batchScheduler: Volcano                     | Invalid value for batchScheduler in --config
      useKubernetesProxy: true                    | Not supported: useKubernetesProxy in --config
      metricsAddr: "127.0.0.1:8080"               | Invalid value for metricsAddr in --config
      probeAddr: ":99999"                         | Invalid value for probeAddr in --config
      defaultContainerEnvs: [{value: x}]          | every entry of defaultContainerEnvs needs a name
      headSidecarContainers: [{image: busybox}]   | headSidecars: every container needs a name
      'workerSidecarContainers: [{name: a}, {name: a}]' | workerSidecars: two containers are named 'a'
      """)
  void aFieldRayKubeCannotHonourIsRefusedNamingIt(String field, String message) throws IOException {
    assertThat(usageError(HEADER + field + "\n")).contains(message);
  }

  @Test
  void anotherKindOrAnEmptyFileIsRefused() throws IOException {
    assertThat(usageError("apiVersion: v1\nkind: ConfigMap\n"))
        .contains("is a v1 ConfigMap; expected apiVersion config.ray.io/v1alpha1 and kind Configuration");
    assertThat(usageError("")).contains("is empty");
    assertThat(usageError("- a\n- b\n")).contains("--config");
  }
}
