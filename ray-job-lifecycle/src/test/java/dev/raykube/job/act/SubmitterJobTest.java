package dev.raykube.job.act;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.job.decide.RayJobAction;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.SubmitterConfig;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The K8sJobMode submitter Job: golden files for the shapes, and what the builder refuses. */
class SubmitterJobTest {

  static final String UID = "6f1c2a3b-0000-4000-8000-00000000a001";

  static RayJob sample() {
    RayJob job = KubeFixtures.rayJob("train", JobSubmissionMode.K8S_JOB_MODE);
    job.getMetadata().setUid(UID);
    job.getSpec().setEntrypoint("python train.py --epochs 3 && echo 'done'");
    job.getSpec().setRuntimeEnvYAML("env_vars:\n  COUNTER_NAME: sample\npip:\n  - requests==2.32.3\n");
    Map<String, String> metadata = new LinkedHashMap<>();
    metadata.put("owner", "data-team");
    job.getSpec().setMetadata(metadata);
    job.getSpec().setEntrypointNumCpus(1.0);
    job.getSpec().setEntrypointNumGpus(0.5);
    job.getSpec().setEntrypointResources("{\"accelerator\": 2}");
    return job;
  }

  static RayJobAction.CreateSubmitter action(RayJob job, int backoffLimit) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put("ray.io/originated-from-cr-name", job.getMetadata().getName());
    labels.put("ray.io/originated-from-crd", "RayJob");
    return new RayJobAction.CreateSubmitter(job.getMetadata().getName(), "train-bbbbb",
        "train-ccccc-head-svc.ml.svc.cluster.local:8265", backoffLimit, labels);
  }

  @Test
  @DisplayName("default template: head image, resources, env, bash -ce with the idempotent submit script")
  void defaultTemplate() {
    RayJob job = sample();
    String before = Golden.yaml(job);
    Job submitter = SubmitterJob.build(job, action(job, 2), null);
    Golden.assertMatches("submitter-default.yaml", Golden.yaml(submitter));
    assertThat(Golden.yaml(job)).as("the RayJob is not changed").isEqualTo(before);
  }

  @Test
  @DisplayName("submitterPodTemplate without a command: kept, env added unless set, the script as args")
  void customTemplateWithoutCommand() {
    RayJob job = sample();
    job.getSpec().setSubmitterConfig(new SubmitterConfig());
    job.getSpec().setSubmitterPodTemplate(new PodTemplateSpecBuilder()
        .withNewMetadata().withLabels(Map.of("app", "submitter")).endMetadata()
        .withNewSpec().withServiceAccountName("submitter").withRestartPolicy("OnFailure")
        .addNewContainer().withName("my-submitter").withImage("example.com/ray-cli:1")
        .addNewEnv().withName("PYTHONUNBUFFERED").withValue("0").endEnv().endContainer()
        .endSpec().build());
    Job submitter = SubmitterJob.build(job, action(job, 0), null);
    Golden.assertMatches("submitter-custom-template.yaml", Golden.yaml(submitter));
    Container container = submitter.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(container.getEnv()).extracting(EnvVar::getName, EnvVar::getValue).contains(
        org.assertj.core.groups.Tuple.tuple("PYTHONUNBUFFERED", "0"));
    assertThat(job.getSpec().getSubmitterPodTemplate().getSpec().getContainers().get(0).getEnv())
        .as("the spec's template is copied, not changed").hasSize(1);
  }

  @Test
  @DisplayName("submitterPodTemplate with a command: the command is the user's, no entrypoint needed")
  void customTemplateWithCommand() {
    RayJob job = sample();
    job.getSpec().setEntrypoint(null);
    job.getSpec().setSubmitterPodTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer()
        .withName("custom").withImage("example.com/submit:1").withCommand("/submit.sh").endContainer().endSpec()
        .build());
    Container container = SubmitterJob.build(job, action(job, 1), null).getSpec().getTemplate().getSpec()
        .getContainers().get(0);
    assertThat(container.getCommand()).containsExactly("/submit.sh");
    assertThat(container.getArgs()).isNullOrEmpty();
    assertThat(container.getEnv()).extracting(EnvVar::getName)
        .containsExactly("PYTHONUNBUFFERED", "RAY_DASHBOARD_ADDRESS", "RAY_JOB_SUBMISSION_ID");
  }

  @Test
  @DisplayName("clusterSelector with a token-auth cluster: image from the selected cluster, token from its Secret")
  void selectedTokenCluster() {
    RayJob job = KubeFixtures.rayJob("train", JobSubmissionMode.K8S_JOB_MODE);
    job.getMetadata().setUid(UID);
    job.getSpec().setRayClusterSpec(null);
    job.getSpec().setClusterSelector(Map.of("ray.io/cluster", "shared"));
    RayCluster shared = KubeFixtures.cluster("shared");
    shared.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setImage("rayproject/ray:2.60.0-py312");
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    shared.getSpec().setAuthOptions(auth);
    Job submitter = SubmitterJob.build(job, action(job, 2), shared);
    Golden.assertMatches("submitter-token-auth.yaml", Golden.yaml(submitter));
  }

  @Test
  void refusesWhatCannotRun() {
    RayJob noEntrypoint = sample();
    noEntrypoint.getSpec().setEntrypoint(" ");
    assertThatThrownBy(() -> SubmitterJob.build(noEntrypoint, action(noEntrypoint, 2), null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("spec.entrypoint is required");

    RayJob noImage = sample();
    noImage.getSpec().getRayClusterSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers().get(0)
        .setImage(null);
    assertThatThrownBy(() -> SubmitterJob.build(noImage, action(noImage, 2), null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("set spec.submitterPodTemplate");

    RayJob noContainer = sample();
    noContainer.getSpec().setSubmitterPodTemplate(new PodTemplateSpecBuilder().withNewSpec().endSpec().build());
    assertThatThrownBy(() -> SubmitterJob.build(noContainer, action(noContainer, 2), null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no container");

    RayJob noUid = sample();
    noUid.getMetadata().setUid(null);
    assertThatThrownBy(() -> SubmitterJob.build(noUid, action(noUid, 2), null))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("uid");
  }

  @Test
  void quotingSurvivesSingleQuotes() {
    assertThat(SubmitterJob.quote("echo 'a b'")).isEqualTo("'echo '\\''a b'\\'''");
    String script = SubmitterJob.script(JobSubmitRequest.builder("true").build());
    assertThat(script.lines().toList()).hasSize(4);
    assertThat(script).doesNotContain("--runtime-env-json").doesNotContain("--metadata-json");
    assertThat(List.of(script.split("\n"))).allMatch(line -> !line.isBlank());
  }
}
