package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.operator.raycluster.RayClusterController;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** KubeRay v1.7.0's operator flags, as a Deployment written for KubeRay passes them to RayKube. */
class KubeRayFlagsTest {

  private static OperatorSettings settings(String... args) {
    CommandLineOutcome outcome = OperatorCommandLine.parse(args, Map.of());
    assertThat(outcome).as(String.join(" ", args)).isInstanceOf(CommandLineOutcome.Run.class);
    return ((CommandLineOutcome.Run) outcome).settings();
  }

  private static String usageError(String... args) {
    CommandLineOutcome outcome = OperatorCommandLine.parse(args, Map.of());
    assertThat(outcome).as(String.join(" ", args)).isInstanceOf(CommandLineOutcome.UsageError.class);
    return ((CommandLineOutcome.UsageError) outcome).message();
  }

  @Test
  void kubeRaysHelmArgumentsStartTheOperatorWithTheSameMeaning() {
    OperatorSettings s = settings("--metrics-addr=:9090", "--health-probe-bind-address=0.0.0.0:9091",
        "--enable-leader-election=false", "--leader-election-namespace=ops", "--reconcile-concurrency=2",
        "--watch-namespace=a,b", "--qps=50", "--burst=80", "--log-stdout-encoder=console", "--log-file-encoder=json",
        "--zap-log-level=debug", "--enable-metrics=true", "--forced-cluster-upgrade", "--use-kubernetes-proxy=false",
        "--enable-batch-scheduler=false", "--feature-gates=RayClusterStatusConditions=true,RayJobDeletionPolicy=true");

    assertThat(s.metricsPort()).isEqualTo(9090);
    assertThat(s.healthPort()).isEqualTo(9091);
    assertThat(s.leaderElection()).isFalse();
    assertThat(s.leaseNamespace()).contains("ops");
    assertThat(s.reconcileConcurrency()).isEqualTo(2);
    assertThat(s.namespaces()).containsExactly("a", "b");
    assertThat(s.kubeQps()).isEqualTo(50);
    assertThat(s.kubeBurst()).isEqualTo(80);
    assertThat(s.logFormat()).isEqualTo(LogFormat.TEXT);
    assertThat(s.logLevel()).isEqualTo("debug");
    assertThat(s.kubeRayMetrics()).isTrue();
    assertThat(s.controllers()).as("all").isEmpty();
  }

  @Test
  void kubeRaysNamesWinOverRayKubesAndDefaultsStayRayKubes() {
    OperatorSettings s = settings("--namespaces=x", "--watch-namespace=y", "--kube-qps=5", "--qps=7");
    assertThat(s.namespaces()).containsExactly("y");
    assertThat(s.kubeQps()).isEqualTo(7);

    OperatorSettings defaults = settings();
    assertThat(defaults.kubeRayMetrics()).as("KubeRay's series on by default").isTrue();
    assertThat(defaults.logFormat()).isEqualTo(LogFormat.TEXT);
    assertThat(settings("--log-stdout-encoder=json").logFormat()).isEqualTo(LogFormat.JSON);
    assertThat(settings("--enable-metrics=false").kubeRayMetrics()).isFalse();
    assertThat(settings("--enable-leader-election").leaderElection()).isTrue();
  }

  @Test
  void theRayClusterNetworkPolicyGateReachesTheRayClusterBuildSettings() {
    assertThat(settings().featureGates().rayClusterNetworkPolicy()).isFalse();
    assertThat(settings("--feature-gates=RayClusterNetworkPolicy=false").featureGates().rayClusterNetworkPolicy())
        .isFalse();
    OperatorSettings on = settings("--feature-gates=RayCronJob=true,RayClusterNetworkPolicy=true");
    assertThat(on.featureGates().rayClusterNetworkPolicy()).isTrue();
    assertThat(RayClusterController.buildSettings(on).networkPolicies()).isTrue();
    assertThat(RayClusterController.buildSettings(settings()).networkPolicies())
        .isFalse();
  }

  @Test
  void theRayCronJobGateOffLeavesTheOtherControllers() {
    assertThat(settings("--feature-gates=RayCronJob=false").controllers())
        .containsExactlyInAnyOrder("raycluster", "rayjob", "rayservice");
    assertThat(settings("--feature-gates=RayCronJob=false", "--controllers=rayjob,raycronjob").controllers())
        .containsExactly("rayjob");
    assertThat(settings("--feature-gates=RayCronJob=true").controllers()).isEmpty();
    assertThat(Set.copyOf(RayControllers.names())).contains("raycronjob");
  }

  @Test
  void theSidecarSubmitterRestartGateReachesTheRayJobController() {
    assertThat(settings().featureGates().sidecarSubmitterRestart()).isFalse();
    assertThat(settings("--feature-gates=SidecarSubmitterRestart=true").featureGates().sidecarSubmitterRestart())
        .isTrue();
    assertThat(settings("--feature-gates=SidecarSubmitterRestart=false").featureGates())
        .isEqualTo(FeatureGates.defaults());
  }

