package dev.raykube.cluster;

import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RedisCredential;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import java.util.Map;

/**
 * GCS fault tolerance with an external Redis: the head keeps the cluster's metadata in Redis so it can restart without
 * losing it, and workers wait for it instead of exiting.
 *
 * <p>On when {@code spec.gcsFaultToleranceOptions} is set or (legacy) the RayCluster is annotated
 * {@code ray.io/ft-enabled: "true"}. The head Pod is annotated {@code ray.io/ft-enabled} with {@code true}/{@code false}
 * and, when on, {@code ray.io/external-storage-namespace}; its Ray container gets
 * {@code RAY_external_storage_namespace} (the options' value, else the annotation's, else the cluster's UID),
 * {@code RAY_REDIS_ADDRESS}, and {@code REDIS_USERNAME}/{@code REDIS_PASSWORD} from the options (referenced by
 * {@code redis-username}/{@code redis-password} in {@code ray start}, see {@link RayStartParams}). Workers get
 * {@code RAY_gcs_rpc_server_reconnect_timeout_s=600} unless set. Only the Redis backend is supported; the embedded
 * {@code rocksdb} backend is rejected by {@link RayClusterValidator}.
 */
public final class GcsFaultTolerance {

  /** Environment variable with the Redis address, {@code host:port}. */
  public static final String RAY_REDIS_ADDRESS = "RAY_REDIS_ADDRESS";
  /** Environment variable with the Redis password. */
  public static final String REDIS_PASSWORD = "REDIS_PASSWORD";
  /** Environment variable with the Redis user name. */
  public static final String REDIS_USERNAME = "REDIS_USERNAME";
  /** Environment variable with the namespace of this cluster's data in Redis. */
  public static final String RAY_EXTERNAL_STORAGE_NAMESPACE = "RAY_external_storage_namespace";
  /** Environment variable: how long a raylet waits for a restarted GCS. */
  public static final String RAY_GCS_RECONNECT_TIMEOUT = "RAY_gcs_rpc_server_reconnect_timeout_s";
  /** Workers wait up to 600 s for the GCS (Ray's default of 60 s is shorter than a head restart). */
  public static final String WORKER_RECONNECT_TIMEOUT_SECONDS = "600";

  private GcsFaultTolerance() {
  }

  /** Whether GCS fault tolerance is on for this cluster. */
  public static boolean isEnabled(RayCluster cluster) {
    if (cluster.getSpec() != null && cluster.getSpec().getGcsFaultToleranceOptions() != null) {
      return true;
    }
    Map<String, String> annotations = cluster.getMetadata().getAnnotations();
    return annotations != null && "true".equalsIgnoreCase(annotations.get(RayClusterLabels.FT_ENABLED_ANNOTATION));
  }

  /**
   * The namespace of this cluster's data in external storage: {@code gcsFaultToleranceOptions.externalStorageNamespace},
   * else the annotation {@code ray.io/external-storage-namespace}, else the RayCluster's UID.
   */
  public static String externalStorageNamespace(RayCluster cluster) {
    GcsFaultToleranceOptions options = cluster.getSpec() == null ? null
        : cluster.getSpec().getGcsFaultToleranceOptions();
    if (options != null && options.getExternalStorageNamespace() != null
        && !options.getExternalStorageNamespace().isBlank()) {
      return options.getExternalStorageNamespace();
    }
    Map<String, String> annotations = cluster.getMetadata().getAnnotations();
    if (annotations != null && annotations.get(RayClusterLabels.EXTERNAL_STORAGE_NAMESPACE_ANNOTATION) != null) {
      return annotations.get(RayClusterLabels.EXTERNAL_STORAGE_NAMESPACE_ANNOTATION);
    }
    return cluster.getMetadata().getUid();
  }

  /** Annotates the head Pod and configures its Ray container. */
  static void configureHead(Map<String, String> podAnnotations, Container ray, RayCluster cluster,
      Map<String, String> effectiveHeadParams) {
    boolean enabled = isEnabled(cluster);
    podAnnotations.put(RayClusterLabels.FT_ENABLED_ANNOTATION, Boolean.toString(enabled));
    if (!enabled) {
      return;
    }
    String storageNamespace = externalStorageNamespace(cluster);
    if (storageNamespace != null) {
      podAnnotations.put(RayClusterLabels.EXTERNAL_STORAGE_NAMESPACE_ANNOTATION, storageNamespace);
      ContainerEnv.setIfAbsent(ray, RAY_EXTERNAL_STORAGE_NAMESPACE, storageNamespace);
    }
    GcsFaultToleranceOptions options = cluster.getSpec().getGcsFaultToleranceOptions();
    if (options != null) {
      ContainerEnv.set(ray, RAY_REDIS_ADDRESS, options.getRedisAddress());
      addCredential(ray, REDIS_USERNAME, options.getRedisUsername());
      addCredential(ray, REDIS_PASSWORD, options.getRedisPassword());
    } else if (effectiveHeadParams.containsKey("redis-password")) {
      // Legacy setup: the password sits in rayStartParams; export it for tools that read REDIS_PASSWORD.
      ContainerEnv.setIfAbsent(ray, REDIS_PASSWORD, effectiveHeadParams.get("redis-password"));
    }
  }

  /** Configures a worker's Ray container. */
  static void configureWorker(Container ray, RayCluster cluster) {
    if (isEnabled(cluster)) {
      ContainerEnv.setIfAbsent(ray, RAY_GCS_RECONNECT_TIMEOUT, WORKER_RECONNECT_TIMEOUT_SECONDS);
    }
  }

  private static void addCredential(Container ray, String name, RedisCredential credential) {
    if (credential == null) {
      return;
    }
    ContainerEnv.set(ray, new EnvVarBuilder().withName(name).withValue(credential.getValue())
        .withValueFrom(credential.getValueFrom()).build());
  }
}
