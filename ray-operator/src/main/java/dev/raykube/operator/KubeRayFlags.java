package dev.raykube.operator;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.cluster.PodDefaults;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Option;

/**
 * The flags of KubeRay v1.7.0's operator whose names or forms differ from RayKube's, so that a Deployment written for
 * KubeRay starts RayKube unchanged or is told, in one sentence, why a flag cannot be honoured. KubeRay's flags with the
 * same name and meaning ({@code --reconcile-concurrency}, {@code --leader-election-namespace}, {@code --kubeconfig})
 * and its other spellings of RayKube's options ({@code --watch-namespace}, {@code --enable-leader-election},
 * {@code --qps}, {@code --burst}) are on {@link OperatorOptions}, which reads these through the methods below.
 *
 * <p>{@code --config} reads KubeRay's Configuration file ({@link KubeRayConfiguration}). A field set in the file wins
 * over the flags (KubeRay ignores its other flags altogether when given a file; RayKube keeps them for the fields the
 * file leaves out, and keeps its own flags, which the file has no fields for). As in KubeRay, the feature gates and
 * the log encoders always come from the flags.
 */
final class KubeRayFlags {

  private static final String RAYCRONJOB = "raycronjob";

  @Option(names = "--watch-namespace", paramLabel = "<ns,...>",
      description = "KubeRay's name of --namespaces.")
  String watchNamespace;

  @Option(names = "--enable-leader-election", arity = "0..1", fallbackValue = "true", paramLabel = "<true|false>",
      description = "KubeRay's name of --leader-election.")
  Boolean enableLeaderElection;

  @Option(names = "--qps", paramLabel = "<qps>", description = "KubeRay's name of --kube-qps.")
  Double qps;

  @Option(names = "--burst", paramLabel = "<n>", description = "KubeRay's name of --kube-burst.")
  Integer burst;

  @Option(names = "--metrics-addr", paramLabel = "<[host]:port>",
      description = "KubeRay's form of --metrics-port: the port after the colon (the endpoint listens on every"
          + " interface, so a host, if any, must be 0.0.0.0 or [::]).")
  String metricsAddr;

  @Option(names = "--health-probe-bind-address", paramLabel = "<[host]:port>",
      description = "KubeRay's form of --health-port, read as --metrics-addr is.")
  String healthAddr;

  @Option(names = "--enable-metrics", arity = "0..1", fallbackValue = "true", paramLabel = "<true|false>",
      description = "Serve KubeRay's kuberay_* series beside raykube_* (KubeRay: off unless set; RayKube: on).")
  Boolean enableMetrics;

  @Option(names = "--feature-gates", paramLabel = "<Name=true|false,...>",
      description = "KubeRay v1.7.0's feature gates: RayCronJob=false turns the RayCronJob controller off;"
          + " RayMultiHostIndexing=false manages multi-host worker Pods one by one, without replica labels;"
          + " RayClusterNetworkPolicy=true gives RayClusters their NetworkPolicies;"
          + " SidecarSubmitterRestart=true restarts a failed SidecarMode submitter (Kubernetes 1.35+); a gate that"
          + " states what RayKube does anyway is accepted; any other is refused with the reason.")
  String featureGates;

  @Option(names = "--forced-cluster-upgrade", arity = "0..1", fallbackValue = "true", paramLabel = "<true|false>",
      description = "Accepted with no effect, as in KubeRay (deprecated there).")
  Boolean forcedClusterUpgrade;

  @Option(names = "--log-stdout-encoder", paramLabel = "json|console",
      description = "KubeRay's form of --log-format: json, or console (RayKube's text).")
  String logStdoutEncoder;

  @Option(names = "--zap-log-level", paramLabel = "<level>",
      description = "KubeRay's form of --log-level: debug, info or error.")
  String zapLogLevel;

  @Option(names = "--log-file-encoder", paramLabel = "json|console",
      description = "Accepted with no effect: RayKube writes no log file.")
  String logFileEncoder;

  @Option(names = "--log-file-path", paramLabel = "<file>",
      description = "Refused: RayKube logs to standard output only.")
  String logFilePath;

  @Option(names = "--batch-scheduler", paramLabel = "<name>",
      description = "The batch scheduler of every Ray Pod: volcano, yunikorn, kai-scheduler or scheduler-plugins"
          + " (docs/batch-schedulers.md); any other name, default included, is refused, as in KubeRay v1.7.0.")
  String batchScheduler;

  @Option(names = "--enable-batch-scheduler", arity = "0..1", fallbackValue = "true", paramLabel = "<true|false>",
      description = "Deprecated in KubeRay: true means --batch-scheduler=volcano; both together are refused.")
  Boolean enableBatchScheduler;

