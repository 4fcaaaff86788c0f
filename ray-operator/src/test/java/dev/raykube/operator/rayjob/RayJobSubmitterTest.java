package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.NS;
import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobFailedReason;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.SubmitterConfig;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The K8sJobMode submitter Job, the reconciler called directly ({@link DirectRayJobs}):
 * {@code submitterPodTemplate} and {@code submitterConfig.backoffLimit} are honoured, and a submitter that fails (the
 * test marks the Job Failed, as the Job controller does when its backoffLimit is exhausted) fails the RayJob with
 * {@code SubmissionFailed}.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobSubmitterTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.start(client, dashboard -> { });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("submitterPodTemplate and submitterConfig.backoffLimit shape the submitter Job")
  void submitterTemplateAndBackoffLimit() {
    RayJob job = k8sJobModeJob("shaped");
    job.getSpec().setSubmitterPodTemplate(new PodTemplateSpecBuilder()
        .withNewMetadata().addToLabels("team", "ml").endMetadata()
        .withNewSpec().addNewContainer().withName("custom-submitter").withImage("example.com/submitter:1")
        .addNewEnv().withName("RAY_DASHBOARD_ADDRESS").withValue("http://proxy:8265").endEnv()
        .endContainer().withServiceAccountName("submitter").endSpec().build());
    SubmitterConfig config = new SubmitterConfig();
    config.setBackoffLimit(3);
    job.getSpec().setSubmitterConfig(config);
    jobs.create(job);

    Job submitter = runUntilSubmitter("shaped");
    assertThat(submitter.getSpec().getBackoffLimit()).isEqualTo(3);
    assertThat(submitter.getSpec().getTemplate().getMetadata().getLabels()).containsEntry("team", "ml");
    assertThat(submitter.getSpec().getTemplate().getSpec().getServiceAccountName()).isEqualTo("submitter");
    assertThat(submitter.getSpec().getTemplate().getSpec().getRestartPolicy()).isEqualTo("Never");
    Container container = submitter.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(container.getName()).isEqualTo("custom-submitter");
    assertThat(container.getImage()).isEqualTo("example.com/submitter:1");
    assertThat(container.getCommand()).containsExactly("/bin/bash", "-ce", "--");
    assertThat(container.getEnv()).extracting(EnvVar::getName, EnvVar::getValue)
        .anySatisfy(e -> assertThat(e.toList()).containsExactly("RAY_DASHBOARD_ADDRESS", "http://proxy:8265"))
        .anySatisfy(e -> assertThat(e.toList()).containsExactly("RAY_JOB_SUBMISSION_ID",
            jobs.submissionId("shaped")));
    assertThat(container.getEnv()).filteredOn(e -> e.getName().equals("RAY_DASHBOARD_ADDRESS")).hasSize(1);
  }

  @Test
  @DisplayName("the submitter Job fails: Failed/SubmissionFailed with the Job's message, retried per backoffLimit")
  void submitterFails() {
    RayJob job = k8sJobModeJob("doomed");
    job.getSpec().setBackoffLimit(1);
    jobs.create(job);
    Job first = runUntilSubmitter("doomed");

    markFailed(first, "Job has reached the specified backoff limit");
    jobs.runUntil("doomed", "a retry: the first submitter is gone and a new one exists", j -> submitters().stream()
        .anyMatch(s -> !s.getMetadata().getUid().equals(first.getMetadata().getUid())));
    assertThat(submitters()).as("the failed submitter was deleted").hasSize(1);
    Job second = runUntilSubmitter("doomed");
    markFailed(second, "Job has reached the specified backoff limit");

    jobs.runUntil("doomed", "the RayJob is Failed", j -> DirectRayJobs.in(JobDeploymentStatus.FAILED).test(j)
        && jobs.eventReasons("doomed").contains("SubmissionFailed"));
    RayJob failed = jobs.get("doomed");
    assertThat(failed.getStatus().getReason()).isEqualTo(JobFailedReason.SUBMISSION_FAILED);
    assertThat(failed.getStatus().getMessage()).contains("failed: Job has reached the specified backoff limit");
    assertThat(failed.getStatus().getFailed()).isEqualTo(2);
    assertThat(jobs.eventReasons("doomed")).contains("Retrying");
  }

  private RayJob k8sJobModeJob(String name) {
    RayJob job = httpModeJob(name, "python train.py");
    job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
    return job;
  }

  private List<Job> submitters() {
    return client.batch().v1().jobs().inNamespace(NS).list().getItems().stream()
        .filter(j -> j.getMetadata().getDeletionTimestamp() == null).toList();
  }

  private Job runUntilSubmitter(String rayJob) {
    jobs.runUntil(rayJob, "a submitter Job", j -> submitters().size() == 1);
    return submitters().get(0);
  }

  /** What the Job controller writes once the submitter's backoffLimit is exhausted. */
  private void markFailed(Job submitter, String message) {
    String now = jobs.clock.instant().toString();
    client.batch().v1().jobs().inNamespace(NS).withName(submitter.getMetadata().getName()).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withFailed(1).withStartTime(now)
          .withConditions(new JobConditionBuilder().withType("Failed").withStatus("True")
              .withReason("BackoffLimitExceeded").withMessage(message).withLastTransitionTime(now).build())
          .build());
      return j;
    });
  }
}
