package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.operator.runtime.ControllerDefinition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OperatorCommandLineTest {

  /** Every option and its environment twin, as documented in docs/configuration.md. */
  static final Map<String, String> TWINS = twins();

  private static Map<String, String> twins() {
    Map<String, String> twins = new LinkedHashMap<>();
    twins.put("--namespaces", "WATCH_NAMESPACE");
    twins.put("--leader-election", "ENABLE_LEADER_ELECTION");
    twins.put("--leader-election-lease-name", "LEADER_ELECTION_LEASE_NAME");
    twins.put("--leader-election-namespace", "LEADER_ELECTION_NAMESPACE");
    twins.put("--metrics-port", "METRICS_PORT");
    twins.put("--health-port", "HEALTH_PORT");
    twins.put("--reconcile-concurrency", "RECONCILE_CONCURRENCY");
    twins.put("--kube-qps", "KUBE_QPS");
    twins.put("--kube-burst", "KUBE_BURST");
    twins.put("--log-format", "LOG_FORMAT");
    twins.put("--log-level", "LOG_LEVEL");
    twins.put("--init-container-injection", "ENABLE_INIT_CONTAINER_INJECTION");
    twins.put("--gcs-ft-redis-cleanup", "ENABLE_GCS_FT_REDIS_CLEANUP");
    twins.put("--cluster-domain", "CLUSTER_DOMAIN");
    twins.put("--finalizer-policy", "FINALIZER_POLICY");
    twins.put("--max-job-log-tails", "MAX_JOB_LOG_TAILS");
    twins.put("--controllers", "CONTROLLERS");
    twins.put("--kubeconfig", "KUBECONFIG");
    return twins;
  }

  private static OperatorSettings settings(Map<String, String> env, String... args) {
    CommandLineOutcome outcome = OperatorCommandLine.parse(args, env);
    assertThat(outcome).isInstanceOf(CommandLineOutcome.Run.class);
    return ((CommandLineOutcome.Run) outcome).settings();
  }

  private static String usageError(Map<String, String> env, String... args) {
    CommandLineOutcome outcome = OperatorCommandLine.parse(args, env);
    assertThat(outcome).isInstanceOf(CommandLineOutcome.UsageError.class);
    return ((CommandLineOutcome.UsageError) outcome).message();
  }

  @Test
  void defaultsWithoutArgumentsOrEnvironment() {
    OperatorSettings s = settings(Map.of());
    assertThat(s.namespaces()).isEmpty();
    assertThat(s.watchesAllNamespaces()).isTrue();
    assertThat(s.leaderElection()).isTrue();
    assertThat(s.leaseName()).isEqualTo("raykube-operator-leader");
    assertThat(s.leaseNamespace()).isEmpty();
    assertThat(s.metricsPort()).isEqualTo(8080);
    assertThat(s.healthPort()).isEqualTo(8082);
    assertThat(s.reconcileConcurrency()).isEqualTo(4);
    assertThat(s.kubeQps()).isEqualTo(100.0);
    assertThat(s.kubeBurst()).isEqualTo(200);
    assertThat(s.logFormat()).isEqualTo(LogFormat.TEXT);
    assertThat(s.logLevel()).isEqualTo("info");
    assertThat(s.initContainerInjection()).isTrue();
    assertThat(s.redisCleanup()).isTrue();
    assertThat(s.clusterDomain()).isEqualTo("cluster.local");
    assertThat(s.finalizerPolicy()).isEqualTo(FinalizerPolicy.BEST_EFFORT);
    assertThat(s.maxJobLogTails()).isEqualTo(OperatorSettings.DEFAULT_MAX_JOB_LOG_TAILS);
    assertThat(s.kubeconfig()).isEmpty();
  }

  @Test
  void everyFlagIsRead(@TempDir Path dir) throws Exception {
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
    OperatorSettings s = settings(Map.of(),
        "--namespaces=ray-a, ray-b,,ray-a", "--no-leader-election", "--leader-election-lease-name=my-lease",
        "--leader-election-namespace=ops", "--metrics-port=9090", "--health-port", "9091",
        "--reconcile-concurrency=8", "--kube-qps=12.5", "--kube-burst=30", "--log-format=JSON", "--log-level=DEBUG",
        "--no-init-container-injection", "--no-gcs-ft-redis-cleanup", "--cluster-domain=corp.example", "--finalizer-policy=until-confirmed",
        "--max-job-log-tails=0", "--kubeconfig=" + kubeconfig);
    assertThat(s.namespaces()).containsExactly("ray-a", "ray-b");
    assertThat(s.leaderElection()).isFalse();
    assertThat(s.leaseName()).isEqualTo("my-lease");
    assertThat(s.leaseNamespace()).contains("ops");
    assertThat(s.metricsPort()).isEqualTo(9090);
    assertThat(s.healthPort()).isEqualTo(9091);
    assertThat(s.reconcileConcurrency()).isEqualTo(8);
    assertThat(s.kubeQps()).isEqualTo(12.5);
    assertThat(s.kubeBurst()).isEqualTo(30);
    assertThat(s.logFormat()).isEqualTo(LogFormat.JSON);
    assertThat(s.logLevel()).isEqualTo("debug");
    assertThat(s.initContainerInjection()).isFalse();
    assertThat(s.redisCleanup()).isFalse();
    assertThat(s.clusterDomain()).isEqualTo("corp.example");
    assertThat(s.finalizerPolicy()).isEqualTo(FinalizerPolicy.UNTIL_CONFIRMED);
    assertThat(s.maxJobLogTails()).isZero();
    assertThat(s.kubeconfig()).contains(kubeconfig);
  }

  @Test
  void everyEnvironmentTwinIsRead(@TempDir Path dir) throws Exception {
    Path kubeconfig = Files.writeString(dir.resolve("kubeconfig"), "apiVersion: v1\nkind: Config\n");
    Map<String, String> env = new LinkedHashMap<>();
    env.put("WATCH_NAMESPACE", "ray-b,ray-a");
    env.put("ENABLE_LEADER_ELECTION", "false");
    env.put("LEADER_ELECTION_LEASE_NAME", "env-lease");
    env.put("LEADER_ELECTION_NAMESPACE", "ops");
    env.put("METRICS_PORT", "7070");
    env.put("HEALTH_PORT", "7071");
    env.put("RECONCILE_CONCURRENCY", "2");
    env.put("KUBE_QPS", "5");
    env.put("KUBE_BURST", "10");
    env.put("LOG_FORMAT", "json");
    env.put("LOG_LEVEL", "warn");
    env.put("ENABLE_INIT_CONTAINER_INJECTION", "FALSE");
    env.put("ENABLE_GCS_FT_REDIS_CLEANUP", "false");
    env.put("CLUSTER_DOMAIN", "k8s.internal");
    env.put("FINALIZER_POLICY", "until-confirmed");
    env.put("MAX_JOB_LOG_TAILS", "0");
    env.put("KUBECONFIG", kubeconfig.toString());
    env.put("CONTROLLERS", "rayjob");
    assertThat(env.keySet()).containsExactlyInAnyOrderElementsOf(TWINS.values());

    OperatorSettings s = settings(env);
    assertThat(s.namespaces()).containsExactly("ray-a", "ray-b");
    assertThat(s.leaderElection()).isFalse();
    assertThat(s.leaseName()).isEqualTo("env-lease");
    assertThat(s.leaseNamespace()).contains("ops");
    assertThat(s.metricsPort()).isEqualTo(7070);
    assertThat(s.healthPort()).isEqualTo(7071);
    assertThat(s.reconcileConcurrency()).isEqualTo(2);
    assertThat(s.kubeQps()).isEqualTo(5.0);
    assertThat(s.kubeBurst()).isEqualTo(10);
    assertThat(s.logFormat()).isEqualTo(LogFormat.JSON);
    assertThat(s.logLevel()).isEqualTo("warn");
    assertThat(s.initContainerInjection()).isFalse();
    assertThat(s.redisCleanup()).isFalse();
    assertThat(s.clusterDomain()).isEqualTo("k8s.internal");
    assertThat(s.finalizerPolicy()).isEqualTo(FinalizerPolicy.UNTIL_CONFIRMED);
    assertThat(s.maxJobLogTails()).isZero();
    assertThat(s.kubeconfig()).contains(kubeconfig);
    assertThat(s.controllers()).containsExactly("rayjob");
  }

  @Test
  void commandLineWinsOverEnvironment() {
    Map<String, String> env = Map.of("ENABLE_LEADER_ELECTION", "false", "METRICS_PORT", "7070",
        "WATCH_NAMESPACE", "from-env");
    OperatorSettings s = settings(env, "--leader-election", "--metrics-port=9999", "--namespaces=from-flag");
    assertThat(s.leaderElection()).isTrue();
    assertThat(s.metricsPort()).isEqualTo(9999);
    assertThat(s.namespaces()).containsExactly("from-flag");
  }

  @Test
  void emptyEnvironmentValuesMeanDefaults() {
    OperatorSettings s = settings(Map.of("WATCH_NAMESPACE", "", "LEADER_ELECTION_NAMESPACE", " ", "KUBECONFIG", ""));
    assertThat(s.watchesAllNamespaces()).isTrue();
    assertThat(s.leaseNamespace()).isEmpty();
    assertThat(s.kubeconfig()).isEmpty();
  }

  @Test
  void kubeconfigPathListIsLeftToTheClientLookup() {
    OperatorSettings s = settings(Map.of("KUBECONFIG", "/a/config" + java.io.File.pathSeparator + "/b/config"));
    assertThat(s.kubeconfig()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      --metrics-port=abc                 | Invalid value for option '--metrics-port': 'abc' is not an int
      --metrics-port=70000               | metrics port must be between 0 and 65535, not 70000
      --health-port=8080                 | metrics port and health port must differ (both are 8080)
      --reconcile-concurrency=0          | reconcile concurrency must be at least 1, not 0
      --kube-qps=0                       | Kubernetes client QPS must be a positive number, not 0.0
      --kube-qps=-3                      | Kubernetes client QPS must be a positive number, not -3.0
      --kube-burst=0                     | Kubernetes client burst must be at least 1, not 0
      --log-format=xml                   | 'xml' is not a log format; use one of text, json
      --log-level=loud                   | 'loud' is not a log level; use one of error, warn, info, debug, trace
      --finalizer-policy=never           | 'never' is not a finalizer policy; use best-effort or until-confirmed
      --max-job-log-tails=-1             | max job log tails must be 0 (off) or more, not -1
      --namespaces=Ray_NS                | namespace to watch 'Ray_NS' is not a valid namespace name
      --leader-election-namespace=a.b    | leader election namespace 'a.b' is not a valid namespace name
      --leader-election-lease-name=A     | leader election lease name 'A' is not a valid Kubernetes object name
      --cluster-domain=.local            | cluster domain '.local' is not a DNS name
      --kubeconfig=/does/not/exist       | kubeconfig file /does/not/exist does not exist or cannot be read
      --no-such-flag                     | Unknown option: '--no-such-flag'
      """)
  void badFlagValuesAreUsageErrors(String arg, String message) {
    assertThat(usageError(Map.of(), arg)).contains(message);
  }

  @ParameterizedTest(name = "{0}={1}")
  @CsvSource(delimiter = '|', textBlock = """
      METRICS_PORT                    | x     | Invalid value for option '--metrics-port': 'x' is not an int (from environment variable METRICS_PORT)
      ENABLE_LEADER_ELECTION          | yes   | Invalid value for option '--leader-election': 'yes' is not a boolean (from environment variable ENABLE_LEADER_ELECTION)
      ENABLE_INIT_CONTAINER_INJECTION | 1     | Invalid value for option '--init-container-injection': '1' is not a boolean (from environment variable ENABLE_INIT_CONTAINER_INJECTION)
      KUBE_BURST                      | -1    | Kubernetes client burst must be at least 1, not -1
      LOG_FORMAT                      | yaml  | 'yaml' is not a log format
      """)
  void badEnvironmentValuesAreUsageErrorsNamingTheVariable(String variable, String value, String message) {
    assertThat(usageError(Map.of(variable, value))).contains(message);
  }

  @Test
  void helpListsEveryOptionWithItsEnvironmentVariable() {
    CommandLineOutcome outcome = OperatorCommandLine.parse(new String[] {"--help"}, Map.of());
    assertThat(outcome).isInstanceOf(CommandLineOutcome.Print.class);
    String help = ((CommandLineOutcome.Print) outcome).text();
    String flat = help.replaceAll("\\s+", " ");
    for (Map.Entry<String, String> twin : TWINS.entrySet()) {
      String option = twin.getKey();
      String shown = option.equals("--leader-election") || option.equals("--init-container-injection")
          || option.equals("--gcs-ft-redis-cleanup")
          ? "--[no-]" + option.substring(2) : option;
      assertThat(help).as(option).contains(shown);
      assertThat(flat).as(option).contains("Env: " + twin.getValue());
    }
    assertThat(help).contains("--help", "--version", "Exit codes:");
  }

  @Test
  void helpHeaderNamesExactlyTheKindsTheOperatorHasControllersFor() {
    String help = ((CommandLineOutcome.Print) OperatorCommandLine.parse(new String[] {"--help"}, Map.of())).text();
    String flat = help.replaceAll("\\s+", " ");
    String header = flat.substring(flat.indexOf("reconciles"), flat.indexOf(" objects."));
    Set<String> reconciled = RayControllers.all().stream().map(c -> HasMetadata.getKind(c.resourceClass()))
        .collect(Collectors.toSet());
    assertThat(reconciled).contains("RayCluster", "RayJob");
    for (String kind : List.of("RayCluster", "RayJob", "RayService", "RayCronJob")) {
      assertThat(header.contains(kind)).as(kind + " in the help header: " + header)
          .isEqualTo(reconciled.contains(kind));
    }
  }

  @Test
  void theCommandDeclaresExactlyTheDocumentedTwins() {
    assertThat(OperatorCommandLine.environmentTwins()).containsExactlyEntriesOf(TWINS);
  }

  @Test
  void helpShowsDefaultsAsResolvedFromTheEnvironment() {
    assertThat(OperatorCommandLine.usage(Map.of("METRICS_PORT", "9100")).replaceAll("\\s+", " "))
        .contains("Env: METRICS_PORT. Default: 9100.");
  }

  @Test
  void versionIsPrinted() {
    CommandLineOutcome outcome = OperatorCommandLine.parse(new String[] {"--version"}, Map.of());
    assertThat(((CommandLineOutcome.Print) outcome).text()).startsWith("ray-operator ");
  }

  @Test
  void settingsAreImmutable() {
    OperatorSettings s = settings(Map.of(), "--namespaces=a,b");
    assertThat(s.namespaces()).isUnmodifiable();
    OperatorSettings direct = new OperatorSettings(new java.util.HashSet<>(List.of("b", "a")), true, "l",
        Optional.empty(), 0, 0, 1, 1, 1, LogFormat.TEXT, "info", true, true, "cluster.local",
        FinalizerPolicy.BEST_EFFORT,
        2000, Optional.empty(), Set.of(), true, dev.raykube.cluster.PodDefaults.none(), List.of(),
        FeatureGates.defaults(), dev.raykube.cluster.BatchScheduler.NONE);
    assertThat(direct.namespaces()).containsExactly("a", "b").isUnmodifiable();
    assertThat(Set.copyOf(direct.namespaces())).hasSize(2);
  }

  @Test
  void controllersRunAllByDefaultAndOnlyThoseListed() {
    assertThat(settings(Map.of()).controllers()).isEmpty();
    assertThat(RayControllers.enabled(settings(Map.of())).stream().map(ControllerDefinition::name))
        .containsExactlyElementsOf(RayControllers.names());
    OperatorSettings onlyJobs = settings(Map.of(), "--controllers= RayJob ,");
    assertThat(onlyJobs.controllers()).containsExactly("rayjob");
    assertThat(RayControllers.enabled(onlyJobs).stream().map(ControllerDefinition::name)).containsExactly("rayjob");
    assertThat(onlyJobs.runs("raycluster")).isFalse();
  }

  @Test
  void anUnknownControllerIsAnErrorThatNamesTheKnownOnes() {
    assertThat(usageError(Map.of(), "--controllers=rayjob,raycron")).contains("'raycron' is not a controller of this operator; use " + String.join(", ", RayControllers.names()));
  }

  @Test
  void helpNamesEveryController() {
    String help = ((CommandLineOutcome.Print) OperatorCommandLine.parse(new String[] {"--help"}, Map.of())).text()
        .replaceAll("\\s+", " ");
    assertThat(help).contains("of " + String.join(", ", RayControllers.names()) + ";");
  }
}
