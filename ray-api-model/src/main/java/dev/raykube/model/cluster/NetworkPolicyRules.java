package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyEgressRule;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyIngressRule;
import java.util.List;
import java.util.Objects;

/**
 * Extra rules of the NetworkPolicy of the head ({@code networkPolicy.head}) or of the workers
 * ({@code networkPolicy.worker}), added after the rules that allow traffic between the cluster's own Pods.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"ingressRules", "egressRules"})
public class NetworkPolicyRules extends ExtensibleObject {

  @JsonProperty("ingressRules")
  @JsonPropertyDescription("Additional allowed ingress; not allowed with mode DenyAllEgress.")
  private List<NetworkPolicyIngressRule> ingressRules;

  @JsonProperty("egressRules")
  @JsonPropertyDescription("Additional allowed egress; not allowed with mode DenyAllIngress.")
  private List<NetworkPolicyEgressRule> egressRules;

  /** Creates an empty {@code NetworkPolicyRules}; every field starts unset. */
  public NetworkPolicyRules() {
  }

  /** Returns {@code ingressRules}, or {@code null} when unset. Additional allowed ingress. */
  public List<NetworkPolicyIngressRule> getIngressRules() {
    return ingressRules;
  }

  public void setIngressRules(List<NetworkPolicyIngressRule> ingressRules) {
    this.ingressRules = ingressRules;
  }

  /** Returns {@code egressRules}, or {@code null} when unset. Additional allowed egress. */
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
    NetworkPolicyRules that = (NetworkPolicyRules) o;
    return Objects.equals(ingressRules, that.ingressRules) && Objects.equals(egressRules, that.egressRules)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(ingressRules, egressRules, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "NetworkPolicyRules{" + "ingressRules=" + ingressRules + ", egressRules=" + egressRules
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
