package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.List;
import java.util.Objects;

/**
 * The operator-wide options the RayCluster builders and plans depend on. Immutable; start from {@link #defaults()} and
 * change single values with the {@code with…} methods.
 *
 * @param clusterDomain DNS domain of the Kubernetes cluster, used in the head's FQDN
 *     {@code <head-svc>.<ns>.svc.<domain>}; default {@code cluster.local} (KubeRay's {@code CLUSTER_DOMAIN})
 * @param initContainerInjection whether worker Pods get the {@code wait-gcs-ready} init container; default
 *     {@code true} (KubeRay's {@code ENABLE_INIT_CONTAINER_INJECTION})
 * @param loginShell run generated commands with {@code /bin/bash -lc --} instead of {@code /bin/bash -c --}; default
 *     {@code false} (KubeRay's {@code ENABLE_LOGIN_SHELL})
 * @param probeInjection give the Ray container liveness and readiness probes when the user set none; default
 *     {@code true} (KubeRay's {@code ENABLE_PROBES_INJECTION})
 * @param headServiceClusterIp give a {@code ClusterIP} head Service a virtual IP instead of making it headless;
 *     default {@code false} (KubeRay's {@code ENABLE_RAY_HEAD_CLUSTER_IP_SERVICE})
 * @param initContainerResources fixed resources of {@code wait-gcs-ready}, or {@code null} (the default) to derive
 *     them from the Ray container as {@link GcsReadinessInitContainer#resourcesFor} explains
 * @param operatorVersion version reported in the head's {@code RAY_USAGE_STATS_EXTRA_TAGS}
 * @param createdBy value of {@code app.kubernetes.io/created-by}; default {@code raykube-operator}
 * @param defaultContainerEnv environment variables added to every Ray container unless it already sets the name
 * @param deleteExtraPodsWithAutoscaler also delete surplus worker Pods when autoscaling is on; default {@code false}
 *     (KubeRay's {@code ENABLE_RANDOM_POD_DELETE}); normally the autoscaler picks Pods via {@code workersToDelete}
 * @param redisCleanup give a RayCluster with Redis GCS fault tolerance the finalizer
 *     {@value RedisCleanupPlan#FINALIZER} and delete its data from Redis when it is deleted ({@link RedisCleanupPlan});
 *     default {@code true} (KubeRay's {@code ENABLE_GCS_FT_REDIS_CLEANUP})
 * @param podDefaults labels, annotations and sidecars added to every Ray Pod ({@link PodDefaults}); default none
 *     (KubeRay's {@code defaultPodLabels}, {@code defaultPodAnnotations}, {@code headSidecarContainers},
 *     {@code workerSidecarContainers})
 * @param multiHostIndexing label worker Pods with their replica's index, and manage the Pods of a group with
 *     {@code numOfHosts > 1} as whole replicas ({@link MultiHostGroupPlan}); default {@code true} (KubeRay's feature
 *     gate {@code RayMultiHostIndexing}, beta and on by default in v1.7.0). Off, every worker Pod is managed on its own
 *     and carries none of the replica labels
 * @param networkPolicies accept {@code spec.networkPolicy} and keep each cluster's NetworkPolicies
 *     ({@link NetworkPolicyFactory}); default {@code false} (KubeRay's alpha feature gate
 *     {@code RayClusterNetworkPolicy}); while off, a RayCluster with {@code networkPolicy} is refused
 * @param batchScheduler the batch scheduler every Ray Pod is handed to ({@link BatchScheduler},
 *     {@link BatchSchedulerMetadata}) and, for Volcano, the PodGroup each RayCluster gets ({@link VolcanoPodGroup});
 *     default {@link BatchScheduler#NONE} (KubeRay's {@code --batch-scheduler})
 */
