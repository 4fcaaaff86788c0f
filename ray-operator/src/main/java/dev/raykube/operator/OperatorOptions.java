package dev.raykube.operator;

import dev.raykube.kernel.finalizer.FinalizerPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The command-line options of the operator, each with an environment-variable twin ({@link EnvVar}). Parsed by
 * {@link OperatorCommandLine}; {@link #toSettings()} turns them into the immutable {@link OperatorSettings}.
 */
@Command(
    name = "ray-operator",
    mixinStandardHelpOptions = true,
    versionProvider = OperatorCommandLine.Version.class,
    sortOptions = false,
    usageHelpAutoWidth = true,
    headerHeading = "%n",
    header = "RayKube reference operator: reconciles ray.io/v1 RayCluster, RayJob, RayService and RayCronJob objects.",
    descriptionHeading = "%n",
    description = "Every option can also be set by the environment variable named in its description; a flag on the"
        + " command line wins over the environment, the environment over the default. The operator connects to the"
        + " cluster of the kubeconfig (--kubeconfig, else KUBECONFIG or ~/.kube/config) or, inside a pod, through its"
        + " service account.",
    optionListHeading = "%nOptions:%n",
    footerHeading = "%nExit codes:%n",
    footer = {
        "  0  stopped normally (SIGTERM / Ctrl-C)",
        "  1  could not start (cluster unreachable, CRDs missing, ...) or lost leadership",
        "  2  invalid option or environment value"})
final class OperatorOptions {

  @EnvVar("WATCH_NAMESPACE")
  @Option(names = "--namespaces", paramLabel = "<ns,...>", defaultValue = "",
      description = "Namespaces to watch, comma-separated; empty watches all namespaces. Env: WATCH_NAMESPACE. "
          + "Default: all.")
  String namespaces;

  @EnvVar("ENABLE_LEADER_ELECTION")
  @Option(names = "--leader-election", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Elect one active replica through a coordination.k8s.io Lease. Env: ENABLE_LEADER_ELECTION "
          + "(true|false). Default: ${DEFAULT-VALUE}.")
  boolean leaderElection;

  @EnvVar("LEADER_ELECTION_LEASE_NAME")
  @Option(names = "--leader-election-lease-name", paramLabel = "<name>",
      defaultValue = OperatorSettings.DEFAULT_LEASE_NAME,
      description = "Name of the leader-election Lease. Env: LEADER_ELECTION_LEASE_NAME. Default: ${DEFAULT-VALUE}.")
  String leaseName;

  @EnvVar("LEADER_ELECTION_NAMESPACE")
  @Option(names = "--leader-election-namespace", paramLabel = "<ns>", defaultValue = "",
      description = "Namespace of the leader-election Lease. Env: LEADER_ELECTION_NAMESPACE. Default: the pod's "
          + "namespace (service-account file), else the kubeconfig context's namespace.")
  String leaseNamespace;

  @EnvVar("METRICS_PORT")
  @Option(names = "--metrics-port", paramLabel = "<port>", defaultValue = "" + OperatorSettings.DEFAULT_METRICS_PORT,
      description = "Port of the Prometheus /metrics endpoint (0 = any free port). Env: METRICS_PORT. "
          + "Default: ${DEFAULT-VALUE}.")
  int metricsPort;

  @EnvVar("HEALTH_PORT")
  @Option(names = "--health-port", paramLabel = "<port>", defaultValue = "" + OperatorSettings.DEFAULT_HEALTH_PORT,
      description = "Port of the /healthz and /readyz endpoints (0 = any free port). Env: HEALTH_PORT. "
          + "Default: ${DEFAULT-VALUE}.")
  int healthPort;

  @EnvVar("RECONCILE_CONCURRENCY")
  @Option(names = "--reconcile-concurrency", paramLabel = "<n>",
      defaultValue = "" + OperatorSettings.DEFAULT_RECONCILE_CONCURRENCY,
      description = "Reconciliations that may run at once (never two for the same object). Env: "
          + "RECONCILE_CONCURRENCY. Default: ${DEFAULT-VALUE}.")
  int reconcileConcurrency;

  @EnvVar("KUBE_QPS")
  @Option(names = "--kube-qps", paramLabel = "<qps>", defaultValue = "100",
      description = "Sustained Kubernetes API requests per second. Env: KUBE_QPS. Default: ${DEFAULT-VALUE}.")
  double kubeQps;

  @EnvVar("KUBE_BURST")
  @Option(names = "--kube-burst", paramLabel = "<n>", defaultValue = "" + OperatorSettings.DEFAULT_KUBE_BURST,
      description = "Kubernetes API requests allowed at once above the QPS. Env: KUBE_BURST. "
          + "Default: ${DEFAULT-VALUE}.")
  int kubeBurst;

  @EnvVar("LOG_FORMAT")
  @Option(names = "--log-format", paramLabel = "text|json", defaultValue = "text",
      description = "Log line format on standard output. Env: LOG_FORMAT. Default: ${DEFAULT-VALUE}.")
  String logFormat;

  @EnvVar("LOG_LEVEL")
  @Option(names = "--log-level", paramLabel = "<level>", defaultValue = "info",
      description = "Root log level: error, warn, info, debug or trace. Env: LOG_LEVEL. Default: ${DEFAULT-VALUE}.")
  String logLevel;

  @EnvVar("ENABLE_INIT_CONTAINER_INJECTION")
  @Option(names = "--init-container-injection", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Give every worker pod the wait-gcs-ready init container. Env: ENABLE_INIT_CONTAINER_INJECTION "
          + "(true|false). Default: ${DEFAULT-VALUE}.")
  boolean initContainerInjection;

  @EnvVar("ENABLE_GCS_FT_REDIS_CLEANUP")
  @Option(names = "--gcs-ft-redis-cleanup", negatable = true, defaultValue = "true", fallbackValue = "true",
      description = "Delete a deleted RayCluster's data from Redis (GCS fault tolerance) with a finalizer and a "
          + "clean-up Job. Env: ENABLE_GCS_FT_REDIS_CLEANUP (true|false). Default: ${DEFAULT-VALUE}.")
  boolean redisCleanup;

  @EnvVar("CLUSTER_DOMAIN")
  @Option(names = "--cluster-domain", paramLabel = "<domain>", defaultValue = OperatorSettings.DEFAULT_CLUSTER_DOMAIN,
      description = "DNS domain of the Kubernetes cluster, used in the head service's FQDN. Env: CLUSTER_DOMAIN. "
          + "Default: ${DEFAULT-VALUE}.")
  String clusterDomain;

  @EnvVar("FINALIZER_POLICY")
  @Option(names = "--finalizer-policy", paramLabel = "best-effort|until-confirmed", defaultValue = "best-effort",
      description = "Finalizer policy of RayJobs without the ray.io/finalizer-policy annotation. Env: "
          + "FINALIZER_POLICY. Default: ${DEFAULT-VALUE}.")
  String finalizerPolicy;

  @EnvVar("MAX_JOB_LOG_TAILS")
  @Option(names = "--max-job-log-tails", paramLabel = "<n>",
      defaultValue = "" + OperatorSettings.DEFAULT_MAX_JOB_LOG_TAILS,
      description = "Log tails (one WebSocket and one thread each) kept open at once to learn at once that the Ray job"
          + " of a Running RayJob ended; beyond it, and with 0, RayJobs are polled only. Env: MAX_JOB_LOG_TAILS. "
          + "Default: ${DEFAULT-VALUE}.")
  int maxJobLogTails;

  @EnvVar("CONTROLLERS")
  @Option(names = "--controllers", paramLabel = "<name,...>", defaultValue = "",
      description = "Controllers to run, comma-separated, of raycluster, rayjob, rayservice, raycronjob; empty runs all of"
          + " them (a RayJob controller without the RayCluster one reads head Services from the API server; the RayJobs"
          + " of a RayCronJob need the RayJob controller). Env: CONTROLLERS. Default: all.")
  String controllers;

  @EnvVar("KUBECONFIG")
  @Option(names = "--kubeconfig", paramLabel = "<file>",
      description = "Kubeconfig file to connect with. Env: KUBECONFIG (a list of files is read by the Kubernetes "
          + "client itself). Default: KUBECONFIG, ~/.kube/config, then the in-cluster service account.")
  String kubeconfig;

  @Mixin
  KubeRayFlags kubeRay = new KubeRayFlags();

  /**
   * Builds the settings.
   *
   * @throws IllegalArgumentException with a message naming the bad value
   */
  OperatorSettings toSettings() {
    kubeRay.checkSupported();
    return new OperatorSettings(
        namespaceList(kubeRay.namespaces(namespaces)),
        kubeRay.leaderElection(leaderElection),
        leaseName,
        blankToEmpty(kubeRay.leaseNamespace(leaseNamespace)),
        kubeRay.metricsPort(metricsPort),
        kubeRay.healthPort(healthPort),
        kubeRay.reconcileConcurrency(reconcileConcurrency),
        kubeRay.qps(kubeQps),
        kubeRay.burst(kubeBurst),
        LogFormat.fromFlag(kubeRay.logFormat(logFormat)),
        kubeRay.logLevel(logLevel),
        initContainerInjection,
        redisCleanup,
        clusterDomain,
        finalizerPolicy(finalizerPolicy),
        maxJobLogTails,
        kubeconfigFile(kubeconfig),
        kubeRay.controllers(controllerList(controllers), RayControllers.names()),
        kubeRay.kubeRayMetrics(),
        kubeRay.podDefaults(),
        kubeRay.defaultContainerEnv(),
        kubeRay.featureGates(),
        kubeRay.batchScheduler());
  }

  private static Set<String> controllerList(String value) {
    Set<String> known = RayControllers.names();
    Set<String> result = new LinkedHashSet<>();
    for (String name : value.split(",")) {
      String n = name.strip().toLowerCase(java.util.Locale.ROOT);
      if (n.isEmpty()) {
        continue;
      }
      if (!known.contains(n)) {
        throw new IllegalArgumentException("'" + n + "' is not a controller of this operator; use "
            + String.join(", ", known));
      }
      result.add(n);
    }
    return result;
  }

  private static Set<String> namespaceList(String value) {
    Set<String> result = new LinkedHashSet<>();
    Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(result::add);
    return result;
  }

  private static Optional<String> blankToEmpty(String value) {
    return value == null || value.isBlank() ? Optional.empty() : Optional.of(value.strip());
  }

  private static FinalizerPolicy finalizerPolicy(String value) {
    return FinalizerPolicy.fromAnnotationValue(value).orElseThrow(() -> new IllegalArgumentException(
        "'" + value + "' is not a finalizer policy; use best-effort or until-confirmed"));
  }

  /**
   * An explicit kubeconfig must name one readable file. A path list (as {@code KUBECONFIG} allows) is left to the
   * Kubernetes client's own lookup, which merges the files.
   */
  private static Optional<Path> kubeconfigFile(String value) {
    if (value == null || value.isBlank() || value.contains(java.io.File.pathSeparator)) {
      return Optional.empty();
    }
    Path path = Path.of(value.strip());
    if (!Files.isRegularFile(path) || !Files.isReadable(path)) {
      throw new IllegalArgumentException("kubeconfig file " + path + " does not exist or cannot be read");
    }
    return Optional.of(path);
  }
}
