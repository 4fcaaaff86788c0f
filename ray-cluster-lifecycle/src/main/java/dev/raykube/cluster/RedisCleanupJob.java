package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Job that deletes a RayCluster's data from Redis once its head is gone (see {@link RedisCleanupPlan}): named
 * {@code <cluster>-redis-cleanup} (the cluster's part shortened to fit 63 characters), owned by the RayCluster,
 * labelled {@code ray.io/cluster} and {@code ray.io/node-type=redis-cleanup}. Its Pod is the head Pod the cluster
 * would get, with only the Ray container left, whose command becomes a Python call of Ray's own
 * {@code ray._private.gcs_utils.cleanup_redis_storage} for the head's {@code RAY_REDIS_ADDRESS} (first address;
 * {@code redis://} or {@code rediss://}, TLS for the latter), {@code REDIS_USERNAME}/{@code REDIS_PASSWORD} (else the
 * address's user and password) and {@code RAY_external_storage_namespace}; exit code 1 when Ray reports failure. The
 * same image, environment and volumes as the head, so the address and credentials are the head's however they were
 * given. No probes, 200m CPU and 256Mi memory (requests and limits; no GPU), restart policy {@code Never}, no retry
 * ({@code backoffLimit: 0}), at most {@value #ACTIVE_DEADLINE_SECONDS} s, Redis connection attempts for up to 60 s.
 *
 * <p>Differences from KubeRay's Job of the same name, kept small on purpose: the Pod is not labelled
 * {@code ray.io/is-ray-node} nor {@code ray.io/identifier} (it is not a Ray node, and the controller's Pod cache and
 * the head Service's selector stay free of it), and the script prints nothing but Ray's own messages. Pure.
 */
public final class RedisCleanupJob {

  /** The value of {@code ray.io/node-type} on the Job and its Pod. */
  public static final String NODE_TYPE = "redis-cleanup";
  /** How long the Job may run: 5 minutes, as KubeRay's. */
  public static final long ACTIVE_DEADLINE_SECONDS = 300;

  static final String SUFFIX = "-redis-cleanup";
  private static final int MAX_NAME = 63;

  /**
   * The Python program the Job runs. Single quotes only, so that it sits in double quotes of a shell word with nothing
   * for the shell to expand.
   */
  static final String SCRIPT = "import os, sys; from urllib.parse import urlparse; "
      + "from ray._private.gcs_utils import cleanup_redis_storage; "
      + "address = os.environ.get('RAY_REDIS_ADDRESS', '').split(',')[0].strip(); "
      + "address = address if '://' in address else 'redis://' + address; "
      + "url = urlparse(address); "
      + "cleaned = cleanup_redis_storage(host=url.hostname, port=url.port, "
      + "username=os.environ.get('REDIS_USERNAME', url.username), "
      + "password=os.environ.get('REDIS_PASSWORD', url.password or ''), use_ssl=url.scheme == 'rediss', "
      + "storage_namespace=os.environ['RAY_external_storage_namespace']); "
      + "sys.exit(0 if cleaned else 1)";

  private RedisCleanupJob() {
  }

  /**
   * The name of the cluster's clean-up Job: {@code <cluster>-redis-cleanup}, with the cluster's name shortened so the
   * whole fits 63 characters (the Job controller puts it in a label).
   *
   * @param cluster the RayCluster
   * @return the Job's name
   */
  public static String name(RayCluster cluster) {
    String clusterName = cluster.getMetadata().getName();
    int room = MAX_NAME - SUFFIX.length();
    String prefix = clusterName.length() <= room ? clusterName : clusterName.substring(0, room);
    while (prefix.endsWith("-") || prefix.endsWith(".")) {
      prefix = prefix.substring(0, prefix.length() - 1);
    }
    return prefix + SUFFIX;
  }

  /**
   * Builds the clean-up Job of a RayCluster.
   *
   * @param cluster the RayCluster being deleted (valid, so that its head Pod can be built)
   * @param pods builds the head Pod the Job's Pod starts from
   * @return the Job, not yet created
   * @throws IllegalArgumentException if the head Pod cannot be built (see {@link RayPodFactory#head})
   */
  public static Job build(RayCluster cluster, RayPodFactory pods) {
    Pod head = pods.head(cluster);
    PodSpec spec = head.getSpec();
    Container ray = spec.getContainers().get(0);
    spec.setContainers(List.of(ray));
    ray.setCommand(pods.settings().shellCommand());
    ray.setArgs(List.of("python -c \"" + SCRIPT + "\""));
    ray.setLivenessProbe(null);
    ray.setReadinessProbe(null);
    ray.setStartupProbe(null);
    ray.setLifecycle(null);
    ContainerEnv.set(ray, "RAY_redis_db_connect_retries", "120");
    ContainerEnv.set(ray, "RAY_redis_db_connect_wait_milliseconds", "500");
    Map<String, Quantity> fixed = Map.of("cpu", new Quantity("200m"), "memory", new Quantity("256Mi"));
    ray.setResources(new ResourceRequirementsBuilder().withRequests(fixed).withLimits(fixed).build());
    spec.setRestartPolicy("Never");

    Map<String, String> labels = new LinkedHashMap<>(head.getMetadata().getLabels());
    labels.remove(RayClusterLabels.IS_RAY_NODE);
    labels.remove(RayClusterLabels.IDENTIFIER);
    labels.put(RayClusterLabels.NODE_TYPE, NODE_TYPE);
    Map<String, String> annotations = head.getMetadata().getAnnotations() == null ? Map.of()
        : new LinkedHashMap<>(head.getMetadata().getAnnotations());
    ObjectMeta podMeta = new ObjectMetaBuilder().withLabels(labels).withAnnotations(annotations).build();
    return new JobBuilder()
        .withNewMetadata()
          .withName(name(cluster))
          .withNamespace(cluster.getMetadata().getNamespace())
          .withLabels(labels)
          .withAnnotations(annotations)
          .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withNewSpec()
          .withBackoffLimit(0)
          .withActiveDeadlineSeconds(ACTIVE_DEADLINE_SECONDS)
          .withNewTemplate()
            .withMetadata(podMeta)
            .withSpec(spec)
          .endTemplate()
        .endSpec()
        .build();
  }
}
