package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** One deletion action and the condition that triggers it. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"policy", "condition"})
public class DeletionRule extends ExtensibleObject {

  @JsonProperty("policy")
  @JsonPropertyDescription("What to delete: DeleteCluster, DeleteWorkers, DeleteSelf or DeleteNone.")
  @Required
  @Size(max = 64)
  @ValidationRule(value = "self in ['DeleteCluster', 'DeleteWorkers', 'DeleteSelf', 'DeleteNone']",
      message = "policy must be one of: DeleteCluster, DeleteWorkers, DeleteSelf, DeleteNone")
  private String policy;

  @JsonProperty("condition")
  @JsonPropertyDescription("When the rule fires.")
  @Required
  private DeletionCondition condition;

  /** Creates an empty {@code DeletionRule}; every field starts unset. */
  public DeletionRule() {
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

  /** Returns {@code condition}, or {@code null} when unset. When the rule fires. */
  public DeletionCondition getCondition() {
    return condition;
  }

  public void setCondition(DeletionCondition condition) {
    this.condition = condition;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    DeletionRule that = (DeletionRule) o;
    return Objects.equals(policy, that.policy) && Objects.equals(condition, that.condition)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(policy, condition, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "DeletionRule{" + "policy=" + policy + ", condition=" + condition
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
