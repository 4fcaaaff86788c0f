package dev.raykube.model;

import static dev.raykube.model.Manifests.SERIALIZATION;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceStatus;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The Java API: building resources in code, what gets written, equality. */
class ModelApiTest {

  @Test
  void aRayJobBuiltInCodeIsWrittenWithKubeRayNamesAndOnlyTheFieldsThatWereSet() {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName("built").withNamespace("team-a").build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("python job.py");
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    spec.setShutdownAfterJobFinishes(true);
    spec.setTtlSecondsAfterFinished(30);
    spec.setRayClusterSpec(clusterSpec());
    job.setSpec(spec);

    JsonNode json = Manifests.asTree(job);

    assertThat(json.path("apiVersion").asText()).isEqualTo("ray.io/v1");
    assertThat(json.path("kind").asText()).isEqualTo("RayJob");
    assertThat(fieldNames(json.path("spec"))).containsExactly("entrypoint", "rayClusterSpec", "submissionMode",
        "shutdownAfterJobFinishes", "ttlSecondsAfterFinished");
    assertThat(json.path("spec").path("submissionMode").asText()).isEqualTo("HTTPMode");
    assertThat(fieldNames(json.path("spec").path("rayClusterSpec").path("workerGroupSpecs").get(0)))
        .containsExactly("groupName", "replicas", "template");
    assertThat(json.has("status")).isFalse();
  }

  @Test
  void statusEnumsAreSetAsValuesAndReadBack() {
    RayJobStatus status = new RayJobStatus();
    status.setJobStatus(JobStatus.RUNNING);
    status.setJobDeploymentStatus(JobDeploymentStatus.RUNNING);

    assertThat(SERIALIZATION.asJson(status))
        .isEqualTo("{\"jobStatus\":\"RUNNING\",\"jobDeploymentStatus\":\"Running\"}");
    assertThat(status.getJobStatusValue()).isEqualTo("RUNNING");

    status.setJobStatus(JobStatus.NEW);
    assertThat(status.getJobStatusValue()).isEmpty();
    status.setJobStatus(null);
    assertThat(status.getJobStatusValue()).isNull();
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.NEW);
  }

  @Test
  void unknownCannotBeSetButARawValueCan() {
    RayJobStatus status = new RayJobStatus();

    assertThatThrownBy(() -> status.setJobStatus(JobStatus.UNKNOWN)).isInstanceOf(IllegalArgumentException.class);
    status.setJobStatusValue("SCHEDULED");
    assertThat(status.getJobStatus()).isEqualTo(JobStatus.UNKNOWN);
  }

  @Test
  void equalityCoversFieldsAndUnknownProperties() {
    RayClusterSpec a = clusterSpec();
    RayClusterSpec b = clusterSpec();
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.toString()).contains("groupName=workers");

    b.getWorkerGroupSpecs().get(0).setReplicas(2);
    assertThat(a).isNotEqualTo(b);

    RayClusterSpec c = clusterSpec();
    c.setAdditionalProperty("futureField", Map.of("x", 1));
    assertThat(a).isNotEqualTo(c);
    assertThat(Manifests.asTree(c).path("futureField").path("x").asInt()).isEqualTo(1);
  }

  @Test
  void resourcesOfDifferentKindsAreNeverEqualAndUnknownTopLevelPropertiesCount() {
    List<HasMetadata> empty = List.of(new RayCluster(), new RayJob(), new RayService());
    for (HasMetadata a : empty) {
      for (HasMetadata b : empty) {
        assertThat(a.equals(b)).as("%s equals %s", a.getKind(), b.getKind()).isEqualTo(a == b);
      }
    }

    RayJob a = new RayJob();
    a.setMetadata(new ObjectMetaBuilder().withName("same").build());
    RayJob b = new RayJob();
    b.setMetadata(new ObjectMetaBuilder().withName("same").build());
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);

    b.setAdditionalProperty("futureTopLevelField", "x");
    assertThat(a).isNotEqualTo(b);
    assertThat(b).isNotEqualTo(a);
    assertThat(Manifests.asTree(b).path("futureTopLevelField").asText()).isEqualTo("x");
  }

  @Test
  void statusEqualityCoversObservedGenerationUnknownPropertiesAndTheClass() {
    RayJobStatus a = new RayJobStatus();
    a.setJobId("job-1");
    a.setObservedGeneration(2L);
    RayJobStatus b = new RayJobStatus();
    b.setJobId("job-1");
    b.setObservedGeneration(2L);
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.toString()).contains("observedGeneration=2");

    b.setObservedGeneration(3L);
    assertThat(a).isNotEqualTo(b);
    b.setObservedGeneration(2L);
    b.setAdditionalProperty("futureField", 1);
    assertThat(a).isNotEqualTo(b);

    RayClusterStatus cluster = new RayClusterStatus();
    cluster.setObservedGeneration(2L);
    RayServiceStatus service = new RayServiceStatus();
    service.setObservedGeneration(2L);
    assertThat(cluster).isNotEqualTo(service);
    assertThat(service).isNotEqualTo(cluster);
    assertThat(SERIALIZATION.asJson(service)).isEqualTo("{\"observedGeneration\":2}");
  }

  @Test
  void rayJobSpecEqualityCoversTheSubmissionFieldsAndTheRest() {
    RayJobSpec a = jobSpec();
    RayJobSpec b = jobSpec();
    assertThat(a).isEqualTo(b).hasSameHashCodeAs(b);
    assertThat(a.toString()).startsWith("RayJobSpec{entrypoint=python job.py, runtimeEnvYAML=null, jobId=job-1,");

    b.setEntrypointNumCpus(2.0);
    assertThat(a).isNotEqualTo(b);
    b = jobSpec();
    b.setBackoffLimit(1);
    assertThat(a).isNotEqualTo(b);
    b = jobSpec();
    b.setAdditionalProperty("futureField", true);
    assertThat(a).isNotEqualTo(b);
  }

  @Test
  void emptyCollectionsThatWereSetAreWrittenAndAbsentOnesAreNot() {
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(new HashMap<>());

    assertThat(SERIALIZATION.asJson(head)).isEqualTo("{\"rayStartParams\":{}}");
    assertThat(SERIALIZATION.asJson(new HeadGroupSpec())).isEqualTo("{}");
  }

  private static RayJobSpec jobSpec() {
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("python job.py");
    spec.setJobId("job-1");
    spec.setEntrypointNumCpus(1.0);
    spec.setClusterSelector(Map.of("ray.io/cluster", "existing"));
    return spec;
  }

  private static RayClusterSpec clusterSpec() {
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("workers");
    workers.setReplicas(1);
    workers.setTemplate(template("ray-worker"));
    HeadGroupSpec head = new HeadGroupSpec();
    head.setTemplate(template("ray-head"));
    RayClusterSpec spec = new RayClusterSpec();
    spec.setHeadGroupSpec(head);
    spec.setWorkerGroupSpecs(new java.util.ArrayList<>(List.of(workers)));
    return spec;
  }

  private static io.fabric8.kubernetes.api.model.PodTemplateSpec template(String container) {
    return new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName(container)
        .withImage("rayproject/ray:2.46.0").endContainer().endSpec().build();
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new java.util.ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }
}
