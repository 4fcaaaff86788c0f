package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** Settings of an incremental RayService upgrade. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"maxSurgePercent", "stepSizePercent", "intervalSeconds", "gatewayClassName"})
public class ClusterUpgradeOptions extends ExtensibleObject {

  @JsonProperty("maxSurgePercent")
  @JsonPropertyDescription("Capacity of the new cluster added per step, in percent (default 100).")
  @ValidationRule(value = "self >= 0 && self <= 100", message = "maxSurgePercent must be between 0 and 100")
  private Integer maxSurgePercent;

  @JsonProperty("stepSizePercent")
  @JsonPropertyDescription("Traffic moved to the new cluster per step, in percent.")
  @ValidationRule(value = "self >= 0 && self <= 100", message = "stepSizePercent must be between 0 and 100")
  private Integer stepSizePercent;

  @JsonProperty("intervalSeconds")
  @JsonPropertyDescription("Seconds between two steps.")
  @ValidationRule(value = "self >= 0", message = "intervalSeconds must not be negative")
  private Integer intervalSeconds;

  @JsonProperty("gatewayClassName")
  @JsonPropertyDescription("Gateway API class used to split traffic.")
  private String gatewayClassName;

  /** Creates an empty {@code ClusterUpgradeOptions}; every field starts unset. */
  public ClusterUpgradeOptions() {
  }

  /**
   * Returns {@code maxSurgePercent}, or {@code null} when unset. Capacity of the new cluster added per step, in
   * percent (default 100).
   */
  public Integer getMaxSurgePercent() {
    return maxSurgePercent;
  }

  public void setMaxSurgePercent(Integer maxSurgePercent) {
    this.maxSurgePercent = maxSurgePercent;
  }

  /**
   * Returns {@code stepSizePercent}, or {@code null} when unset. Traffic moved to the new cluster per step, in
   * percent.
   */
  public Integer getStepSizePercent() {
    return stepSizePercent;
  }

  public void setStepSizePercent(Integer stepSizePercent) {
    this.stepSizePercent = stepSizePercent;
  }

  /** Returns {@code intervalSeconds}, or {@code null} when unset. Seconds between two steps. */
  public Integer getIntervalSeconds() {
    return intervalSeconds;
  }

  public void setIntervalSeconds(Integer intervalSeconds) {
    this.intervalSeconds = intervalSeconds;
  }

  /**
   * Returns {@code gatewayClassName}, or {@code null} when unset. Gateway API class used to split traffic.
   */
  public String getGatewayClassName() {
    return gatewayClassName;
  }

  public void setGatewayClassName(String gatewayClassName) {
    this.gatewayClassName = gatewayClassName;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    ClusterUpgradeOptions that = (ClusterUpgradeOptions) o;
    return Objects.equals(maxSurgePercent, that.maxSurgePercent)
        && Objects.equals(stepSizePercent, that.stepSizePercent)
        && Objects.equals(intervalSeconds, that.intervalSeconds)
        && Objects.equals(gatewayClassName, that.gatewayClassName)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(maxSurgePercent, stepSizePercent, intervalSeconds, gatewayClassName,
        getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "ClusterUpgradeOptions{" + "maxSurgePercent=" + maxSurgePercent
        + ", stepSizePercent=" + stepSizePercent + ", intervalSeconds=" + intervalSeconds
        + ", gatewayClassName=" + gatewayClassName + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