  @Option(names = "--use-kubernetes-proxy", arity = "0..1", fallbackValue = "true", paramLabel = "<true|false>",
      description = "Refused when true: RayKube reaches dashboards through the head Service only.")
  Boolean useKubernetesProxy;

  @Option(names = "--config", paramLabel = "<file>",
      description = "KubeRay's Configuration file (config.ray.io/v1alpha1): its fields win over the flags; it is the"
          + " only way to set defaultPodLabels, defaultPodAnnotations, defaultContainerEnvs and the head and worker"
          + " sidecar containers.")
  String config;

  /** The {@code --config} file, read by {@link #checkSupported()}; {@code null} without one. */
  private KubeRayConfiguration file;

  /**
   * Fails on a flag RayKube cannot honour.
   *
   * @throws IllegalArgumentException naming the flag and why
   */
  void checkSupported() {
    file = config == null ? null : KubeRayConfiguration.read(Path.of(config));
    if (file != null) {
      refuse(file.logFile() != null && !file.logFile().isEmpty(), "logFile in --config " + config + ": RayKube logs"
          + " to standard output only (the container runtime and the cluster's log pipeline keep it); remove it");
      refuse(Boolean.TRUE.equals(file.useKubernetesProxy()), "useKubernetesProxy in --config " + config
          + ": RayKube reaches dashboards through the head Service's cluster DNS name only; run the operator in the"
          + " cluster");
      if (file.containerEnv().stream().anyMatch(env -> env == null || env.getName() == null
          || env.getName().isBlank())) {
        throw new IllegalArgumentException("--config " + config + ": every entry of defaultContainerEnvs needs a name");
      }
    }
    refuse(logFilePath != null, "--log-file-path: RayKube logs to standard output only (the container runtime and"
        + " the cluster's log pipeline keep it); remove the flag");
    batchScheduler();
    refuse(Boolean.TRUE.equals(useKubernetesProxy), "--use-kubernetes-proxy: RayKube reaches dashboards through"
        + " the head Service's cluster DNS name only; run the operator in the cluster");
  }

  /** The namespaces flag value: {@code --watch-namespace}'s, else {@code raykube}'s. */
  String namespaces(String raykube) {
    if (file != null && file.watchNamespace() != null) {
      return file.watchNamespace();
    }
    return watchNamespace == null ? raykube : watchNamespace;
  }

  /** Leader election: {@code --enable-leader-election}'s, else {@code raykube}'s. */
  boolean leaderElection(boolean raykube) {
    if (file != null && file.enableLeaderElection() != null) {
      return file.enableLeaderElection();
    }
    return enableLeaderElection == null ? raykube : enableLeaderElection;
  }

  /** The client QPS: {@code --qps}'s, else {@code raykube}'s. */
  double qps(double raykube) {
    if (file != null && file.qps() != null) {
      return file.qps();
    }
    return qps == null ? raykube : qps;
  }

  /** The client burst: {@code --burst}'s, else {@code raykube}'s. */
  int burst(int raykube) {
    if (file != null && file.burst() != null) {
      return file.burst();
    }
    return burst == null ? raykube : burst;
  }

  /** The metrics port: {@code --metrics-addr}'s, else {@code raykube}'s. */
  int metricsPort(int raykube) {
    if (file != null && file.metricsAddr() != null && !file.metricsAddr().isEmpty()) {
      return port("metricsAddr", file.metricsAddr());
    }
    return metricsAddr == null ? raykube : port("--metrics-addr", metricsAddr);
  }

  /** The health port: {@code --health-probe-bind-address}'s, else {@code raykube}'s. */
  int healthPort(int raykube) {
    if (file != null && file.probeAddr() != null && !file.probeAddr().isEmpty()) {
      return port("probeAddr", file.probeAddr());
    }
    return healthAddr == null ? raykube : port("--health-probe-bind-address", healthAddr);
  }

  /** The log format flag value ({@code text|json}): {@code --log-stdout-encoder}'s, else {@code raykube}'s. */
  String logFormat(String raykube) {
    if (logStdoutEncoder == null) {
      return raykube;
    }
    return switch (logStdoutEncoder) {
      case "json" -> "json";
      case "console" -> "text";
      default -> throw new IllegalArgumentException("Invalid value for option '--log-stdout-encoder': '"
          + logStdoutEncoder + "' (expected json or console)");
    };
  }

  /** The log level: {@code --zap-log-level}'s, else {@code raykube}'s. */
  String logLevel(String raykube) {
    if (zapLogLevel == null) {
      return raykube;
    }
    if (!Set.of("debug", "info", "error").contains(zapLogLevel)) {
      throw new IllegalArgumentException("Invalid value for option '--zap-log-level': '" + zapLogLevel
          + "' (expected debug, info or error; numeric zap levels have no counterpart)");
    }
    return zapLogLevel;
  }

