package dev.raykube.cronjob;

import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.cronjob.RayCronJobStatus;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.HashMap;
import java.util.Map;

/** RayCronJobs for the tests, as the API server would return them. */
final class CronJobs {

  private CronJobs() {
  }

  /**
   * A RayCronJob named {@code nightly} in {@code team-a}.
   *
   * @param schedule {@code spec.schedule}
   * @param timeZone {@code spec.timeZone}, or null
   * @param created {@code metadata.creationTimestamp}, or null
   * @param lastScheduleTime {@code status.lastScheduleTime}, or null for no status
   * @param suspend {@code spec.suspend}, or null
   */
  static RayCronJob cronJob(String schedule, String timeZone, String created, String lastScheduleTime,
      Boolean suspend) {
    RayJobSpec template = new RayJobSpec();
    template.setEntrypoint("python job.py");
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule(schedule);
    spec.setTimeZone(timeZone);
    spec.setSuspend(suspend);
    spec.setJobTemplate(template);
    RayCronJob cronJob = new RayCronJob();
    cronJob.setMetadata(new ObjectMetaBuilder().withName("nightly").withNamespace("team-a")
        .withUid("6f1c0e52-7f0a-4d0b-9d7e-0a1b2c3d4e5f").withCreationTimestamp(created).build());
    cronJob.setSpec(spec);
    if (lastScheduleTime != null) {
      RayCronJobStatus status = new RayCronJobStatus();
      status.setLastScheduleTime(lastScheduleTime);
      cronJob.setStatus(status);
    }
    return cronJob;
  }

  /**
   * A valid RayCronJob named {@code nightly} in {@code team-a}, created 2026-08-20T09:00:00Z, with
   * {@link #validTemplate()} and no status.
   *
   * @param schedule {@code spec.schedule}
   * @param timeZone {@code spec.timeZone}, or null
   */
  static RayCronJob valid(String schedule, String timeZone) {
    RayCronJob cronJob = cronJob(schedule, timeZone, "2026-08-20T09:00:00Z", null, null);
    cronJob.getSpec().setJobTemplate(validTemplate());
    return cronJob;
  }

  /** A valid RayJob spec: {@code python job.py} on the existing RayCluster {@code shared} (K8sJobMode). */
  static RayJobSpec validTemplate() {
    RayJobSpec template = new RayJobSpec();
    template.setEntrypoint("python job.py");
    template.setClusterSelector(new HashMap<>(Map.of("ray.io/cluster", "shared")));
    return template;
  }
}