public record ClusterBuildSettings(
    String clusterDomain,
    boolean initContainerInjection,
    boolean loginShell,
    boolean probeInjection,
    boolean headServiceClusterIp,
    ResourceRequirements initContainerResources,
    String operatorVersion,
    String createdBy,
    List<EnvVar> defaultContainerEnv,
    boolean deleteExtraPodsWithAutoscaler,
    boolean redisCleanup,
    PodDefaults podDefaults,
    boolean multiHostIndexing,
    boolean networkPolicies,
    BatchScheduler batchScheduler) {

  /** Default {@link #clusterDomain()}. */
  public static final String DEFAULT_CLUSTER_DOMAIN = "cluster.local";
  /** Default {@link #createdBy()}. */
  public static final String DEFAULT_CREATED_BY = "raykube-operator";
  /** {@link #createdBy()} for objects that should look exactly like KubeRay's. */
  public static final String KUBERAY_CREATED_BY = "kuberay-operator";

  /** Checks the values and takes defensive copies of the mutable ones. */
  public ClusterBuildSettings {
    clusterDomain = requireText(clusterDomain, "clusterDomain");
    if (clusterDomain.startsWith(".") || clusterDomain.endsWith(".")) {
      throw new IllegalArgumentException("clusterDomain must not start or end with a dot: '" + clusterDomain + "'");
    }
    operatorVersion = requireText(operatorVersion, "operatorVersion");
    createdBy = requireText(createdBy, "createdBy");
    initContainerResources = initContainerResources == null ? null
        : new ResourceRequirementsBuilder(initContainerResources).build();
    defaultContainerEnv = Objects.requireNonNull(defaultContainerEnv, "defaultContainerEnv").stream()
        .map(env -> new EnvVarBuilder(env).build())
        .toList();
    Objects.requireNonNull(podDefaults, "podDefaults");
    Objects.requireNonNull(batchScheduler, "batchScheduler");
  }

  /** The defaults listed on the record components, with operator version {@code unknown}. */
  public static ClusterBuildSettings defaults() {
    return new ClusterBuildSettings(DEFAULT_CLUSTER_DOMAIN, true, false, true, false, null, "unknown",
        DEFAULT_CREATED_BY, List.of(), false, true, PodDefaults.none(), true, false, BatchScheduler.NONE);
  }

  /** Returns a copy with {@link #clusterDomain()} replaced. */
  public ClusterBuildSettings withClusterDomain(String value) {
    return new ClusterBuildSettings(value, initContainerInjection, loginShell, probeInjection, headServiceClusterIp,
        initContainerResources, operatorVersion, createdBy, defaultContainerEnv, deleteExtraPodsWithAutoscaler,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #initContainerInjection()} replaced. */
  public ClusterBuildSettings withInitContainerInjection(boolean value) {
    return new ClusterBuildSettings(clusterDomain, value, loginShell, probeInjection, headServiceClusterIp,
        initContainerResources, operatorVersion, createdBy, defaultContainerEnv, deleteExtraPodsWithAutoscaler,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #loginShell()} replaced. */
  public ClusterBuildSettings withLoginShell(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, value, probeInjection, headServiceClusterIp,
        initContainerResources, operatorVersion, createdBy, defaultContainerEnv, deleteExtraPodsWithAutoscaler,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #probeInjection()} replaced. */
  public ClusterBuildSettings withProbeInjection(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, value, headServiceClusterIp,
        initContainerResources, operatorVersion, createdBy, defaultContainerEnv, deleteExtraPodsWithAutoscaler,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #headServiceClusterIp()} replaced. */
  public ClusterBuildSettings withHeadServiceClusterIp(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection, value,
        initContainerResources, operatorVersion, createdBy, defaultContainerEnv, deleteExtraPodsWithAutoscaler,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #initContainerResources()} replaced; {@code null} restores the derived default. */
  public ClusterBuildSettings withInitContainerResources(ResourceRequirements value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, value, operatorVersion, createdBy, defaultContainerEnv, deleteExtraPodsWithAutoscaler,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #operatorVersion()} replaced. */
  public ClusterBuildSettings withOperatorVersion(String value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, value, createdBy, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #createdBy()} replaced. */
  public ClusterBuildSettings withCreatedBy(String value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, value, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #defaultContainerEnv()} replaced. */
  public ClusterBuildSettings withDefaultContainerEnv(List<EnvVar> value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, value,
        deleteExtraPodsWithAutoscaler, redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #deleteExtraPodsWithAutoscaler()} replaced. */
  public ClusterBuildSettings withDeleteExtraPodsWithAutoscaler(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, defaultContainerEnv, value,
        redisCleanup, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #redisCleanup()} replaced. */
  public ClusterBuildSettings withRedisCleanup(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, value, podDefaults, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #podDefaults()} replaced. */
  public ClusterBuildSettings withPodDefaults(PodDefaults value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, redisCleanup, value, multiHostIndexing, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #multiHostIndexing()} replaced. */
  public ClusterBuildSettings withMultiHostIndexing(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, redisCleanup, podDefaults, value, networkPolicies, batchScheduler);
  }

  /** Returns a copy with {@link #networkPolicies()} replaced. */
  public ClusterBuildSettings withNetworkPolicies(boolean value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, redisCleanup, podDefaults, multiHostIndexing, value, batchScheduler);
  }

  /** Returns a copy with {@link #batchScheduler()} replaced. */
  public ClusterBuildSettings withBatchScheduler(BatchScheduler value) {
    return new ClusterBuildSettings(clusterDomain, initContainerInjection, loginShell, probeInjection,
        headServiceClusterIp, initContainerResources, operatorVersion, createdBy, defaultContainerEnv,
        deleteExtraPodsWithAutoscaler, redisCleanup, podDefaults, multiHostIndexing, networkPolicies, value);
  }

  /** The command prefix of generated shell commands: {@code /bin/bash -c --} or {@code /bin/bash -lc --}. */
  public List<String> shellCommand() {
    return List.of("/bin/bash", loginShell ? "-lc" : "-c", "--");
  }

  /** Returns the resources as a fresh copy (callers may modify it), or {@code null}. */
  @Override
  public ResourceRequirements initContainerResources() {
    return initContainerResources == null ? null : new ResourceRequirementsBuilder(initContainerResources).build();
  }

  /** Returns fresh copies of the environment variables (callers may modify them). */
  @Override
  public List<EnvVar> defaultContainerEnv() {
    return defaultContainerEnv.stream().map(env -> new EnvVarBuilder(env).build()).toList();
  }

  private static String requireText(String value, String name) {
    Objects.requireNonNull(value, name);
    if (value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
    return value.strip();
  }
}
