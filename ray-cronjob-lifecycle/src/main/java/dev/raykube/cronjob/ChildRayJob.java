package dev.raykube.cronjob;

import dev.raykube.model.RayApi;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.time.Instant;
import java.util.Objects;

/**
 * Builds the RayJob a RayCronJob creates for a scheduled time, as KubeRay v1.7 does: named by {@link ChildRayJobName},
 * in the RayCronJob's namespace, labelled {@value #CRON_JOB_NAME_LABEL}{@code =<cronjob>}, annotated
 * {@value #SCHEDULED_TIMESTAMP_ANNOTATION}{@code =<tick in UTC, RFC 3339>}, controlled by the RayCronJob (so it is
 * garbage-collected with it), and with a deep copy of {@code spec.jobTemplate} as its spec. Nothing else is added: the
 * RayJob copies both keys onto the RayCluster it creates. Pure.
 */
public final class ChildRayJob {

  /** Label on each child RayJob naming the RayCronJob that created it. */
  public static final String CRON_JOB_NAME_LABEL = "ray.io/cronjob-name";

  /** Annotation on each child RayJob: the tick it runs for, in UTC, RFC 3339 ({@code 2026-08-20T10:05:00Z}). */
  public static final String SCHEDULED_TIMESTAMP_ANNOTATION = "ray.io/cronjob-scheduled-timestamp";

  private static final String KIND = HasMetadata.getKind(RayCronJob.class);

  private ChildRayJob() {
  }

  /**
   * The RayJob for one tick.
   *
   * @param cronJob the RayCronJob as read from the API server: with a name, a uid and {@code spec.jobTemplate}
   * @param tick the scheduled time the RayJob runs for
   * @return a new RayJob sharing no object with {@code cronJob}
   * @throws IllegalArgumentException if the RayCronJob has no name, no uid or no job template
   */
  public static RayJob forTick(RayCronJob cronJob, Instant tick) {
    Objects.requireNonNull(cronJob, "cronJob");
    Objects.requireNonNull(tick, "tick");
    ObjectMeta owner = cronJob.getMetadata();
    if (owner == null || isBlank(owner.getName()) || isBlank(owner.getUid())) {
      throw new IllegalArgumentException("the RayCronJob needs metadata.name and metadata.uid (read it from the API "
          + "server)");
    }
    RayJobSpec template = cronJob.getSpec() == null ? null : cronJob.getSpec().getJobTemplate();
    if (template == null) {
      throw new IllegalArgumentException("RayCronJob " + owner.getName() + " has no spec.jobTemplate");
    }
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder()
        .withName(ChildRayJobName.of(owner.getName(), tick))
        .withNamespace(owner.getNamespace())
        .addToLabels(CRON_JOB_NAME_LABEL, owner.getName())
        .addToAnnotations(SCHEDULED_TIMESTAMP_ANNOTATION, StatusTimes.format(tick))
        .withOwnerReferences(controllerReference(owner))
        .build());
    job.setSpec(ModelCopies.copy(template, RayJobSpec.class));
    return job;
  }

  private static OwnerReference controllerReference(ObjectMeta owner) {
    return new OwnerReferenceBuilder()
        .withApiVersion(RayApi.API_VERSION)
        .withKind(KIND)
        .withName(owner.getName())
        .withUid(owner.getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
