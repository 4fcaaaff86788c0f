package dev.raykube.cluster;

import dev.raykube.model.cluster.ClusterNetworkPolicy;
import dev.raykube.model.cluster.NetworkPolicyMode;
import dev.raykube.model.cluster.NetworkPolicyRules;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupNetworkPolicy;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicy;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPort;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Builds the NetworkPolicies of a RayCluster with {@code spec.networkPolicy} (feature gate
 * {@code RayClusterNetworkPolicy}), as KubeRay v1.7.0 does: one for the head, {@code <cluster>-head}, and one per
 * worker group, {@code <cluster>-workers-<group>}.
 *
 * <p>Each selects its Pods ({@code ray.io/cluster} and {@code ray.io/node-type}, plus {@code ray.io/group} for a
 * worker group) and lists the directions {@code mode} denies as {@code policyTypes}: {@code DenyAll} both,
 * {@code DenyAllIngress} Ingress, {@code DenyAllEgress} Egress. In a denied direction, the first rule allows every
 * port from (or to) the cluster's own Pods ({@code ray.io/cluster=<cluster>}); the head's ingress then allows, for a
 * cluster labelled {@code ray.io/job-submission-mode=K8sJobMode} whose controller is a RayJob, that RayJob's
 * submitter Pods ({@code ray.io/originated-from-cr-name=<rayjob>}, {@code ray.io/originated-from-crd=RayJob}) on TCP
 * to the dashboard port ({@code dashboard-port} of the head's {@code rayStartParams}, else 8265); the user's rules come
 * last: {@code head} for the head, the group's {@code workerGroups} entry — else {@code worker} — for a worker group.
 * A port without a protocol gets {@code TCP}, as the API server would default it.
 *
 * <p>Labels: {@code ray.io/cluster}, {@code ray.io/group} ({@code headgroup} for the head),
 * {@code app.kubernetes.io/name=kuberay}, {@code app.kubernetes.io/created-by}. Owned (controller) by the RayCluster.
 */
public final class NetworkPolicyFactory {

  /** The RayCluster label a RayJob sets to its {@code submissionMode}. */
  public static final String JOB_SUBMISSION_MODE_LABEL = RayClusterLabels.JOB_SUBMISSION_MODE;

  private final ClusterBuildSettings settings;

  /** A factory for the given operator settings. */
  public NetworkPolicyFactory(ClusterBuildSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** The name of the head's policy: {@code <cluster>-head}. */
  public static String headPolicyName(String clusterName) {
    return clusterName + "-head";
  }

  /** The name of a worker group's policy: {@code <cluster>-workers-<group>}. */
  public static String workerPolicyName(String clusterName, String groupName) {
    return clusterName + "-workers-" + groupName;
  }

  /**
   * The policies the cluster should have: the head's first, then one per worker group in spec order; none without
   * {@code spec.networkPolicy}.
   */
  public List<NetworkPolicy> build(RayCluster cluster) {
    ClusterNetworkPolicy options = cluster.getSpec() == null ? null : cluster.getSpec().getNetworkPolicy();
    if (options == null) {
      return List.of();
    }
    NetworkPolicyMode mode = options.getMode() == null ? NetworkPolicyMode.DENY_ALL : options.getMode();
    String clusterName = cluster.getMetadata().getName();
    List<NetworkPolicy> policies = new ArrayList<>();

    Map<String, String> headSelector = new TreeMap<>();
    headSelector.put(RayClusterLabels.CLUSTER, clusterName);
    headSelector.put(RayClusterLabels.NODE_TYPE, RayNodeType.HEAD.label());
    List<NetworkPolicyIngressRule> headIngress = new ArrayList<>();
    headIngress.add(fromClusterPods(clusterName));
    String rayJob = submittingRayJob(cluster);
    if (rayJob != null) {
      headIngress.add(fromSubmitter(rayJob, dashboardPort(cluster)));
    }
    NetworkPolicyRules head = options.getHead();
    policies.add(policy(cluster, headPolicyName(clusterName), RayClusterLabels.HEAD_GROUP, headSelector, mode,
        headIngress, head == null ? null : head.getIngressRules(), head == null ? null : head.getEgressRules()));

    List<WorkerGroupSpec> groups = cluster.getSpec().getWorkerGroupSpecs();
    for (WorkerGroupSpec group : groups == null ? List.<WorkerGroupSpec>of() : groups) {
      String groupName = group.getGroupName();
      Map<String, String> selector = new TreeMap<>();
      selector.put(RayClusterLabels.CLUSTER, clusterName);
      selector.put(RayClusterLabels.NODE_TYPE, RayNodeType.WORKER.label());
      selector.put(RayClusterLabels.GROUP, groupName);
      WorkerGroupNetworkPolicy own = groupEntry(options, groupName);
      List<NetworkPolicyIngressRule> ingress;
      List<NetworkPolicyEgressRule> egress;
      if (own != null) {
        ingress = own.getIngressRules();
        egress = own.getEgressRules();
      } else {
        ingress = options.getWorker() == null ? null : options.getWorker().getIngressRules();
        egress = options.getWorker() == null ? null : options.getWorker().getEgressRules();
      }
      List<NetworkPolicyIngressRule> base = new ArrayList<>();
      base.add(fromClusterPods(clusterName));
      policies.add(policy(cluster, workerPolicyName(clusterName, groupName), groupName, selector, mode, base,
          ingress, egress));
    }
    return policies;
  }

  private NetworkPolicy policy(RayCluster cluster, String name, String group, Map<String, String> selector,
      NetworkPolicyMode mode, List<NetworkPolicyIngressRule> baseIngress, List<NetworkPolicyIngressRule> userIngress,
      List<NetworkPolicyEgressRule> userEgress) {
    String clusterName = cluster.getMetadata().getName();
    boolean denyIngress = mode != NetworkPolicyMode.DENY_ALL_EGRESS;
    boolean denyEgress = mode != NetworkPolicyMode.DENY_ALL_INGRESS;
    List<String> types = new ArrayList<>();
    List<NetworkPolicyIngressRule> ingress = null;
    List<NetworkPolicyEgressRule> egress = null;
    if (denyIngress) {
      types.add("Ingress");
      ingress = new ArrayList<>(baseIngress);
      if (userIngress != null) {
        for (NetworkPolicyIngressRule rule : userIngress) {
          NetworkPolicyIngressRule copy = new NetworkPolicyIngressRuleBuilder(rule).build();
          defaultTcp(copy.getPorts());
          ingress.add(copy);
        }
      }
    }
    if (denyEgress) {
      types.add("Egress");
      egress = new ArrayList<>();
      egress.add(new NetworkPolicyEgressRuleBuilder().addNewTo().withNewPodSelector()
          .withMatchLabels(RayClusterLabels.clusterSelector(clusterName)).endPodSelector().endTo().build());
      if (userEgress != null) {
        for (NetworkPolicyEgressRule rule : userEgress) {
          NetworkPolicyEgressRule copy = new NetworkPolicyEgressRuleBuilder(rule).build();
          defaultTcp(copy.getPorts());
          egress.add(copy);
        }
      }
    }
    Map<String, String> labels = new TreeMap<>();
    labels.put(RayClusterLabels.CLUSTER, clusterName);
    labels.put(RayClusterLabels.GROUP, group);
    labels.put(RayClusterLabels.APP_NAME, RayClusterLabels.APP_NAME_VALUE);
    labels.put(RayClusterLabels.CREATED_BY, settings.createdBy());
    return new NetworkPolicyBuilder()
        .withApiVersion("networking.k8s.io/v1")
        .withKind("NetworkPolicy")
        .withNewMetadata()
        .withName(name)
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(labels)
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withNewSpec()
        .withNewPodSelector().withMatchLabels(selector).endPodSelector()
        .withPolicyTypes(types)
        .withIngress(ingress)
        .withEgress(egress)
        .endSpec()
        .build();
  }

  private static NetworkPolicyIngressRule fromClusterPods(String clusterName) {
    return new NetworkPolicyIngressRuleBuilder().addNewFrom().withNewPodSelector()
        .withMatchLabels(RayClusterLabels.clusterSelector(clusterName)).endPodSelector().endFrom().build();
  }

  private static NetworkPolicyIngressRule fromSubmitter(String rayJob, int dashboardPort) {
    Map<String, String> submitter = new TreeMap<>();
    submitter.put(RayClusterLabels.ORIGINATED_FROM_CR_NAME, rayJob);
    submitter.put(RayClusterLabels.ORIGINATED_FROM_CRD, "RayJob");
    return new NetworkPolicyIngressRuleBuilder()
        .addNewFrom().withNewPodSelector().withMatchLabels(submitter).endPodSelector().endFrom()
        .addNewPort().withProtocol("TCP").withPort(new IntOrString(dashboardPort)).endPort()
        .build();
  }

  private static void defaultTcp(List<NetworkPolicyPort> ports) {
    if (ports != null) {
      ports.stream().filter(p -> p.getProtocol() == null).forEach(p -> p.setProtocol("TCP"));
    }
  }

  /**
   * The name of the RayJob whose K8sJobMode submitter must reach the head: the cluster's controller, when it is a
   * RayJob and the cluster is labelled {@code ray.io/job-submission-mode=K8sJobMode}; else {@code null}.
   */
  static String submittingRayJob(RayCluster cluster) {
    Map<String, String> labels = cluster.getMetadata().getLabels();
    if (labels == null || !"K8sJobMode".equals(labels.get(JOB_SUBMISSION_MODE_LABEL))) {
      return null;
    }
    List<OwnerReference> owners = cluster.getMetadata().getOwnerReferences();
    for (OwnerReference owner : owners == null ? List.<OwnerReference>of() : owners) {
      if (Boolean.TRUE.equals(owner.getController()) && "RayJob".equals(owner.getKind())) {
        return owner.getName();
      }
    }
    return null;
  }

  private static int dashboardPort(RayCluster cluster) {
    Map<String, String> params = cluster.getSpec().getHeadGroupSpec() == null ? null
        : cluster.getSpec().getHeadGroupSpec().getRayStartParams();
    String value = params == null ? null : params.get(RayStartParams.DASHBOARD_PORT);
    if (value != null) {
      try {
        return Integer.parseInt(value.strip());
      } catch (NumberFormatException e) {
        return RayStartParams.DEFAULT_DASHBOARD_PORT;
      }
    }
    return RayStartParams.DEFAULT_DASHBOARD_PORT;
  }

  private static WorkerGroupNetworkPolicy groupEntry(ClusterNetworkPolicy options, String groupName) {
    if (options.getWorkerGroups() == null) {
      return null;
    }
    return options.getWorkerGroups().stream().filter(e -> Objects.equals(e.getGroupName(), groupName)).findFirst()
        .orElse(null);
  }
}
