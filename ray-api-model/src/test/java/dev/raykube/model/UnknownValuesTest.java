package dev.raykube.model;

import static dev.raykube.model.Manifests.SAME_VALUE;
import static dev.raykube.model.Manifests.SERIALIZATION;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.UpscalingMode;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.ServeApplicationState;
import org.junit.jupiter.api.Test;

/**
 * Values and fields that a newer KubeRay (or another tool) may write parse, stay readable and are written back
 * unchanged.
 */
class UnknownValuesTest {

  private static final String JOB = """
      apiVersion: ray.io/v1
      kind: RayJob
      metadata:
        name: from-the-future
      spec:
        entrypoint: python job.py
        clusterSelector:
          ray.io/cluster: existing
        submissionMode: QuantumMode
        schedule: "*/5 * * * *"
      status:
        jobStatus: SCHEDULED
        jobDeploymentStatus: Scheduling
        reason: QuotaExceeded
        lastScheduleTime: "2026-11-30T10:00:00Z"
      """;

  @Test
  void unknownEnumStringsParseAsUnknownAndKeepTheWrittenString() {
    RayJob job = SERIALIZATION.unmarshal(JOB, RayJob.class);

    assertThat(job.getSpec().getSubmissionMode()).isEqualTo(JobSubmissionMode.UNKNOWN);
    assertThat(job.getSpec().getSubmissionModeValue()).isEqualTo("QuantumMode");
    assertThat(job.getStatus().getJobStatus()).isEqualTo(JobStatus.UNKNOWN);
    assertThat(job.getStatus().getJobStatusValue()).isEqualTo("SCHEDULED");
    assertThat(job.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.UNKNOWN);
    assertThat(job.getStatus().getJobDeploymentStatusValue()).isEqualTo("Scheduling");
    assertThat(job.getStatus().getReason()).isEqualTo(JobFailedReason.UNKNOWN);
    assertThat(job.getStatus().getReasonValue()).isEqualTo("QuotaExceeded");
  }

  @Test
  void unknownFieldsAndValuesAreWrittenBackUnchanged() {
    RayJob job = SERIALIZATION.unmarshal(JOB, RayJob.class);

    assertThat(job.getSpec().getAdditionalProperties()).containsEntry("schedule", "*/5 * * * *");
    assertThat(job.getStatus().getAdditionalProperties()).containsKey("lastScheduleTime");
    assertThat(Manifests.tree(SERIALIZATION.asYaml(job)).equals(SAME_VALUE, Manifests.tree(JOB))).isTrue();
  }

  @Test
  void omittedAndEmptyJobStatusesBothMeanNew() {
    RayJob omitted = SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: fresh}
        status: {jobId: fresh-abc12}
        """, RayJob.class);
    RayJob empty = SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayJob
        metadata: {name: fresh}
        status: {jobStatus: "", jobDeploymentStatus: ""}
        """, RayJob.class);

    assertThat(omitted.getStatus().getJobStatus()).isEqualTo(JobStatus.NEW);
    assertThat(omitted.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
    assertThat(omitted.getStatus().getJobStatusValue()).isNull();
    assertThat(empty.getStatus().getJobStatus()).isEqualTo(JobStatus.NEW);
    assertThat(empty.getStatus().getJobDeploymentStatus()).isEqualTo(JobDeploymentStatus.NEW);
    assertThat(empty.getStatus().getJobStatusValue()).isEmpty();
    assertThat(SERIALIZATION.asJson(empty.getStatus())).isEqualTo("{\"jobStatus\":\"\",\"jobDeploymentStatus\":\"\"}");
    assertThat(SERIALIZATION.asJson(omitted.getStatus())).isEqualTo("{\"jobId\":\"fresh-abc12\"}");
  }

  @Test
  void unknownValuesInClusterAndServiceResourcesParse() {
    RayCluster cluster = SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayCluster
        metadata: {name: c}
        spec:
          headGroupSpec: {template: {spec: {containers: [{name: ray-head}]}}}
          autoscalerOptions: {upscalingMode: Turbo}
        status: {state: hibernating}
        """, RayCluster.class);
    RayService service = SERIALIZATION.unmarshal("""
        apiVersion: ray.io/v1
        kind: RayService
        metadata: {name: s}
        status:
          activeServiceStatus:
            applicationStatuses:
              app: {status: WARMING_UP}
        """, RayService.class);

    assertThat(cluster.getSpec().getAutoscalerOptions().getUpscalingMode()).isEqualTo(UpscalingMode.UNKNOWN);
    assertThat(cluster.getStatus().getState()).isEqualTo(ClusterState.UNKNOWN);
    assertThat(cluster.getStatus().getStateValue()).isEqualTo("hibernating");
    assertThat(service.getStatus().getActiveServiceStatus().getApplicationStatuses().get("app").getStatus())
        .isEqualTo(ServeApplicationState.UNKNOWN);
  }

  @Test
  void unknownEnumValueSurvivesEditsOfOtherFields() {
    RayJob job = SERIALIZATION.unmarshal(JOB, RayJob.class);
    job.getStatus().setMessage("edited");

    RayJob reread = SERIALIZATION.unmarshal(SERIALIZATION.asYaml(job), RayJob.class);
    assertThat(reread.getStatus().getJobStatusValue()).isEqualTo("SCHEDULED");
    assertThat(reread.getStatus().getMessage()).isEqualTo("edited");
  }
}
