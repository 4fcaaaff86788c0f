package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import java.util.List;
import java.util.Objects;

/**
 * The extra NetworkPolicy rules of one worker group ({@code networkPolicy.workerGroups[]}), used instead of
 * {@code networkPolicy.worker} for that group.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"groupName", "ingressRules", "egressRules"})
public class WorkerGroupNetworkPolicy extends ExtensibleObject {

  @JsonProperty("groupName")
  @JsonPropertyDescription("The worker group these rules are for; must name one of workerGroupSpecs.")
  @Required
  @Size(max = 63)
  private String groupName;

  @JsonProperty("ingressRules")
  @JsonPropertyDescription("Additional allowed ingress of the group; not allowed with mode DenyAllEgress.")
  private List<NetworkPolicyIngressRule> ingressRules;

  @JsonProperty("egressRules")
  @JsonPropertyDescription("Additional allowed egress of the group; not allowed with mode DenyAllIngress.")
  private List<NetworkPolicyEgressRule> egressRules;

  /** Creates an empty {@code WorkerGroupNetworkPolicy}; every field starts unset. */
  public WorkerGroupNetworkPolicy() {
  }

  /** Returns {@code groupName}, or {@code null} when unset. The worker group these rules are for. */
  public String getGroupName() {
    return groupName;
  }

  public void setGroupName(String groupName) {
    this.groupName = groupName;
  }

  /** Returns {@code ingressRules}, or {@code null} when unset. Additional allowed ingress of the group. */
  public List<NetworkPolicyIngressRule> getIngressRules() {
    return ingressRules;
  }

  public void setIngressRules(List<NetworkPolicyIngressRule> ingressRules) {
    this.ingressRules = ingressRules;
  }

  /** Returns {@code egressRules}, or {@code null} when unset. Additional allowed egress of the group. */
  public List<NetworkPolicyEgressRule> getEgressRules() {
    return egressRules;
  }

  public void setEgressRules(List<NetworkPolicyEgressRule> egressRules) {
    this.egressRules = egressRules;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    WorkerGroupNetworkPolicy that = (WorkerGroupNetworkPolicy) o;
    return Objects.equals(groupName, that.groupName) && Objects.equals(ingressRules, that.ingressRules)
        && Objects.equals(egressRules, that.egressRules)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(groupName, ingressRules, egressRules, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "WorkerGroupNetworkPolicy{" + "groupName=" + groupName + ", ingressRules=" + ingressRules
        + ", egressRules=" + egressRules + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
