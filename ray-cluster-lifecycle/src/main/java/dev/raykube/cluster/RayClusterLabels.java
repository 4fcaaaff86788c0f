package dev.raykube.cluster;

import java.util.Map;
import java.util.TreeMap;

/**
 * The labels and annotations by which the operator marks and finds the objects of a RayCluster.
 *
 * <p>Pods carry {@code ray.io/is-ray-node=yes}, {@code ray.io/cluster}, {@code ray.io/node-type}, {@code ray.io/group}
 * ({@code headgroup} on the head), {@code ray.io/identifier} ({@code <cluster>-head} or {@code <cluster>-worker}),
 * {@code app.kubernetes.io/name=kuberay} and {@code app.kubernetes.io/created-by} (see
 * {@link ClusterBuildSettings#createdBy()}). User labels are merged in but can never replace {@code ray.io/cluster},
 * {@code ray.io/node-type} or {@code ray.io/group}, which the operator selects on.
 */
public final class RayClusterLabels {

  /** {@code ray.io/is-ray-node}: {@code yes} on every Ray Pod. */
  public static final String IS_RAY_NODE = "ray.io/is-ray-node";
  /** {@code ray.io/cluster}: the RayCluster's name; also the key of a RayJob's {@code spec.clusterSelector}. */
  public static final String CLUSTER = "ray.io/cluster";
  /** {@code ray.io/node-type}: {@code head} or {@code worker}. */
  public static final String NODE_TYPE = "ray.io/node-type";
  /** {@code ray.io/group}: the worker group's name, {@code headgroup} for the head. */
  public static final String GROUP = "ray.io/group";
  /** {@code ray.io/identifier}: {@code <cluster>-head} or {@code <cluster>-worker}. */
  public static final String IDENTIFIER = "ray.io/identifier";
  /** {@code app.kubernetes.io/name}: always {@code kuberay}, as KubeRay writes it. */
  public static final String APP_NAME = "app.kubernetes.io/name";
  /** {@code app.kubernetes.io/created-by}: which operator made the object. */
  public static final String CREATED_BY = "app.kubernetes.io/created-by";
  /**
   * {@code ray.io/originated-from-crd}: the kind whose controller created the RayCluster, {@code RayJob} or
   * {@code RayService}.
   */
  public static final String ORIGINATED_FROM_CRD = "ray.io/originated-from-crd";
  /**
   * {@code ray.io/job-submission-mode}: on a RayJob's own RayCluster, the RayJob's {@code submissionMode} (as KubeRay
   * v1.7 writes it; its NetworkPolicy lets a K8sJobMode submitter reach the head).
   */
  public static final String JOB_SUBMISSION_MODE = "ray.io/job-submission-mode";
  /**
   * {@code ray.io/originated-from-cr-name}: on a RayCluster (or a RayJob's submitter Job) that a RayJob or RayService
   * created, the name of that custom resource.
   */
  public static final String ORIGINATED_FROM_CR_NAME = "ray.io/originated-from-cr-name";
  /**
   * {@code ray.io/serve}: on a Ray Pod of a RayService's cluster, {@code "true"} when it may take Serve traffic (the
   * serve Service selects it). A worker whose template carries it gets its Serve proxy checked by its readiness probe
   * ({@link RayPodFactory}), so the kubelet takes it out of the serve Service when its proxy fails.
   */
  public static final String SERVE = "ray.io/serve";

  /**
   * {@code ray.io/worker-group-replica-index}: on every worker Pod when multi-host indexing is on
   * ({@link ClusterBuildSettings#multiHostIndexing()}), the index of its replica within the group: the smallest
   * non-negative integer no other replica of the group holds.
   */
  public static final String WORKER_GROUP_REPLICA_INDEX = "ray.io/worker-group-replica-index";
  /**
   * {@code ray.io/worker-group-replica-name}: on the worker Pods of a group with {@code numOfHosts > 1} when
   * multi-host indexing is on, the name shared by the hosts of one replica: {@code <group>-<5 random characters>}.
   */
  public static final String WORKER_GROUP_REPLICA_NAME = "ray.io/worker-group-replica-name";
  /**
   * {@code ray.io/replica-host-index}: on the worker Pods of a group with {@code numOfHosts > 1} when multi-host
   * indexing is on, the Pod's host within its replica, {@code 0 … numOfHosts-1}.
   */
  public static final String REPLICA_HOST_INDEX = "ray.io/replica-host-index";
  /**
   * {@code ray.io/headless-worker-svc}: the cluster's name, on the headless worker Service of a cluster with a
   * multi-host worker group ({@link HeadlessWorkerService}).
   */
  public static final String HEADLESS_WORKER_SERVICE = "ray.io/headless-worker-svc";

