package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.List;
import java.util.Objects;

/**
 * What to delete after a RayJob has finished: either deletionRules or (deprecated) both onSuccess and onFailure.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"onSuccess", "onFailure", "deletionRules"})
@ValidationRule(value = "!((has(self.onSuccess) || has(self.onFailure)) && has(self.deletionRules))",
    message = "onSuccess/onFailure and deletionRules cannot be used together")
@ValidationRule(value = "(has(self.onSuccess) && has(self.onFailure)) || has(self.deletionRules)",
    message = "deletionStrategy needs either both onSuccess and onFailure, or deletionRules")
public class DeletionStrategy extends ExtensibleObject {

  @JsonProperty("onSuccess")
  @JsonPropertyDescription("Deprecated: policy applied when the job succeeded.")
  private DeletionPolicy onSuccess;

  @JsonProperty("onFailure")
  @JsonPropertyDescription("Deprecated: policy applied when the job failed.")
  private DeletionPolicy onFailure;

  @JsonProperty("deletionRules")
  @JsonPropertyDescription("Deletion rules; when several are due, the most destructive runs first. 1 to 32 rules.")
  @Size(min = 1, max = 32)
  private List<DeletionRule> deletionRules;

  /** Creates an empty {@code DeletionStrategy}; every field starts unset. */
  public DeletionStrategy() {
  }

  /**
   * Returns {@code onSuccess}, or {@code null} when unset. Deprecated: policy applied when the job succeeded.
   */
  public DeletionPolicy getOnSuccess() {
    return onSuccess;
  }

  public void setOnSuccess(DeletionPolicy onSuccess) {
    this.onSuccess = onSuccess;
  }

  /**
   * Returns {@code onFailure}, or {@code null} when unset. Deprecated: policy applied when the job failed.
   */
  public DeletionPolicy getOnFailure() {
    return onFailure;
  }

  public void setOnFailure(DeletionPolicy onFailure) {
    this.onFailure = onFailure;
  }

  /**
   * Returns {@code deletionRules}, or {@code null} when unset. Deletion rules; when several are due, the most
   * destructive runs first.
   */
  public List<DeletionRule> getDeletionRules() {
    return deletionRules;
  }

  public void setDeletionRules(List<DeletionRule> deletionRules) {
    this.deletionRules = deletionRules;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    DeletionStrategy that = (DeletionStrategy) o;
    return Objects.equals(onSuccess, that.onSuccess) && Objects.equals(onFailure, that.onFailure)
        && Objects.equals(deletionRules, that.deletionRules)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(onSuccess, onFailure, deletionRules, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "DeletionStrategy{" + "onSuccess=" + onSuccess + ", onFailure=" + onFailure
        + ", deletionRules=" + deletionRules + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