  /** The controllers to run: {@code raykube}'s (empty: all of {@code known}), without RayCronJob if gated off. */
  Set<String> controllers(Set<String> raykube, Set<String> known) {
    if (featureGates().rayCronJobs()) {
      return raykube;
    }
    Set<String> result = new LinkedHashSet<>(raykube.isEmpty() ? known : raykube);
    result.remove(RAYCRONJOB);
    return result;
  }

  /** The feature gates of {@code --feature-gates}; RayKube's defaults without the flag. */
  FeatureGates featureGates() {
    return featureGates == null ? FeatureGates.defaults() : FeatureGates.parse(featureGates);
  }

  /**
   * The batch scheduler, chosen as KubeRay v1.7.0 chooses it: the file's {@code batchScheduler} /
   * {@code enableBatchScheduler} where set, else the flags'; {@code enableBatchScheduler} (deprecated) means Volcano;
   * none without either.
   *
   * @throws IllegalArgumentException if both are set, or if the name is not one KubeRay supports ({@code default}
   *     included)
   */
  BatchScheduler batchScheduler() {
    boolean fromFile = file != null && file.batchScheduler() != null && !file.batchScheduler().isEmpty();
    String name = fromFile ? file.batchScheduler() : batchScheduler == null ? "" : batchScheduler;
    boolean enable = file != null && file.enableBatchScheduler() != null ? file.enableBatchScheduler()
        : Boolean.TRUE.equals(enableBatchScheduler);
    if (enable && !name.isEmpty()) {
      throw new IllegalArgumentException("Both --enable-batch-scheduler (deprecated) and --batch-scheduler are set"
          + (file == null ? "" : " (flags or --config " + config + ")") + "; use --batch-scheduler only");
    }
    if (enable) {
      return BatchScheduler.VOLCANO;
    }
    BatchScheduler scheduler;
    try {
      scheduler = BatchScheduler.named(name);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("Invalid value for " + what(fromFile ? "batchScheduler" : "--batch-scheduler")
          + ": " + e.getMessage());
    }
    return scheduler;
  }

  /** Whether KubeRay's {@code kuberay_*} series are served: on unless {@code --enable-metrics=false}. */
  boolean kubeRayMetrics() {
    if (file != null && file.enableMetrics() != null) {
      return file.enableMetrics();
    }
    return enableMetrics == null || enableMetrics;
  }

  /** The reconcile concurrency: the file's {@code reconcileConcurrency} if set (not 0), else {@code raykube}'s. */
  int reconcileConcurrency(int raykube) {
    return file != null && file.reconcileConcurrency() != null && file.reconcileConcurrency() != 0
        ? file.reconcileConcurrency() : raykube;
  }

  /** The Lease's namespace: the file's {@code leaderElectionNamespace} if set, else {@code raykube}'s. */
  String leaseNamespace(String raykube) {
    return file != null && file.leaderElectionNamespace() != null ? file.leaderElectionNamespace() : raykube;
  }

  /** The file's labels, annotations and sidecars of every Ray Pod; none without a file. */
  PodDefaults podDefaults() {
    return file == null ? PodDefaults.none() : file.podDefaults();
  }

  /** The file's {@code defaultContainerEnvs}; none without a file. */
  List<EnvVar> defaultContainerEnv() {
    return file == null ? List.of() : file.containerEnv();
  }

  private static void refuse(boolean condition, String why) {
    if (condition) {
      throw new IllegalArgumentException("Not supported: " + why + ".");
    }
  }

  /** The port of {@code [host]:port}, where host (if any) is a wildcard address. */
  private int port(String flag, String address) {
    int colon = address.lastIndexOf(':');
    String host = colon < 0 ? "" : address.substring(0, colon);
    if (colon < 0 || !(host.isEmpty() || host.equals("0.0.0.0") || host.equals("[::]"))) {
      throw new IllegalArgumentException("Invalid value for " + what(flag) + ": '" + address + "' (expected :<port>;"
          + " the endpoint listens on every interface)");
    }
    try {
      int port = Integer.parseInt(address.substring(colon + 1));
      if (port < 0 || port > 65535) {
        throw new NumberFormatException();
      }
      return port;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Invalid value for " + what(flag) + ": '" + address + "' (the port must be"
          + " 0 to 65535)");
    }
  }

  /** How an error names a setting: {@code option '--x'} for a flag, {@code x in --config <file>} for a file field. */
  private String what(String setting) {
    return setting.startsWith("--") ? "option '" + setting + "'" : setting + " in --config " + config;
  }
}
