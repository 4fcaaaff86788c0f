package dev.raykube.model.service;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import io.fabric8.generator.annotation.Size;
import io.fabric8.generator.annotation.ValidationRule;
import java.util.Objects;

/** How a RayService rolls out a changed cluster spec. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"type", "clusterUpgradeOptions"})
public class RayServiceUpgradeStrategy extends ExtensibleObject {

  @JsonProperty("type")
  @JsonPropertyDescription("NewCluster, NewClusterWithIncrementalUpgrade or None.")
  @Size(max = 64)
  @ValidationRule(value = "self in ['NewCluster', 'NewClusterWithIncrementalUpgrade', 'None']",
      message = "upgradeStrategy.type must be one of: NewCluster, NewClusterWithIncrementalUpgrade, None")
  private String type;

  @JsonProperty("clusterUpgradeOptions")
  @JsonPropertyDescription("Settings of NewClusterWithIncrementalUpgrade.")
  private ClusterUpgradeOptions clusterUpgradeOptions;

  /** Creates an empty {@code RayServiceUpgradeStrategy}; every field starts unset. */
  public RayServiceUpgradeStrategy() {
  }

  /**
   * Returns {@code type} decoded as {@link RayServiceUpgradeType}: {@code null} when unset, {@link
   * RayServiceUpgradeType#UNKNOWN} for a value this model does not know (the written string stays available from
   * {@link #getTypeValue()}). NewCluster, NewClusterWithIncrementalUpgrade or None.
   */
  public RayServiceUpgradeType getType() {
    return RayServiceUpgradeType.fromValue(type);
  }

  /**
   * Sets {@code type}; {@code null} removes it.
   * @throws IllegalArgumentException for {@link RayServiceUpgradeType#UNKNOWN}, which has no wire value
   */
  public void setType(RayServiceUpgradeType type) {
    this.type = RayServiceUpgradeType.toValue(type);
  }

  /** Returns {@code type} exactly as written, or {@code null} when unset. */
  public String getTypeValue() {
    return type;
  }

  /** Sets {@code type} to a raw string, known to {@link RayServiceUpgradeType} or not. */
  public void setTypeValue(String type) {
    this.type = type;
  }

  /**
   * Returns {@code clusterUpgradeOptions}, or {@code null} when unset. Settings of NewClusterWithIncrementalUpgrade.
   */
  public ClusterUpgradeOptions getClusterUpgradeOptions() {
    return clusterUpgradeOptions;
  }

  public void setClusterUpgradeOptions(ClusterUpgradeOptions clusterUpgradeOptions) {
    this.clusterUpgradeOptions = clusterUpgradeOptions;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayServiceUpgradeStrategy that = (RayServiceUpgradeStrategy) o;
    return Objects.equals(type, that.type) && Objects.equals(clusterUpgradeOptions, that.clusterUpgradeOptions)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(type, clusterUpgradeOptions, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayServiceUpgradeStrategy{" + "type=" + type + ", clusterUpgradeOptions=" + clusterUpgradeOptions
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
