package dev.raykube.operator;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.cluster.PodDefaults;
import dev.raykube.job.push.LogTailSettings;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Everything the operator is configured with, read once from flags and environment variables
 * ({@link OperatorCommandLine}) and handed, unchanged, to the runtime and to every controller. Immutable; the compact
 * constructor rejects values the operator could not run with, with a message that names the setting.
 *
 * @param namespaces namespaces to watch; empty means all namespaces
 * @param leaderElection whether replicas elect a leader through a Lease before reconciling
 * @param leaseName name of the Lease used for leader election
 * @param leaseNamespace namespace of the Lease; empty means the pod's own namespace (from the service-account files),
 *     falling back to the client's namespace when running outside a cluster
 * @param metricsPort port of the Prometheus {@code /metrics} endpoint; 0 picks a free port
 * @param healthPort port of {@code /healthz} and {@code /readyz}; 0 picks a free port
 * @param reconcileConcurrency number of reconciliations that may run at the same time (never two for one object)
 * @param kubeQps sustained Kubernetes API requests per second of this operator
 * @param kubeBurst requests that may be sent at once above {@code kubeQps}
 * @param logFormat log line format
 * @param logLevel root log level: {@code error}, {@code warn}, {@code info}, {@code debug} or {@code trace}
 * @param initContainerInjection whether worker pods get the {@code wait-gcs-ready} init container
 * @param redisCleanup whether a deleted RayCluster with Redis GCS fault tolerance has its data deleted from Redis
 *     (finalizer {@code ray.io/gcs-ft-redis-cleanup-finalizer} and a clean-up Job)
 * @param clusterDomain DNS domain of the Kubernetes cluster, used in the head service's FQDN
 * @param finalizerPolicy finalizer policy of objects without the {@code ray.io/finalizer-policy} annotation
 * @param maxJobLogTails how many log tails the RayJob controller keeps open at once to learn that a Ray job ended
 *     (one WebSocket and one thread each); 0 turns them off (polling only)
 * @param kubeconfig kubeconfig file to use; empty means the client's own lookup ({@code KUBECONFIG},
 *     {@code ~/.kube/config}, then the in-cluster service account)
 * @param controllers the names of the controllers to run ({@code RayControllers#all()}); empty means all of them
 * @param kubeRayMetrics whether {@code /metrics} also serves KubeRay's {@code kuberay_*} series
 * @param podDefaults labels, annotations and sidecars added to every Ray Pod (KubeRay's {@code defaultPodLabels},
 *     {@code defaultPodAnnotations}, {@code headSidecarContainers}, {@code workerSidecarContainers})
 * @param defaultContainerEnv environment variables added to every Ray container that does not set them (KubeRay's
 *     {@code defaultContainerEnvs})
 * @param featureGates KubeRay's feature gates as RayKube reads them ({@code --feature-gates})
 * @param batchScheduler the batch scheduler of every Ray Pod ({@code --batch-scheduler}); {@link BatchScheduler#NONE}
 *     for none
 */
public record OperatorSettings(
    Set<String> namespaces,
    boolean leaderElection,
    String leaseName,
    Optional<String> leaseNamespace,
    int metricsPort,
    int healthPort,
    int reconcileConcurrency,
    double kubeQps,
    int kubeBurst,
    LogFormat logFormat,
    String logLevel,
    boolean initContainerInjection,
    boolean redisCleanup,
    String clusterDomain,
    FinalizerPolicy finalizerPolicy,
    int maxJobLogTails,
    Optional<Path> kubeconfig,
    Set<String> controllers,
    boolean kubeRayMetrics,
    PodDefaults podDefaults,
    List<EnvVar> defaultContainerEnv,
    FeatureGates featureGates,
    BatchScheduler batchScheduler) {

  /** Default {@link #leaseName()}. */
  public static final String DEFAULT_LEASE_NAME = "raykube-operator-leader";
  /** Default {@link #metricsPort()}. */
  public static final int DEFAULT_METRICS_PORT = 8080;
  /** Default {@link #healthPort()}. */
  public static final int DEFAULT_HEALTH_PORT = 8082;
  /** Default {@link #reconcileConcurrency()}. */
  public static final int DEFAULT_RECONCILE_CONCURRENCY = 4;
  /** Default {@link #kubeQps()}, as KubeRay's {@code --qps}. */
  public static final double DEFAULT_KUBE_QPS = 100;
  /** Default {@link #kubeBurst()}, as KubeRay's {@code --burst}. */
  public static final int DEFAULT_KUBE_BURST = 200;
  /** Default {@link #clusterDomain()}. */
  public static final String DEFAULT_CLUSTER_DOMAIN = "cluster.local";
  /** Default {@link #maxJobLogTails()}. */
  public static final int DEFAULT_MAX_JOB_LOG_TAILS = LogTailSettings.DEFAULT_MAX_OPEN;
  /** Accepted {@link #logLevel()} values. */
  public static final Set<String> LOG_LEVELS = Set.of("error", "warn", "info", "debug", "trace");

  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");
  private static final Pattern DNS_SUBDOMAIN =
      Pattern.compile("(?=.{1,253}$)[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*");

  /** Checks every value and takes defensive copies; messages name the setting and the offending value. */
  public OperatorSettings {
    namespaces = checkNamespaces(namespaces);
    leaseName = Objects.requireNonNull(leaseName, "leaseName").strip();
    if (!DNS_SUBDOMAIN.matcher(leaseName).matches()) {
      throw new IllegalArgumentException("leader election lease name '" + leaseName
          + "' is not a valid Kubernetes object name (lowercase letters, digits, '-' and '.')");
    }
    leaseNamespace = Objects.requireNonNull(leaseNamespace, "leaseNamespace").map(String::strip);
    leaseNamespace.ifPresent(ns -> checkNamespace(ns, "leader election namespace"));
    checkPort(metricsPort, "metrics port");
    checkPort(healthPort, "health port");
    if (metricsPort != 0 && metricsPort == healthPort) {
      throw new IllegalArgumentException("metrics port and health port must differ (both are " + metricsPort + ")");
    }
    if (reconcileConcurrency < 1) {
      throw new IllegalArgumentException("reconcile concurrency must be at least 1, not " + reconcileConcurrency);
    }
    if (!(kubeQps > 0) || Double.isInfinite(kubeQps)) {
      throw new IllegalArgumentException("Kubernetes client QPS must be a positive number, not " + kubeQps);
    }
    if (kubeBurst < 1) {
      throw new IllegalArgumentException("Kubernetes client burst must be at least 1, not " + kubeBurst);
    }
    Objects.requireNonNull(logFormat, "logFormat");
    logLevel = Objects.requireNonNull(logLevel, "logLevel").strip().toLowerCase(Locale.ROOT);
    if (!LOG_LEVELS.contains(logLevel)) {
      throw new IllegalArgumentException("'" + logLevel + "' is not a log level; use one of error, warn, info, debug,"
          + " trace");
    }
    clusterDomain = Objects.requireNonNull(clusterDomain, "clusterDomain").strip();
    if (!DNS_SUBDOMAIN.matcher(clusterDomain).matches()) {
      throw new IllegalArgumentException("cluster domain '" + clusterDomain
          + "' is not a DNS name (lowercase letters, digits, '-' and '.', no leading or trailing dot)");
    }
    Objects.requireNonNull(finalizerPolicy, "finalizerPolicy");
    if (maxJobLogTails < 0) {
      throw new IllegalArgumentException("max job log tails must be 0 (off) or more, not " + maxJobLogTails);
    }
    Objects.requireNonNull(kubeconfig, "kubeconfig");
    controllers = Collections.unmodifiableSortedSet(new TreeSet<>(Objects.requireNonNull(controllers, "controllers")));
    Objects.requireNonNull(podDefaults, "podDefaults");
    defaultContainerEnv = Objects.requireNonNull(defaultContainerEnv, "defaultContainerEnv").stream()
        .map(env -> new EnvVarBuilder(env).build()).toList();
    Objects.requireNonNull(featureGates, "featureGates");
    Objects.requireNonNull(batchScheduler, "batchScheduler");
  }

  /** Whether the controller named {@code name} runs: it is listed in {@link #controllers()}, or that is empty. */
  public boolean runs(String name) {
    return controllers.isEmpty() || controllers.contains(name);
  }

  /** Whether the operator watches every namespace ({@link #namespaces()} is empty). */
  public boolean watchesAllNamespaces() {
    return namespaces.isEmpty();
  }

  /** Returns the watched namespaces in sorted order; empty means all. */
  @Override
  public Set<String> namespaces() {
    return namespaces;
  }

  private static SortedSet<String> checkNamespaces(Set<String> namespaces) {
    Objects.requireNonNull(namespaces, "namespaces");
    TreeSet<String> copy = new TreeSet<>();
    for (String ns : namespaces) {
      String n = Objects.requireNonNull(ns, "namespace").strip();
      checkNamespace(n, "namespace to watch");
      copy.add(n);
    }
    return Collections.unmodifiableSortedSet(copy);
  }

  private static void checkNamespace(String namespace, String what) {
    if (!DNS_LABEL.matcher(namespace).matches()) {
      throw new IllegalArgumentException(what + " '" + namespace
          + "' is not a valid namespace name (at most 63 lowercase letters, digits and '-')");
    }
  }

  private static void checkPort(int port, String what) {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException(what + " must be between 0 and 65535, not " + port);
    }
  }
}
