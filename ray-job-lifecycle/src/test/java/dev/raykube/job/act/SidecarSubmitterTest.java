package dev.raykube.job.act;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.common.ModelCopies;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SidecarSubmitterTest {

  private static RayJob sidecarJob() {
    RayJob job = KubeFixtures.rayJob("train", JobSubmissionMode.SIDECAR_MODE);
    job.getMetadata().setUid(SubmitterJobTest.UID);
    job.getSpec().setEntrypoint("python train.py --epochs 3");
    RayJobStatus status = new RayJobStatus();
    status.setJobId("train-bbbbb");
    job.setStatus(status);
    return job;
  }

  private static RayCluster build(RayJob job) {
    return build(job, false);
  }

  private static RayCluster build(RayJob job, boolean restartingSubmitter) {
    return OwnedRayCluster.build(job, new RayJobAction.CreateCluster("train-ccccc",
        ModelCopies.copy(job.getSpec().getRayClusterSpec(), RayClusterSpec.class), Map.of(), restartingSubmitter));
  }

  @Test
  @DisplayName("SidecarSubmitterRestart: the submitter alone restarts on failure (container restartPolicy OnFailure);"
      + " the Pod's stays Never and the script is the same idempotent one")
  void restartingSubmitter() {
    RayJob job = sidecarJob();
    var plain = build(job).getSpec().getHeadGroupSpec().getTemplate().getSpec();
    var restarting = build(job, true).getSpec().getHeadGroupSpec().getTemplate().getSpec();

    assertThat(plain.getContainers().get(1).getRestartPolicy()).isNull();
    assertThat(restarting.getContainers().get(1).getRestartPolicy()).isEqualTo("OnFailure");
    assertThat(restarting.getContainers().get(0).getRestartPolicy()).isNull();
    assertThat(restarting.getRestartPolicy()).isEqualTo("Never");
    assertThat(restarting.getContainers().get(1).getArgs()).isEqualTo(plain.getContainers().get(1).getArgs());
    assertThat(restarting.getContainers().get(1).getArgs()).singleElement().asString()
        .contains("if ! ray job status");
  }

  @Test
  @DisplayName("SidecarMode: ray-job-submitter appended to the head with the head's image, the dashboard on the Pod's "
      + "loopback, restartPolicy Never, and the cluster annotated not to restart its head")
  void theHeadCarriesTheSubmitter() {
    RayJob job = sidecarJob();
    RayCluster cluster = build(job);
    var head = cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec();
    assertThat(head.getContainers()).hasSize(2);
    Container ray = head.getContainers().get(0);
    Container submitter = head.getContainers().get(1);
    assertThat(submitter.getName()).isEqualTo("ray-job-submitter");
    assertThat(submitter.getImage()).isEqualTo(ray.getImage());
    assertThat(submitter.getEnv()).extracting(EnvVar::getName, EnvVar::getValue).contains(
        org.assertj.core.groups.Tuple.tuple("RAY_DASHBOARD_ADDRESS", "http://127.0.0.1:8265"),
        org.assertj.core.groups.Tuple.tuple("RAY_JOB_SUBMISSION_ID", "train-bbbbb"));
    assertThat(submitter.getCommand()).containsExactly("/bin/bash", "-ce", "--");
    assertThat(submitter.getArgs()).singleElement().asString()
        .contains("ray job submit --address \"$RAY_DASHBOARD_ADDRESS\" --no-wait")
        .contains("'python' 'train.py' '--epochs' '3'");
    assertThat(head.getRestartPolicy()).isEqualTo("Never");
    assertThat(cluster.getMetadata().getAnnotations())
        .containsEntry("ray.io/disable-provisioned-head-restart", "true");
    assertThat(job.getSpec().getRayClusterSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers())
        .as("the RayJob's own spec is not changed").hasSize(1);
  }

  @Test
  @DisplayName("SidecarMode follows the head's dashboard-port; other modes get no sidecar")
  void dashboardPortAndOtherModes() {
    RayJob job = sidecarJob();
    job.getSpec().getRayClusterSpec().getHeadGroupSpec().setRayStartParams(Map.of("dashboard-port", "8443"));
    assertThat(build(job).getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(1).getEnv())
        .extracting(EnvVar::getValue).contains("http://127.0.0.1:8443");

    job.getSpec().setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    assertThat(build(job).getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers()).hasSize(1);
  }

  @Test
  @DisplayName("SidecarMode without a submission id, or with a container of that name already, is refused")
  void refusals() {
    RayJob noId = sidecarJob();
    noId.getStatus().setJobId(null);
    assertThatThrownBy(() -> build(noId)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("submission id");

    RayJob clash = sidecarJob();
    clash.getSpec().getRayClusterSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers()
        .add(new io.fabric8.kubernetes.api.model.ContainerBuilder().withName("ray-job-submitter").build());
    assertThatThrownBy(() -> build(clash)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("already has a container named ray-job-submitter");
  }
}
