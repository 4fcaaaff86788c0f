package dev.raykube.model.cronjob;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import dev.raykube.model.common.ExtensibleObject;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.generator.annotation.Required;
import io.fabric8.generator.annotation.Size;
import java.util.Objects;

/** Desired state of a RayCronJob: a cron schedule, its time zone, and the RayJob to create at each scheduled time. */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"jobTemplate", "schedule", "timeZone", "suspend"})
public class RayCronJobSpec extends ExtensibleObject {

  @JsonProperty("jobTemplate")
  @JsonPropertyDescription("Spec of the RayJob created at each scheduled time, copied unchanged into it.")
  @Required
  private RayJobSpec jobTemplate;

  @JsonProperty("schedule")
  @JsonPropertyDescription("When to create a RayJob: a five-field cron expression (minute hour day-of-month month "
      + "day-of-week), a descriptor such as @daily or @hourly, or @every <duration>. Set the time zone in timeZone, "
      + "not with TZ= or CRON_TZ= in the schedule.")
  @Required
  private String schedule;

  @JsonProperty("timeZone")
  @JsonPropertyDescription("IANA time zone name the schedule is read in, for example Europe/Berlin. When unset, "
      + "RayKube reads the schedule in UTC (KubeRay uses the operator's local time zone). Must not be empty.")
  @Size(min = 1)
  private String timeZone;

  @JsonProperty("suspend")
  @JsonPropertyDescription("Create no new RayJobs while true; RayJobs already created are left alone.")
  private Boolean suspend;

  /** Creates an empty {@code RayCronJobSpec}; every field starts unset. */
  public RayCronJobSpec() {
  }

  /**
   * Returns {@code jobTemplate}, or {@code null} when unset. Spec of the RayJob created at each scheduled time.
   */
  public RayJobSpec getJobTemplate() {
    return jobTemplate;
  }

  public void setJobTemplate(RayJobSpec jobTemplate) {
    this.jobTemplate = jobTemplate;
  }

  /** Returns {@code schedule}, or {@code null} when unset. When to create a RayJob, as a cron schedule. */
  public String getSchedule() {
    return schedule;
  }

  public void setSchedule(String schedule) {
    this.schedule = schedule;
  }

  /**
   * Returns {@code timeZone}, or {@code null} when unset. IANA time zone name the schedule is read in; unset means UTC
   * in RayKube.
   */
  public String getTimeZone() {
    return timeZone;
  }

  public void setTimeZone(String timeZone) {
    this.timeZone = timeZone;
  }

  /** Returns {@code suspend}, or {@code null} when unset. Create no new RayJobs while true. */
  public Boolean getSuspend() {
    return suspend;
  }

  public void setSuspend(Boolean suspend) {
    this.suspend = suspend;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (o == null || getClass() != o.getClass()) {
      return false;
    }
    RayCronJobSpec that = (RayCronJobSpec) o;
    return Objects.equals(jobTemplate, that.jobTemplate) && Objects.equals(schedule, that.schedule)
        && Objects.equals(timeZone, that.timeZone) && Objects.equals(suspend, that.suspend)
        && Objects.equals(getAdditionalProperties(), that.getAdditionalProperties());
  }

  @Override
  public int hashCode() {
    return Objects.hash(jobTemplate, schedule, timeZone, suspend, getAdditionalProperties());
  }

  @Override
  public String toString() {
    return "RayCronJobSpec{" + "jobTemplate=" + jobTemplate + ", schedule=" + schedule + ", timeZone=" + timeZone
        + ", suspend=" + suspend + ", additionalProperties=" + getAdditionalProperties() + '}';
  }
}
