package dev.raykube.model.job;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import java.util.Objects;

/** Times of the Ray job as reported by the Ray dashboard ({@code status.rayJobInfo}). */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"startTime", "endTime"})
public class RayJobInfo extends ExtensibleObject {

  @JsonProperty("startTime")
  @JsonPropertyDescription("When the Ray job started (RFC 3339).")
  private String startTime;

  @JsonProperty("endTime")
  @JsonPropertyDescription("When the Ray job ended (RFC 3339).")
  private String endTime;

  /** Creates an empty {@code RayJobInfo}; every field starts unset. */
  public RayJobInfo() {
  }

  /** Returns {@code startTime}, or {@code null} when unset. When the Ray job started (RFC 3339). */
  public String getStartTime() {
    return startTime;
  }

  public void setStartTime(String startTime) {
    this.startTime = startTime;
  }

  /** Returns {@code endTime}, or {@code null} when unset. When the Ray job ended (RFC 3339). */
  public String getEndTime() {
    return endTime;
  }

  public void setEndTime(String endTime) {
    this.endTime = endTime;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayJobInfo that = (RayJobInfo) o;
    return Objects.equals(startTime, that.startTime) && Objects.equals(endTime, that.endTime)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(startTime, endTime, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayJobInfo{" + "startTime=" + startTime + ", endTime=" + endTime
        + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
