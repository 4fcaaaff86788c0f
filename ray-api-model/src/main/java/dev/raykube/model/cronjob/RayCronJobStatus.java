package dev.raykube.model.cronjob;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Objects;

/**
 * Observed state of a RayCronJob. Unlike the statuses of the other kinds it has no {@code observedGeneration}
 * (KubeRay's has none either): the only thing recorded is the scheduled time of the last RayJob created.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"lastScheduleTime"})
public class RayCronJobStatus extends ExtensibleObject {

  @JsonProperty("lastScheduleTime")
  @JsonPropertyDescription("The scheduled time of the last RayJob created (RFC 3339): the time the schedule named, "
      + "not the time the RayJob was created.")
  private String lastScheduleTime;

  /** Creates an empty {@code RayCronJobStatus}; every field starts unset. */
  public RayCronJobStatus() {
  }

  /**
   * Returns {@code lastScheduleTime}, or {@code null} when unset. The scheduled time of the last RayJob created
   * (RFC 3339).
   */
  public String getLastScheduleTime() {
    return lastScheduleTime;
  }

  public void setLastScheduleTime(String lastScheduleTime) {
    this.lastScheduleTime = lastScheduleTime;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayCronJobStatus that = (RayCronJobStatus) o;
    return Objects.equals(lastScheduleTime, that.lastScheduleTime)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(lastScheduleTime, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayCronJobStatus{" + "lastScheduleTime=" + lastScheduleTime
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
