package dev.raykube.cluster;

import dev.raykube.model.cluster.ClusterNetworkPolicy;
import dev.raykube.model.cluster.NetworkPolicyMode;
import dev.raykube.model.cluster.NetworkPolicyRules;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupNetworkPolicy;
import dev.raykube.model.cluster.WorkerGroupSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules of {@code spec.networkPolicy} that KubeRay v1.7.0's RayCluster controller checks (its
 * {@code validateNetworkPolicy}); {@link RayClusterValidator#validate(RayCluster, boolean)} adds them. A RayCluster is
 * refused when it has a {@code networkPolicy} while the feature gate {@code RayClusterNetworkPolicy} is off, ingress
 * rules under {@code DenyAllEgress} or egress rules under {@code DenyAllIngress} (in any block), a
 * {@code workerGroups[].groupName} that names no worker group, or, while a policy is present, a worker group whose
 * name is not a DNS-1123 label (it becomes part of a policy's name).
 */
public final class NetworkPolicyValidator {

  private static final Pattern DNS_1123_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]*[a-z0-9])?");

  private NetworkPolicyValidator() {
  }

  /**
   * Every problem of the cluster's {@code spec.networkPolicy}; empty when there is none or no policy.
   *
   * @param gateOn whether the feature gate {@code RayClusterNetworkPolicy} is on
   */
  public static List<String> validate(RayCluster cluster, boolean gateOn) {
    RayClusterSpec spec = cluster.getSpec();
    ClusterNetworkPolicy policy = spec == null ? null : spec.getNetworkPolicy();
    if (policy == null) {
      return List.of();
    }
    List<String> problems = new ArrayList<>();
    if (!gateOn) {
      problems.add("spec.networkPolicy needs the feature gate RayClusterNetworkPolicy (--feature-gates="
          + "RayClusterNetworkPolicy=true); remove it or turn the gate on");
      return problems;
    }
    NetworkPolicyMode mode = policy.getMode() == null ? NetworkPolicyMode.DENY_ALL : policy.getMode();
    if (mode == NetworkPolicyMode.UNKNOWN) {
      problems.add("spec.networkPolicy.mode '" + policy.getModeValue()
          + "' is not supported; use DenyAll, DenyAllIngress or DenyAllEgress");
    }
    checkDirections(mode, "spec.networkPolicy.head", policy.getHead(), problems);
    checkDirections(mode, "spec.networkPolicy.worker", policy.getWorker(), problems);
    List<WorkerGroupSpec> groups = spec.getWorkerGroupSpecs() == null ? List.of() : spec.getWorkerGroupSpecs();
    Set<String> groupNames = new HashSet<>();
    for (int i = 0; i < groups.size(); i++) {
      String name = groups.get(i).getGroupName();
      if (name != null) {
        groupNames.add(name);
        if (!DNS_1123_LABEL.matcher(name).matches() || name.length() > 63) {
          problems.add("spec.workerGroupSpecs[" + i + "].groupName '" + name + "' must be a DNS-1123 label (at most "
              + "63 lower-case letters, digits and '-', beginning and ending with a letter or digit) when "
              + "spec.networkPolicy is set: it is part of the worker group's NetworkPolicy name");
        }
      }
    }
    List<WorkerGroupNetworkPolicy> entries = policy.getWorkerGroups() == null ? List.of() : policy.getWorkerGroups();
    for (int i = 0; i < entries.size(); i++) {
      WorkerGroupNetworkPolicy entry = entries.get(i);
      String field = "spec.networkPolicy.workerGroups[" + i + "]";
      if (entry.getGroupName() == null || !groupNames.contains(entry.getGroupName())) {
        problems.add(field + ".groupName '" + entry.getGroupName() + "' matches no worker group in "
            + "spec.workerGroupSpecs");
      }
      checkDirections(mode, field, entry.getIngressRules(), entry.getEgressRules(), problems);
    }
    return problems;
  }

  private static void checkDirections(NetworkPolicyMode mode, String field, NetworkPolicyRules rules,
      List<String> problems) {
    if (rules != null) {
      checkDirections(mode, field, rules.getIngressRules(), rules.getEgressRules(), problems);
    }
  }

  private static void checkDirections(NetworkPolicyMode mode, String field, List<?> ingress, List<?> egress,
      List<String> problems) {
    if (mode == NetworkPolicyMode.DENY_ALL_EGRESS && ingress != null && !ingress.isEmpty()) {
      problems.add(field + ".ingressRules are not allowed with mode DenyAllEgress, which leaves ingress open");
    }
    if (mode == NetworkPolicyMode.DENY_ALL_INGRESS && egress != null && !egress.isEmpty()) {
      problems.add(field + ".egressRules are not allowed with mode DenyAllIngress, which leaves egress open");
    }
  }
}
