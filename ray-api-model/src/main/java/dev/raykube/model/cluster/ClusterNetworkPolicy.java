package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Objects;

/**
 * The NetworkPolicies of a RayCluster ({@code spec.networkPolicy}; alpha, feature gate
 * {@code RayClusterNetworkPolicy}): one for the head and one per worker group, which allow the cluster's own Pods and
 * the rules given here, and deny the rest in the directions {@code mode} names.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"mode", "head", "worker", "workerGroups"})
public class ClusterNetworkPolicy extends ExtensibleObject {

  @JsonProperty("mode")
  @JsonPropertyDescription("What is denied unless allowed: DenyAll (default), DenyAllIngress or DenyAllEgress.")
  @Default("DenyAll")
  @Size(max = 64)
  @ValidationRule(value = "self in ['DenyAll', 'DenyAllIngress', 'DenyAllEgress']",
      message = "networkPolicy.mode must be one of: DenyAll, DenyAllIngress, DenyAllEgress")
  private String mode;

  @JsonProperty("head")
  @JsonPropertyDescription("Extra rules of the head's policy.")
  private NetworkPolicyRules head;

  @JsonProperty("worker")
  @JsonPropertyDescription("Extra rules of every worker group's policy that has no workerGroups entry.")
  private NetworkPolicyRules worker;

  @JsonProperty("workerGroups")
  @JsonPropertyDescription("Extra rules of single worker groups, by groupName; they replace 'worker' for that group.")
  @Size(max = 128)
  @ValidationRule(value = "self.all(g, self.exists_one(o, o.groupName == g.groupName))",
      message = "groupName must be unique among networkPolicy.workerGroups")
  private List<WorkerGroupNetworkPolicy> workerGroups;

  /** Creates an empty {@code ClusterNetworkPolicy}; every field starts unset. */
  public ClusterNetworkPolicy() {
  }

  /**
   * Returns {@code mode} decoded as {@link NetworkPolicyMode}: {@code null} when unset (KubeRay's default is
   * {@link NetworkPolicyMode#DENY_ALL}), {@link NetworkPolicyMode#UNKNOWN} for a value this model does not know (the
   * written string stays available from {@link #getModeValue()}).
   */
  public NetworkPolicyMode getMode() {
    return NetworkPolicyMode.fromValue(mode);
  }

  /**
   * Sets {@code mode}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link NetworkPolicyMode#UNKNOWN}, which has no wire value
   */
  public void setMode(NetworkPolicyMode mode) {
    this.mode = NetworkPolicyMode.toValue(mode);
  }

  /** Returns {@code mode} exactly as written, or {@code null} when unset. */
  public String getModeValue() {
    return mode;
  }

  /** Sets {@code mode} to a raw string, known to {@link NetworkPolicyMode} or not. */
  public void setModeValue(String mode) {
    this.mode = mode;
  }

  /** Returns {@code head}, or {@code null} when unset. Extra rules of the head's policy. */
  public NetworkPolicyRules getHead() {
    return head;
  }

  public void setHead(NetworkPolicyRules head) {
    this.head = head;
  }

  /**
   * Returns {@code worker}, or {@code null} when unset. Extra rules of every worker group's policy that has no
   * workerGroups entry.
   */
  public NetworkPolicyRules getWorker() {
    return worker;
  }

  public void setWorker(NetworkPolicyRules worker) {
    this.worker = worker;
  }

  /** Returns {@code workerGroups}, or {@code null} when unset. Extra rules of single worker groups. */
  public List<WorkerGroupNetworkPolicy> getWorkerGroups() {
    return workerGroups;
  }

  public void setWorkerGroups(List<WorkerGroupNetworkPolicy> workerGroups) {
    this.workerGroups = workerGroups;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    ClusterNetworkPolicy that = (ClusterNetworkPolicy) o;
    return Objects.equals(mode, that.mode) && Objects.equals(head, that.head) && Objects.equals(worker, that.worker)
        && Objects.equals(workerGroups, that.workerGroups)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(mode, head, worker, workerGroups, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "ClusterNetworkPolicy{" + "mode=" + mode + ", head=" + head + ", worker=" + worker
        + ", workerGroups=" + workerGroups + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
