package dev.raykube.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cronjob.RayCronJob;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceColumnDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.api.model.apiextensions.v1.JSONSchemaProps;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The generated RayCronJob CRD has KubeRay v1.7's shape: the same fields, required fields, printer columns and
 * subresource, a {@code jobTemplate} that is exactly a RayJob spec (CEL rules included), and nothing else. The checks
 * shared by every kind (names, scope, categories, size, descriptions, trimmed Pod templates) are in
 * {@link GeneratedCrdTest}.
 */
class RayCronJobCrdTest {

  private static final CustomResourceDefinition CRD = Crds.generated(RayCronJob.class);

  private static final JSONSchemaProps SCHEMA = Crds.schema(CRD);

  @Test
  void kubeRaysPrinterColumnsInItsOrder() {
    List<String> columns = new ArrayList<>();
    for (CustomResourceColumnDefinition column : CRD.getSpec().getVersions().get(0).getAdditionalPrinterColumns()) {
      columns.add(column.getName() + "|" + column.getType() + "|" + column.getJsonPath() + "|"
          + (column.getPriority() == null ? 0 : column.getPriority()));
    }
    assertThat(columns).containsExactly(
        "Schedule|string|.spec.schedule|0",
        "Timezone|string|.spec.timeZone|0",
        "Last Schedule|date|.status.lastScheduleTime|0",
        "Age|date|.metadata.creationTimestamp|0",
        "Suspend|boolean|.spec.suspend|0");
  }

  @Test
  void noShortNameLikeKubeRay() {
    assertThat(CRD.getSpec().getNames().getShortNames()).isNullOrEmpty();
    assertThat(CRD.getSpec().getNames().getListKind()).isIn(null, "RayCronJobList");
  }

  @Test
  void specFieldsTypesAndRequiredFields() {
    JSONSchemaProps spec = Crds.at(SCHEMA, "spec");
    assertThat(spec.getProperties()).containsOnlyKeys("jobTemplate", "schedule", "timeZone", "suspend");
    assertThat(spec.getRequired()).containsExactlyInAnyOrder("jobTemplate", "schedule");
    assertThat(Crds.at(SCHEMA, "spec.schedule").getType()).isEqualTo("string");
    assertThat(Crds.at(SCHEMA, "spec.schedule").getMaxLength()).as("KubeRay bounds no schedule").isNull();
    assertThat(Crds.at(SCHEMA, "spec.timeZone").getType()).isEqualTo("string");
    assertThat(Crds.at(SCHEMA, "spec.timeZone").getMinLength()).isEqualTo(1L);
    assertThat(Crds.at(SCHEMA, "spec.suspend").getType()).isEqualTo("boolean");
    assertThat(Crds.at(SCHEMA, "spec.jobTemplate").getType()).isEqualTo("object");
  }

  @Test
  void statusHoldsOnlyTheLastScheduleTimeAsAString() {
    JSONSchemaProps status = Crds.at(SCHEMA, "status");
    assertThat(status.getProperties()).containsOnlyKeys("lastScheduleTime");
    assertThat(Crds.at(SCHEMA, "status.lastScheduleTime").getType()).isEqualTo("string");
    assertThat(CRD.getSpec().getVersions().get(0).getSubresources().getStatus()).isNotNull();
  }

  @Test
  void jobTemplateIsTheRayJobSpecSchema() {
    JSONSchemaProps template = Manifests.SERIALIZATION.clone(Crds.at(SCHEMA, "spec.jobTemplate"));
    JSONSchemaProps jobSpec = Manifests.SERIALIZATION.clone(Crds.at(Crds.schema(Crds.generated(RayJob.class)), "spec"));
    template.setDescription(null);
    jobSpec.setDescription(null);

    assertThat(template).isEqualTo(jobSpec);
  }

  @Test
  void theOnlyCelRulesAreTheRayJobSpecRulesInsideTheTemplate() {
    List<String> jobRules = Crds.rules(Crds.generated(RayJob.class));
    List<String> moved = jobRules.stream().map(rule -> "spec.jobTemplate" + rule.substring("spec".length())).toList();

    assertThat(jobRules).isNotEmpty().allMatch(rule -> rule.startsWith("spec"));
    assertThat(Crds.rules(CRD)).containsExactlyInAnyOrderElementsOf(moved);
  }
}
