package dev.raykube.cronjob;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import dev.raykube.job.decide.RayJobValidator;
import dev.raykube.kernel.Violation;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJobSpec;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** KubeRay v1.7's RayCronJob rules: name length, schedule, time zone, and the job template by the RayJob spec rules. */
class RayCronJobValidatorTest {

  private final RayCronJobValidator validator = new RayCronJobValidator(
      new RayJobValidator(EnumSet.allOf(JobSubmissionMode.class)));

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', nullValues = "-", textBlock = """
      # rule                              | name      | schedule           | timeZone     | template   | fields | text
      a valid RayCronJob                  | nightly   | 0 2 * * *          | Europe/Berlin | valid      | -  | -
      36 characters are allowed           | 36        | @hourly            | -            | valid      | -  | -
      37 characters are not               | 37        | @hourly            | -            | valid      | metadata.name \
          | has 37 characters; at most 36 are allowed so that the names
      the name is a DNS-1035 label        | Nightly   | @hourly            | -            | valid      | metadata.name \
          | must be a DNS-1035 label
      the name is required                | -         | @hourly            | -            | valid      | metadata.name \
          | metadata.name is required
      the schedule is required            | nightly   | -                  | -            | valid      | spec.schedule \
          | spec.schedule is required
      no TZ= prefix                       | nightly   | TZ=UTC 0 2 * * *   | -            | valid      | spec.schedule \
          | contains TZ: set the time zone in spec.timeZone
      no CRON_TZ= prefix                  | nightly   | CRON_TZ=UTC @daily | -            | valid      | spec.schedule \
          | contains TZ
      a schedule that does not parse      | nightly   | 61 * * * *         | -            | valid      | spec.schedule \
          | is not a valid schedule
      four fields are not a schedule      | nightly   | * * * *            | -            | valid      | spec.schedule \
          | it has 4 fields; a cron schedule has exactly 5
      an unknown time zone                | nightly   | @daily             | Mars/Olympus | valid      | spec.timeZone \
          | 'Mars/Olympus' is not a time zone of the IANA database
      an empty time zone                  | nightly   | @daily             | ''           | valid      | spec.timeZone \
          | spec.timeZone must not be empty
      a bad zone and a bad schedule: both | nightly   | 61 * * * *         | Mars/Olympus | valid \
          | spec.timeZone,spec.schedule | is not a valid schedule
      the job template is required        | nightly   | @daily             | -            | none \
          | spec.jobTemplate \
          | spec.jobTemplate is required
      a template without a cluster        | nightly   | @daily             | -            | no-cluster \
          | spec.jobTemplate.rayClusterSpec \
          | neither spec.jobTemplate.rayClusterSpec nor spec.jobTemplate.clusterSelector is set
      HTTPMode needs an entrypoint        | nightly   | @daily             | -            | http-no-entrypoint \
          | spec.jobTemplate.entrypoint | spec.jobTemplate.entrypoint is required in HTTPMode
      a negative TTL                      | nightly   | @daily             | -            | negative-ttl \
          | spec.jobTemplate.ttlSecondsAfterFinished | spec.jobTemplate.ttlSecondsAfterFinished must not be negative
      every problem at once, in order     | Nightly   | TZ=UTC @daily      | -            | no-cluster \
          | metadata.name,spec.schedule,spec.jobTemplate.rayClusterSpec | contains TZ
      """)
  void rules(String rule, String name, String schedule, String timeZone, String template, String fields,
      String message) {
    RayCronJob cronJob = CronJobs.valid(schedule, timeZone);
    cronJob.getMetadata().setName(nameOfLength(name));
    cronJob.getSpec().setJobTemplate(template(template));

    List<Violation> violations = validator.validate(cronJob);

    if (fields == null) {
      assertThat(violations).as(rule).isEmpty();
      return;
    }
    assertThat(violations).as(rule).extracting(Violation::field).containsExactly(fields.split(","));
    assertThat(violations).as(rule).extracting(Violation::message).anySatisfy(m -> assertThat(m).contains(message));
  }

  /** {@code 36} and {@code 37} stand for valid names of that many characters; other names are used as written. */
  private static String nameOfLength(String name) {
    if (name == null || !name.matches("\\d+")) {
      return name;
    }
    return ("abcdefghijklmnopqrstuvwxyz" + "0123456789".repeat(4)).substring(0, Integer.parseInt(name));
  }

  private static RayJobSpec template(String kind) {
    RayJobSpec spec = CronJobs.validTemplate();
    switch (kind) {
      case "valid" -> { }
      case "none" -> spec = null;
      case "no-cluster" -> spec.setClusterSelector(null);
      case "http-no-entrypoint" -> {
        spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
        spec.setEntrypoint(" ");
      }
      case "negative-ttl" -> spec.setTtlSecondsAfterFinished(-1);
      default -> throw new IllegalArgumentException(kind);
    }
    return spec;
  }

  @Test
  @DisplayName("a RayCronJob without a spec: one violation, saying what is required")
  void noSpec() {
    RayCronJob cronJob = CronJobs.valid("@daily", null);
    cronJob.setSpec(null);

    assertThat(validator.validate(cronJob)).containsExactly(new Violation("spec",
        "spec is required, with spec.schedule and spec.jobTemplate"));
  }

  @Test
  @DisplayName("a template's submission mode the operator does not offer is a violation of the RayCronJob")
  void submissionModesOfTheOperator() {
    RayCronJobValidator httpOnly = new RayCronJobValidator(new RayJobValidator(EnumSet.of(
        JobSubmissionMode.HTTP_MODE)));
    RayCronJob cronJob = CronJobs.valid("@daily", null);
    cronJob.getSpec().getJobTemplate().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);

    assertThat(httpOnly.validate(cronJob)).singleElement().satisfies(v -> {
      assertThat(v.field()).isEqualTo("spec.jobTemplate.submissionMode");
      assertThat(v.message()).startsWith("spec.jobTemplate.submissionMode K8sJobMode is not supported yet");
    });
    assertThat(validator.validate(cronJob)).isEmpty();
  }

  @Test
  @DisplayName("a field path inside a message is moved below spec.jobTemplate only where it starts a path")
  void onlyPathsThatStartWithSpecMove() {
    RayCronJob cronJob = CronJobs.valid("@daily", null);
    RayJobSpec template = cronJob.getSpec().getJobTemplate();
    template.setClusterSelector(null);
    RayClusterSpec cluster = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().endSpec().build());
    cluster.setHeadGroupSpec(head);
    template.setRayClusterSpec(cluster);
    template.setMetadata(new HashMap<>(Map.of("team", "ml")));
    template.getMetadata().put("owner", null);

    assertThat(validator.validate(cronJob)).extracting(Violation::field, Violation::message).containsExactly(
        tuple("spec.jobTemplate.rayClusterSpec.headGroupSpec.template.spec.containers",
            "spec.jobTemplate.rayClusterSpec.headGroupSpec.template.spec.containers must have at least one container "
                + "(the first one runs Ray)"),
        tuple("spec.jobTemplate.metadata", "spec.jobTemplate.metadata['owner'] has no value"));
  }

  @Test
  @DisplayName("validating leaves the RayCronJob as it was")
  void inputUnchanged() {
    RayCronJob cronJob = CronJobs.valid("TZ=UTC @daily", "Mars/Olympus");
    String before = String.valueOf(cronJob);

    validator.validate(cronJob);

    assertThat(String.valueOf(cronJob)).isEqualTo(before);
  }
}
