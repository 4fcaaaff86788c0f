package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The headless worker Service {@code <cluster>-headless} of a RayCluster with a multi-host worker group
 * ({@code numOfHosts > 1}), through which the hosts of a replica find one another by DNS (KubeRay creates it for
 * TPU slices): {@code clusterIP: None}, {@code publishNotReadyAddresses: true} (hosts must resolve each other before
 * Ray is ready), selecting every worker Pod of the cluster, labelled {@value RayClusterLabels#HEADLESS_WORKER_SERVICE}
 * {@code =<cluster>} and owned by the RayCluster. It is wanted whatever {@link ClusterBuildSettings#multiHostIndexing()}
 * says, created once and never updated, as in KubeRay.
 */
public final class HeadlessWorkerService {

  /** The suffix of the Service's name. */
  public static final String SUFFIX = "-headless";

  private HeadlessWorkerService() {
  }

  /** Whether the cluster wants the Service: one of its worker groups has {@code numOfHosts > 1}. */
  public static boolean isWanted(RayCluster cluster) {
    List<WorkerGroupSpec> groups = cluster.getSpec() == null ? null : cluster.getSpec().getWorkerGroupSpecs();
    return groups != null && groups.stream().anyMatch(g -> WorkerGroupSize.numOfHosts(g) > 1);
  }

  /** {@code <cluster>-headless}. */
  public static String name(RayCluster cluster) {
    return cluster.getMetadata().getName() + SUFFIX;
  }

  /** The Service. */
  public static Service build(RayCluster cluster) {
    String clusterName = cluster.getMetadata().getName();
    Map<String, String> selector = new TreeMap<>();
    selector.put(RayClusterLabels.CLUSTER, clusterName);
    selector.put(RayClusterLabels.NODE_TYPE, RayNodeType.WORKER.label());
    return new ServiceBuilder()
        .withNewMetadata()
        .withName(name(cluster))
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(Map.of(RayClusterLabels.HEADLESS_WORKER_SERVICE, clusterName))
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withNewSpec()
        .withType("ClusterIP")
        .withClusterIP("None")
        .withSelector(selector)
        .withPublishNotReadyAddresses(true)
        .endSpec()
        .build();
  }
}
