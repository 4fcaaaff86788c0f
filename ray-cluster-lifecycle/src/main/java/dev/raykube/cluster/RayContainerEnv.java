package dev.raykube.cluster;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.util.Map;

/**
 * The environment the operator gives the Ray container, in this order.
 *
 * <table>
 *   <caption>Ray container environment</caption>
 *   <tr><th>variable</th><th>value</th><th>user value wins?</th></tr>
 *   <tr><td>operator default variables ({@link ClusterBuildSettings#defaultContainerEnv()})</td><td>as
 *       configured</td><td>yes</td></tr>
 *   <tr><td>{@code FQ_RAY_IP} (workers)</td><td>{@code <head-svc>.<ns>.svc.<domain>}</td><td>no</td></tr>
 *   <tr><td>{@code RAY_IP} (workers, deprecated)</td><td>{@code <head-svc>}</td><td>no</td></tr>
 *   <tr><td>{@code RAY_CLUSTER_NAME}</td><td>field {@code metadata.labels['ray.io/cluster']}</td><td>no</td></tr>
 *   <tr><td>{@code RAY_CLUSTER_NAMESPACE}</td><td>field {@code metadata.namespace}</td><td>no</td></tr>
 *   <tr><td>{@code RAY_CLOUD_INSTANCE_ID}</td><td>field {@code metadata.name}</td><td>no</td></tr>
 *   <tr><td>{@code RAY_NODE_TYPE_NAME}</td><td>field {@code metadata.labels['ray.io/group']}</td><td>no</td></tr>
 *   <tr><td>{@code KUBERAY_GEN_RAY_START_CMD}</td><td>the generated {@code ray start …}</td><td>no</td></tr>
 *   <tr><td>{@code RAY_PORT}</td><td>the GCS port</td><td>yes</td></tr>
 *   <tr><td>{@code RAY_ADDRESS}</td><td>head {@code 127.0.0.1:<port>}, worker {@code <FQDN>:<port>}</td>
 *       <td>yes</td></tr>
 *   <tr><td>{@code RAY_USAGE_STATS_KUBERAY_IN_USE}</td><td>{@code 1}</td><td>yes</td></tr>
 *   <tr><td>{@code RAY_USAGE_STATS_EXTRA_TAGS} (head)</td><td>{@code kuberay_crd=<kind>;raykube_version=<v>}</td>
 *       <td>no</td></tr>
 *   <tr><td>{@code RAY_DASHBOARD_ENABLE_K8S_DISK_USAGE}</td><td>{@code 1}</td><td>yes</td></tr>
 * </table>
 *
 * <p>"No" means the operator's definition replaces the user's (KubeRay appends a second definition, and Kubernetes
 * uses the last one — the effect is the same, without the duplicate).
 */
final class RayContainerEnv {

  static final String FQ_RAY_IP = "FQ_RAY_IP";
  static final String RAY_IP = "RAY_IP";

  private RayContainerEnv() {
  }

  static void apply(Container ray, RayNodeType type, RayCluster cluster, HeadAddress head, String rayStartText,
      ClusterBuildSettings settings) {
    for (EnvVar env : settings.defaultContainerEnv()) {
      ContainerEnv.setIfAbsent(ray, env);
    }
    String host = "127.0.0.1";
    if (type == RayNodeType.WORKER) {
      host = head.fqdn();
      ContainerEnv.set(ray, FQ_RAY_IP, head.fqdn());
      ContainerEnv.set(ray, RAY_IP, head.serviceName());
    }
    ContainerEnv.set(ray, ContainerEnv.fieldRef("RAY_CLUSTER_NAME",
        "metadata.labels['" + RayClusterLabels.CLUSTER + "']"));
    ContainerEnv.set(ray, ContainerEnv.fieldRef("RAY_CLUSTER_NAMESPACE", "metadata.namespace"));
    ContainerEnv.set(ray, ContainerEnv.fieldRef("RAY_CLOUD_INSTANCE_ID", "metadata.name"));
    ContainerEnv.set(ray, ContainerEnv.fieldRef("RAY_NODE_TYPE_NAME",
        "metadata.labels['" + RayClusterLabels.GROUP + "']"));
    ContainerEnv.set(ray, "KUBERAY_GEN_RAY_START_CMD", rayStartText);
    ContainerEnv.setIfAbsent(ray, "RAY_PORT", Integer.toString(head.gcsPort()));
    ContainerEnv.setIfAbsent(ray, "RAY_ADDRESS", host + ":" + head.gcsPort());
    ContainerEnv.setIfAbsent(ray, "RAY_USAGE_STATS_KUBERAY_IN_USE", "1");
    if (type == RayNodeType.HEAD) {
      ContainerEnv.set(ray, "RAY_USAGE_STATS_EXTRA_TAGS",
          "kuberay_crd=" + originatingKind(cluster) + ";raykube_version=" + settings.operatorVersion());
    }
    ContainerEnv.setIfAbsent(ray, "RAY_DASHBOARD_ENABLE_K8S_DISK_USAGE", "1");
  }

  /** Sets {@code FQ_RAY_IP} and {@code RAY_IP} on an init container (operator's value wins). */
  static void applyToInitContainer(Container init, HeadAddress head) {
    ContainerEnv.set(init, FQ_RAY_IP, head.fqdn());
    ContainerEnv.set(init, RAY_IP, head.serviceName());
  }

  private static String originatingKind(RayCluster cluster) {
    Map<String, String> labels = cluster.getMetadata().getLabels();
    String kind = labels == null ? null : labels.get(RayClusterLabels.ORIGINATED_FROM_CRD);
    return kind == null || kind.isBlank() ? "RayCluster" : kind;
  }
}
