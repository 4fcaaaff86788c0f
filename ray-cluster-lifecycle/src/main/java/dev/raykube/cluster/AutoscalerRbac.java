package dev.raykube.cluster;

import dev.raykube.model.RayApi;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.ServiceAccount;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.Role;
import io.fabric8.kubernetes.api.model.rbac.RoleBinding;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;

/**
 * The permissions of the autoscaler sidecar: the head Pod runs as a ServiceAccount (the head template's
 * {@code serviceAccountName}, else one named after the cluster, which the operator creates), bound by a RoleBinding to
 * a Role, both named after the cluster, that allows exactly what {@code ray kuberay-autoscaler} does: read and patch
 * Pods, patch {@code pods/resize}, and get and patch RayClusters.
 */
public final class AutoscalerRbac {

  private AutoscalerRbac() {
  }

  /** The ServiceAccount of the head Pod: the head template's {@code serviceAccountName}, else the cluster's name. */
  public static String serviceAccountName(RayCluster cluster) {
    String named = userServiceAccountName(cluster);
    return named != null ? named : cluster.getMetadata().getName();
  }

  /**
   * Whether the user named the ServiceAccount in the head template. The operator then creates no ServiceAccount (and
   * should report one that does not exist) but still binds the Role to it.
   */
  public static boolean isUserServiceAccount(RayCluster cluster) {
    return userServiceAccountName(cluster) != null;
  }

  /** The ServiceAccount the operator creates when the user named none. */
  public static ServiceAccount serviceAccount(RayCluster cluster, ClusterBuildSettings settings) {
    return new ServiceAccountBuilder()
        .withNewMetadata()
        .withName(serviceAccountName(cluster))
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(RayClusterLabels.forClusterObject(cluster.getMetadata().getName(), settings.createdBy()))
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .build();
  }

  /** The Role, named after the cluster. */
  public static Role role(RayCluster cluster, ClusterBuildSettings settings) {
    return new RoleBuilder()
        .withNewMetadata()
        .withName(cluster.getMetadata().getName())
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(RayClusterLabels.forClusterObject(cluster.getMetadata().getName(), settings.createdBy()))
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withRules(
            new PolicyRuleBuilder().withApiGroups("").withResources("pods")
                .withVerbs("get", "list", "watch", "patch").build(),
            new PolicyRuleBuilder().withApiGroups("").withResources("pods/resize").withVerbs("patch").build(),
            new PolicyRuleBuilder().withApiGroups(RayApi.GROUP).withResources("rayclusters")
                .withVerbs("get", "patch").build())
        .build();
  }

  /** The RoleBinding of the Role to the head's ServiceAccount, named after the cluster. */
  public static RoleBinding roleBinding(RayCluster cluster, ClusterBuildSettings settings) {
    String name = cluster.getMetadata().getName();
    return new RoleBindingBuilder()
        .withNewMetadata()
        .withName(name)
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(RayClusterLabels.forClusterObject(name, settings.createdBy()))
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .addNewSubject()
        .withKind("ServiceAccount")
        .withName(serviceAccountName(cluster))
        .withNamespace(cluster.getMetadata().getNamespace())
        .endSubject()
        .withNewRoleRef()
        .withApiGroup("rbac.authorization.k8s.io")
        .withKind("Role")
        .withName(name)
        .endRoleRef()
        .build();
  }

  private static String userServiceAccountName(RayCluster cluster) {
    var template = cluster.getSpec().getHeadGroupSpec().getTemplate();
    String named = template == null || template.getSpec() == null ? null
        : template.getSpec().getServiceAccountName();
    return named == null || named.isBlank() ? null : named;
  }
}
