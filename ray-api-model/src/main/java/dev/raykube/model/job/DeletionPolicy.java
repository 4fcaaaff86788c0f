package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** A legacy deletion policy (deprecated: use deletionRules). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"policy"})
public class DeletionPolicy extends ExtensibleObject {

  @JsonProperty("policy")
  @JsonPropertyDescription("What to delete: DeleteCluster, DeleteWorkers, DeleteSelf or DeleteNone.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['DeleteCluster', 'DeleteWorkers', 'DeleteSelf', 'DeleteNone']",
      message = "policy must be one of: DeleteCluster, DeleteWorkers, DeleteSelf, DeleteNone")
  private String policy;

  /** Creates an empty {@code DeletionPolicy}; every field starts unset. */
  public DeletionPolicy() {
  }

  /**
   * Returns {@code policy} decoded as {@link DeletionPolicyType}: {@code null} when unset, {@link
   * DeletionPolicyType#UNKNOWN} for a value this model does not know (the written string stays available from {@link
   * #getPolicyValue()}). What to delete: DeleteCluster, DeleteWorkers, DeleteSelf or DeleteNone.
   */
  public DeletionPolicyType getPolicy() {
    return DeletionPolicyType.fromValue(policy);
  }

  /**
   * Sets {@code policy}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link DeletionPolicyType#UNKNOWN}, which has no wire value
   */
  public void setPolicy(DeletionPolicyType policy) {
    this.policy = DeletionPolicyType.toValue(policy);
  }

  /** Returns {@code policy} exactly as written, or {@code null} when unset. */
  public String getPolicyValue() {
    return policy;
  }

  /** Sets {@code policy} to a raw string, known to {@link DeletionPolicyType} or not. */
  public void setPolicyValue(String policy) {
    this.policy = policy;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    DeletionPolicy that = (DeletionPolicy) o;
    return Objects.equals(policy, that.policy)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(policy, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "DeletionPolicy{" + "policy=" + policy + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
