package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** Settings of the Kubernetes Job that submits the Ray job in K8sJobMode. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"backoffLimit"})
public class SubmitterConfig extends ExtensibleObject {

  @JsonProperty("backoffLimit")
  @JsonPropertyDescription("backoffLimit of the submitter Job (default 2).")
  @ValidationRule(value = "self >= 0", message = "submitterConfig.backoffLimit must not be negative")
  private Integer backoffLimit;

  /** Creates an empty {@code SubmitterConfig}; every field starts unset. */
  public SubmitterConfig() {
  }

  /**
   * Returns {@code backoffLimit}, or {@code null} when unset. backoffLimit of the submitter Job (default 2).
   */
  public Integer getBackoffLimit() {
    return backoffLimit;
  }

  public void setBackoffLimit(Integer backoffLimit) {
    this.backoffLimit = backoffLimit;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    SubmitterConfig that = (SubmitterConfig) o;
    return Objects.equals(backoffLimit, that.backoffLimit)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(backoffLimit, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "SubmitterConfig{" + "backoffLimit=" + backoffLimit
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
