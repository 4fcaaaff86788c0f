package dev.raykube.cronjob;

import static dev.raykube.cronjob.CronJobs.cronJob;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The child RayJob for a tick: name, namespace, label, annotation, controller reference, and a copied spec. */
class ChildRayJobTest {

  private static final KubernetesSerialization JSON = new KubernetesSerialization();

  private static final Instant TICK = Instant.parse("2026-08-20T10:05:00Z");

  @Test
  void metadataAsKubeRayWritesIt() {
    RayJob job = ChildRayJob.forTick(cronJob("*/5 * * * *", null, "2026-08-20T10:00:30Z", null, null), TICK);

    assertThat(job.getApiVersion()).isEqualTo("ray.io/v1");
    assertThat(job.getKind()).isEqualTo("RayJob");
    assertThat(job.getMetadata().getName()).isEqualTo("nightly-29787005");
    assertThat(job.getMetadata().getNamespace()).isEqualTo("team-a");
    assertThat(job.getMetadata().getLabels()).isEqualTo(Map.of("ray.io/cronjob-name", "nightly"));
    assertThat(job.getMetadata().getAnnotations())
        .isEqualTo(Map.of("ray.io/cronjob-scheduled-timestamp", "2026-08-20T10:05:00Z"));
    assertThat(job.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getApiVersion()).isEqualTo("ray.io/v1");
      assertThat(owner.getKind()).isEqualTo("RayCronJob");
      assertThat(owner.getName()).isEqualTo("nightly");
      assertThat(owner.getUid()).isEqualTo("6f1c0e52-7f0a-4d0b-9d7e-0a1b2c3d4e5f");
      assertThat(owner.getController()).isTrue();
      assertThat(owner.getBlockOwnerDeletion()).isTrue();
    });
    assertThat(job.getMetadata().getUid()).isNull();
    assertThat(job.getMetadata().getCreationTimestamp()).isNull();
    assertThat(job.getMetadata().getResourceVersion()).isNull();
    assertThat(job.getStatus()).isNull();
  }

  @Test
  void theAnnotationIsTheTickInUtcWhateverTheScheduleZone() {
    RayJob job = ChildRayJob.forTick(cronJob("30 9 * * *", "America/New_York", "2026-08-20T10:00:30Z", null, null),
        Instant.parse("2026-08-20T13:30:00Z"));

    assertThat(job.getMetadata().getAnnotations())
        .containsEntry(ChildRayJob.SCHEDULED_TIMESTAMP_ANNOTATION, "2026-08-20T13:30:00Z");
    assertThat(job.getMetadata().getLabels()).containsEntry(ChildRayJob.CRON_JOB_NAME_LABEL, "nightly");
  }

  @Test
  void theSpecIsAnEqualCopyOfTheTemplateSharingNothingWithIt() {
    RayCronJob cronJob = cronJob("* * * * *", null, "2026-08-20T10:00:30Z", null, null);
    RayClusterSpec cluster = new RayClusterSpec();
    cluster.setRayVersion("2.46.0");
    cluster.setHeadGroupSpec(new HeadGroupSpec());
    cronJob.getSpec().getJobTemplate().setRayClusterSpec(cluster);
    cronJob.getSpec().getJobTemplate().setShutdownAfterJobFinishes(true);
    cronJob.getSpec().getJobTemplate().setTtlSecondsAfterFinished(30);
    cronJob.getSpec().getJobTemplate().setAdditionalProperty("futureField", Map.of("kept", true));
    String before = JSON.asJson(cronJob);

    RayJob job = ChildRayJob.forTick(cronJob, TICK);

    assertThat(job.getSpec()).isEqualTo(cronJob.getSpec().getJobTemplate())
        .isNotSameAs(cronJob.getSpec().getJobTemplate());
    assertThat(job.getSpec().getRayClusterSpec()).isNotSameAs(cluster);
    job.getSpec().setEntrypoint("changed");
    job.getSpec().getRayClusterSpec().setRayVersion("changed");
    job.getMetadata().getLabels().put("changed", "yes");
    assertThat(JSON.asJson(cronJob)).isEqualTo(before);
  }

  @Test
  void eachTickGetsItsOwnRayJob() {
    RayCronJob cronJob = cronJob("* * * * *", null, "2026-08-20T10:00:30Z", null, null);

    RayJob first = ChildRayJob.forTick(cronJob, TICK);
    RayJob again = ChildRayJob.forTick(cronJob, TICK);
    RayJob next = ChildRayJob.forTick(cronJob, TICK.plusSeconds(60));

    assertThat(again).isEqualTo(first);
    assertThat(next.getMetadata().getName()).isEqualTo("nightly-29787006");
  }

  @Test
  void aRayCronJobNotReadFromTheApiServerOrWithoutTemplateIsRefused() {
    RayCronJob noUid = cronJob("* * * * *", null, null, null, null);
    noUid.getMetadata().setUid(null);
    RayCronJob noTemplate = cronJob("* * * * *", null, null, null, null);
    noTemplate.getSpec().setJobTemplate(null);

    assertThatThrownBy(() -> ChildRayJob.forTick(noUid, TICK)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("metadata.uid");
    assertThatThrownBy(() -> ChildRayJob.forTick(noTemplate, TICK)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no spec.jobTemplate");
  }

  @Test
  void theOwnerReferenceIsWrittenWithExactlyKubernetesFields() {
    OwnerReference owner = ChildRayJob.forTick(cronJob("* * * * *", null, null, null, null), TICK)
        .getMetadata().getOwnerReferences().get(0);
    assertThat(JSON.convertValue(owner, Map.class)).isEqualTo(Map.of("apiVersion", "ray.io/v1", "kind", "RayCronJob",
        "name", "nightly", "uid", "6f1c0e52-7f0a-4d0b-9d7e-0a1b2c3d4e5f", "controller", true,
        "blockOwnerDeletion", true));
  }
}
