package dev.raykube.service.decide;

import dev.raykube.cluster.ClusterSpecHash;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.service.act.RayServiceClusterCleanup;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The label and annotation keys the RayService lifecycle reads and writes. Keys shared with the other controllers are
 * spelled where they live ({@link RayClusterLabels}); the ones below are the RayService's own.
 */
public final class RayServiceLabels {

  /** On a RayCluster of a RayService: the RayService's name (the key RayJob uses too). */
  public static final String ORIGINATED_FROM_CR_NAME = RayClusterLabels.ORIGINATED_FROM_CR_NAME;

  /** The value of {@link RayClusterLabels#ORIGINATED_FROM_CRD} on the RayClusters of a RayService. */
  public static final String RAY_SERVICE_KIND = RayServiceClusterCleanup.RAYSERVICE_KIND;

  /**
   * On a Ray Pod: {@code "true"} when it may take Serve traffic; the serve Service selects {@code ray.io/serve=true}.
   * The operator sets it on a head Pod from its proxy's answer to {@code /-/healthz} ({@code "false"} once a labelled
   * head's proxy stops answering). Workers carry it from their template when Serve runs a proxy on every node, and
   * their readiness probe checks that proxy, so the kubelet keeps them in or out of the serve Service (KubeRay's
   * shape); with proxies on the head only they carry none. {@link RayClusterLabels#SERVE}.
   */
  public static final String SERVE = RayClusterLabels.SERVE;

  /**
   * Annotation on a RayCluster: the hash of the spec it was created from, without replicas, {@code workersToDelete}
   * and {@code suspend} ({@link ClusterSpecHash#withoutReplicas}); KubeRay's key.
   */
  public static final String HASH_WITHOUT_REPLICAS = "ray.io/hash-without-replicas-and-workers-to-delete";

  /** Annotation on a RayCluster: how many worker groups the spec it was created from had; KubeRay's key. */
  public static final String NUM_WORKER_GROUPS = "ray.io/num-worker-groups";

  /**
   * Annotation on a RayCluster: the hash of the whole spec last written to it by the RayService
   * ({@link ClusterSpecHash#full}), so that a change of replicas or {@code workersToDelete} in the RayService is told
   * apart from the autoscaler's changes to the RayCluster. RayKube's own key.
   */
  public static final String FULL_SPEC_HASH = "raykube.dev/cluster-spec-hash";

  /**
   * Annotation on a RayCluster: when it stopped being the active or pending cluster of its RayService (RFC 3339, UTC).
   * It is deleted {@code rayClusterDeletionDelaySeconds} later; kept on the object so the delay survives an operator
   * restart. Written by {@link RayServiceAction.MarkDangling}.
   */
  public static final String DANGLING_SINCE = "raykube.dev/dangling-since";

  /**
   * Annotation on the RayService: how long it may take to become ready the first time, as a Go duration
   * ({@code 5m}, {@code 1h30m}, {@code 90s}) or whole seconds ({@code 300}). Then it fails for good with
   * {@code Ready=False/InitializingTimeout}.
   */
  public static final String INITIALIZING_TIMEOUT = "ray.io/initializing-timeout";

  private RayServiceLabels() {
  }

  /**
   * The labels the Pod templates of a RayService's clusters carry, so that its Pods are found (and watched) by the
   * same selector as its RayClusters, Services and EndpointSlices: {@link RayClusterLabels#ORIGINATED_FROM_CRD}
   * {@code =RayService} and {@link #ORIGINATED_FROM_CR_NAME} {@code =<name>}.
   *
   * @param rayServiceName the RayService's name
   */
  public static Map<String, String> podLabels(String rayServiceName) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(RayClusterLabels.ORIGINATED_FROM_CRD, RAY_SERVICE_KIND);
    labels.put(ORIGINATED_FROM_CR_NAME, rayServiceName);
    return Collections.unmodifiableMap(labels);
  }
}
