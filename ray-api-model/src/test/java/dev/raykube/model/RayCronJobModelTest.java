package dev.raykube.model;

import static dev.raykube.model.Manifests.SERIALIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.raykube.model.common.StatusTimes;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.cronjob.RayCronJobSpec;
import dev.raykube.model.cronjob.RayCronJobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The RayCronJob classes read and write KubeRay's documents: field names, the status time, equality, bad specs. */
class RayCronJobModelTest {

  @Test
  void aStatusDocumentReadsWritesAndReadsBack() {
    String yaml = Manifests.resource("/manifests/raycronjob-with-status.yaml");
    RayCronJob cronJob = (RayCronJob) Manifests.parse(yaml);

    assertThat(cronJob.getStatus().getLastScheduleTime()).isEqualTo("2026-08-20T10:05:00Z");
    assertThat(StatusTimes.parse(cronJob.getStatus().getLastScheduleTime()))
        .contains(Instant.parse("2026-08-20T10:05:00Z"));
    assertThat(cronJob.getSpec().getTimeZone()).isEqualTo("Europe/Berlin");
    assertThat(cronJob.getSpec().getJobTemplate().getEntrypoint()).isEqualTo("python /home/ray/job.py");

    String written = SERIALIZATION.asYaml(cronJob);
    assertThat(SERIALIZATION.unmarshal(written, RayCronJob.class)).isEqualTo(cronJob);
    assertThat(Manifests.tree(written).equals(Manifests.SAME_VALUE, Manifests.tree(yaml))).as(written).isTrue();
  }

  @Test
  void aRayCronJobBuiltInCodeIsWrittenWithKubeRayNamesAndOnlyTheFieldsThatWereSet() {
    RayJobSpec template = new RayJobSpec();
    template.setEntrypoint("python job.py");
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule("@hourly");
    spec.setJobTemplate(template);
    RayCronJob cronJob = new RayCronJob();
    cronJob.setMetadata(new ObjectMetaBuilder().withName("nightly").withNamespace("team-a").build());
    cronJob.setSpec(spec);
    RayCronJobStatus status = new RayCronJobStatus();
    status.setLastScheduleTime("2026-08-20T10:00:00Z");
    cronJob.setStatus(status);

    JsonNode json = Manifests.asTree(cronJob);

    assertThat(json.path("apiVersion").asText()).isEqualTo("ray.io/v1");
    assertThat(json.path("kind").asText()).isEqualTo("RayCronJob");
    assertThat(fieldNames(json.path("spec"))).containsExactly("jobTemplate", "schedule");
    assertThat(fieldNames(json.path("spec").path("jobTemplate"))).containsExactly("entrypoint");
    assertThat(fieldNames(json.path("status"))).as("no observedGeneration, like KubeRay")
        .containsExactly("lastScheduleTime");
  }

  @Test
  void equalityCoversEveryFieldAndUnknownProperties() {
    RayCronJobSpec a = spec("* * * * *", "UTC", true);
    RayCronJobSpec b = spec("* * * * *", "UTC", true);
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a).isNotEqualTo(spec("*/5 * * * *", "UTC", true))
        .isNotEqualTo(spec("* * * * *", "Asia/Taipei", true))
        .isNotEqualTo(spec("* * * * *", "UTC", false));
    b.setAdditionalProperty("futureField", 1);
    assertThat(a).isNotEqualTo(b);

    RayCronJobStatus first = new RayCronJobStatus();
    first.setLastScheduleTime("2026-08-20T10:00:00Z");
    RayCronJobStatus second = new RayCronJobStatus();
    second.setLastScheduleTime("2026-08-20T10:00:00Z");
    assertThat(first).isEqualTo(second).hasSameHashCodeAs(second);
    second.setLastScheduleTime("2026-08-20T10:01:00Z");
    assertThat(first).isNotEqualTo(second);
  }

  @Test
  void aRayCronJobIsNeverEqualToARayJobOfTheSameName() {
    RayCronJob cronJob = new RayCronJob();
    cronJob.setMetadata(new ObjectMetaBuilder().withName("same").build());
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName("same").build());
    assertThat((Object) cronJob).isNotEqualTo(job);
    assertThat((Object) job).isNotEqualTo(cronJob);
  }

  @Test
  void aJobTemplateThatCannotBeReadLeavesMetadataStatusAndTheProblem() {
    RayCronJob read = SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayCronJob
        metadata: {name: c, namespace: ns}
        spec:
          schedule: "@daily"
          jobTemplate:
            entrypoint: python job.py
            rayClusterSpec:
              headGroupSpec:
                template:
                  spec:
                    containers: [{name: ray-head}]
                    volumes: "fuzz"
        status: {lastScheduleTime: "2026-08-20T00:00:00Z"}
        """, RayCronJob.class);

    assertThat(read.getSpec()).isNull();
    assertThat(read.unreadableSpec()).hasValueSatisfying(problem ->
        assertThat(problem).startsWith("spec.jobTemplate.rayClusterSpec.headGroupSpec.template.spec.volumes: "));
    assertThat(read.getMetadata().getName()).isEqualTo("c");
    assertThat(read.getStatus().getLastScheduleTime()).isEqualTo("2026-08-20T00:00:00Z");
  }

  private static RayCronJobSpec spec(String schedule, String timeZone, boolean suspend) {
    RayCronJobSpec spec = new RayCronJobSpec();
    spec.setSchedule(schedule);
    spec.setTimeZone(timeZone);
    spec.setSuspend(suspend);
    spec.setJobTemplate(new RayJobSpec());
    return spec;
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