  /**
   * The {@code spec.managedBy} value of KubeRay's operator, which RayKube answers to as well (an unset value does
   * too); any other value names another controller, e.g. MultiKueue's.
   */
  public static final String MANAGED_BY_KUBERAY = "ray.io/kuberay-operator";

  /** The value of {@link #APP_NAME}. */
  public static final String APP_NAME_VALUE = "kuberay";
  /** The value of {@link #GROUP} on the head Pod. */
  public static final String HEAD_GROUP = "headgroup";

  /** Annotation on the RayCluster: {@code "true"} keeps the user's container command exactly as written. */
  public static final String OVERWRITE_CONTAINER_CMD_ANNOTATION = "ray.io/overwrite-container-cmd";
  /** Annotation on the RayCluster (legacy GCS fault tolerance switch) and on the head Pod (whether FT is on). */
  public static final String FT_ENABLED_ANNOTATION = "ray.io/ft-enabled";
  /** Annotation: the namespace of this cluster's data in external (Redis) storage. */
  public static final String EXTERNAL_STORAGE_NAMESPACE_ANNOTATION = "ray.io/external-storage-namespace";
  /** Annotation on the RayCluster: once provisioned, never re-create a lost head Pod. */
  public static final String DISABLE_PROVISIONED_HEAD_RESTART_ANNOTATION = "ray.io/disable-provisioned-head-restart";

  private static final int MAX_LABEL_VALUE = 63;

  private RayClusterLabels() {
  }

  /**
   * The labels of a Ray Pod: the user's labels (template labels, then the group's {@code labels}, later wins) with the
   * operator's labels on top; the user may override {@code ray.io/identifier}, {@code ray.io/is-ray-node} and the
   * {@code app.kubernetes.io} labels (as KubeRay allows) but never the three selector labels.
   *
   * @param userLabels the merged user labels, may be {@code null}
   */
  public static Map<String, String> forPod(String clusterName, RayNodeType type, String groupName,
      Map<String, String> userLabels, String createdBy) {
    Map<String, String> labels = new TreeMap<>();
    labels.put(IS_RAY_NODE, "yes");
    labels.put(IDENTIFIER, identifier(clusterName, type));
    labels.put(APP_NAME, APP_NAME_VALUE);
    labels.put(CREATED_BY, createdBy);
    if (userLabels != null) {
      labels.putAll(userLabels);
    }
    labels.put(CLUSTER, clusterName);
    labels.put(NODE_TYPE, type.label());
    labels.put(GROUP, type == RayNodeType.HEAD ? HEAD_GROUP : groupName);
    return labels;
  }

  /** The labels of the head Service and other cluster-level objects the operator creates. */
  public static Map<String, String> forHeadService(String clusterName, String createdBy) {
    Map<String, String> labels = new TreeMap<>(headSelector(clusterName));
    labels.put(APP_NAME, APP_NAME_VALUE);
    labels.put(CREATED_BY, createdBy);
    return labels;
  }

  /** The labels of the autoscaler ServiceAccount, Role and RoleBinding and of the auth Secret. */
  public static Map<String, String> forClusterObject(String clusterName, String createdBy) {
    Map<String, String> labels = new TreeMap<>();
    labels.put(CLUSTER, clusterName);
    labels.put(APP_NAME, APP_NAME_VALUE);
    labels.put(CREATED_BY, createdBy);
    return labels;
  }

  /**
   * The selector of the head Service and of the head Pod: {@code ray.io/cluster}, {@code ray.io/node-type=head} and
   * {@code ray.io/identifier}. It deliberately leaves out {@code app.kubernetes.io/created-by}, so a Service keeps
   * selecting the head when that label changes (a settings change, or Pods created by KubeRay).
   */
  public static Map<String, String> headSelector(String clusterName) {
    Map<String, String> selector = new TreeMap<>();
    selector.put(CLUSTER, clusterName);
    selector.put(NODE_TYPE, RayNodeType.HEAD.label());
    selector.put(IDENTIFIER, identifier(clusterName, RayNodeType.HEAD));
    return selector;
  }

  /** The selector of every Pod of a cluster: {@code ray.io/cluster=<name>}. */
  public static Map<String, String> clusterSelector(String clusterName) {
    return Map.of(CLUSTER, clusterName);
  }

  /**
   * {@code <cluster>-head} or {@code <cluster>-worker}, shortened to the 63 characters a label value may have (only
   * reachable for names longer than the 53 characters {@link RayClusterValidator} allows).
   */
  public static String identifier(String clusterName, RayNodeType type) {
    String value = clusterName + "-" + type.label();
    if (value.length() <= MAX_LABEL_VALUE) {
      return value;
    }
    return trimEnd(value.substring(0, MAX_LABEL_VALUE));
  }

  private static String trimEnd(String value) {
    int end = value.length();
    while (end > 0 && !Character.isLetterOrDigit(value.charAt(end - 1))) {
      end--;
    }
    return value.substring(0, end);
  }
}