  @Test
  void theMultiHostIndexingGateReachesTheRayClusterLoop() {
    assertThat(settings().featureGates().rayMultiHostIndexing()).as("on by default, as in KubeRay v1.7.0").isTrue();
    assertThat(dev.raykube.operator.raycluster.RayClusterController.buildSettings(settings()).multiHostIndexing())
        .isTrue();
    OperatorSettings off = settings("--feature-gates=RayMultiHostIndexing=false");
    assertThat(off.featureGates().rayMultiHostIndexing()).isFalse();
    assertThat(off.controllers()).as("other gates keep their defaults").isEmpty();
    assertThat(dev.raykube.operator.raycluster.RayClusterController.buildSettings(off).multiHostIndexing()).isFalse();
    assertThat(settings("--feature-gates=RayCronJob=false,RayMultiHostIndexing=true").featureGates()
        .rayMultiHostIndexing()).isTrue();
  }

  @ParameterizedTest(name = "{0} {1} → {2}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      -                                   | -                              | NONE
      --batch-scheduler=volcano           | -                              | VOLCANO
      --batch-scheduler=                  | -                              | NONE
      -                                   | --enable-batch-scheduler       | VOLCANO
      -                                   | --enable-batch-scheduler=true  | VOLCANO
      -                                   | --enable-batch-scheduler=false | NONE
      --batch-scheduler=volcano           | --enable-batch-scheduler=false | VOLCANO
      --batch-scheduler=yunikorn          | -                              | YUNIKORN
      --batch-scheduler=kai-scheduler     | -                              | KAI_SCHEDULER
      --batch-scheduler=scheduler-plugins | -                              | SCHEDULER_PLUGINS
      """)
  void theBatchSchedulerIsChosenAsKubeRayChoosesIt(String name, String enable, BatchScheduler expected) {
    String[] args = java.util.stream.Stream.of(name, enable).filter(java.util.Objects::nonNull)
        .toArray(String[]::new);
    OperatorSettings s = settings(args);
    assertThat(s.batchScheduler()).isEqualTo(expected);
    assertThat(RayClusterController.buildSettings(s).batchScheduler()).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      --batch-scheduler=default           | -                              | Invalid value for option '--batch-scheduler': scheduler is not supported, name=default
      --batch-scheduler=Volcano           | -                              | Invalid value for option '--batch-scheduler': scheduler is not supported, name=Volcano
      --batch-scheduler=kueue             | -                              | Invalid value for option '--batch-scheduler': scheduler is not supported, name=kueue (supported: volcano, yunikorn, kai-scheduler, scheduler-plugins)
      --batch-scheduler=volcano           | --enable-batch-scheduler       | Both --enable-batch-scheduler (deprecated) and --batch-scheduler are set; use --batch-scheduler only
      --batch-scheduler=yunikorn          | --enable-batch-scheduler=true  | Both --enable-batch-scheduler (deprecated) and --batch-scheduler are set
      --batch-scheduler=volcano           | --feature-gates=KubernetesWAS=true | --feature-gates KubernetesWAS=true is not supported
      """)
  void aBatchSchedulerKubeRayRefusesOrRayKubeLacksStopsTheStart(String name, String other, String message) {
    String[] args = java.util.stream.Stream.of(name, other).filter(java.util.Objects::nonNull).toArray(String[]::new);
    assertThat(usageError(args)).startsWith(message);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', textBlock = """
      --log-file-path=/var/log/kuberay.log      | Not supported: --log-file-path: RayKube logs to standard output only
      --use-kubernetes-proxy                    | Not supported: --use-kubernetes-proxy: RayKube reaches dashboards through the head Service
      --config=/nonexistent/config.yaml         | --config: cannot read /nonexistent/config.yaml
      --metrics-addr=127.0.0.1:8080             | Invalid value for option '--metrics-addr': '127.0.0.1:8080' (expected :<port>
      --metrics-addr=8080                       | Invalid value for option '--metrics-addr': '8080'
      --health-probe-bind-address=:70000        | Invalid value for option '--health-probe-bind-address': ':70000' (the port must be 0 to 65535)
      --log-stdout-encoder=logfmt               | Invalid value for option '--log-stdout-encoder': 'logfmt' (expected json or console)
      --zap-log-level=5                         | Invalid value for option '--zap-log-level': '5'
      --feature-gates=RayServiceIncrementalUpgrade=true | --feature-gates RayServiceIncrementalUpgrade=true is not supported: RayKube does not have this feature yet
      --feature-gates=AsyncJobInfoQuery=true    | Unknown feature gate 'AsyncJobInfoQuery'
      """)
  void whatRayKubeCannotHonourIsRefusedInOneSentence(String arg, String message) {
    assertThat(usageError(arg)).startsWith(message);
  }

  @Test
  void helpListsKubeRaysFlags() {
    String help = OperatorCommandLine.usage(Map.of());
    for (String flag : new String[] {"--watch-namespace", "--enable-leader-election", "--qps", "--burst",
        "--metrics-addr", "--health-probe-bind-address", "--enable-metrics", "--feature-gates",
        "--forced-cluster-upgrade", "--log-stdout-encoder", "--zap-log-level", "--log-file-encoder", "--log-file-path",
        "--batch-scheduler", "--enable-batch-scheduler", "--use-kubernetes-proxy", "--config"}) {
      assertThat(help).contains(flag);
    }
  }
}
