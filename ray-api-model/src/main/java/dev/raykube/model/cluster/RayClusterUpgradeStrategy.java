package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** How Pods follow changes of the RayCluster spec. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"type"})
public class RayClusterUpgradeStrategy extends ExtensibleObject {

  @JsonProperty("type")
  @JsonPropertyDescription("Recreate (delete and recreate all Pods when the Pod-relevant spec changes) or None "
      + "(default).")
  @Size(max = 64)
  @ValidationRule(value = "self in ['Recreate', 'None']",
      message = "upgradeStrategy.type must be one of: Recreate, None")
  private String type;

  /** Creates an empty {@code RayClusterUpgradeStrategy}; every field starts unset. */
  public RayClusterUpgradeStrategy() {
  }

  /**
   * Returns {@code type} decoded as {@link RayClusterUpgradeType}: {@code null} when unset, {@link
   * RayClusterUpgradeType#UNKNOWN} for a value this model does not know (the written string stays available from
   * {@link #getTypeValue()}). Recreate (delete and recreate all Pods when the Pod-relevant spec changes) or None
   * (default).
   */
  public RayClusterUpgradeType getType() {
    return RayClusterUpgradeType.fromValue(type);
  }

  /**
   * Sets {@code type}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link RayClusterUpgradeType#UNKNOWN}, which has no wire value
   */
  public void setType(RayClusterUpgradeType type) {
    this.type = RayClusterUpgradeType.toValue(type);
  }

  /** Returns {@code type} exactly as written, or {@code null} when unset. */
  public String getTypeValue() {
    return type;
  }

  /** Sets {@code type} to a raw string, known to {@link RayClusterUpgradeType} or not. */
  public void setTypeValue(String type) {
    this.type = type;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayClusterUpgradeStrategy that = (RayClusterUpgradeStrategy) o;
    return Objects.equals(type, that.type)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayClusterUpgradeStrategy{" + "type=" + type + ", additionalProperties=" + getAdditionalProperties()
        + '}';
  }
}
