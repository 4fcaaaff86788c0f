package dev.raykube.model.cluster;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.List;
import java.util.Objects;

/** Which worker Pods to remove when a worker group scales down. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"workersToDelete"})
public class ScaleStrategy extends ExtensibleObject {

  @JsonProperty("workersToDelete")
  @JsonPropertyDescription("Names of worker Pods to delete; the autoscaler sets this list and clears it.")
  private List<String> workersToDelete;

  /** Creates an empty {@code ScaleStrategy}; every field starts unset. */
  public ScaleStrategy() {
  }

  /**
   * Returns {@code workersToDelete}, or {@code null} when unset. Names of worker Pods to delete; the autoscaler sets
   * this list and clears it.
   */
  public List<String> getWorkersToDelete() {
    return workersToDelete;
  }

  public void setWorkersToDelete(List<String> workersToDelete) {
    this.workersToDelete = workersToDelete;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    ScaleStrategy that = (ScaleStrategy) o;
    return Objects.equals(workersToDelete, that.workersToDelete)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(workersToDelete, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "ScaleStrategy{" + "workersToDelete=" + workersToDelete
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
