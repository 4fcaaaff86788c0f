package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.NS;
import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobConditionBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobStatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayJob controller's other paths, its reconciler called directly ({@link DirectRayJobs}): K8sJobMode (the test
 * plays the submitter Job and the Job controller), clusterSelector, clean-up after the end, retries with new clusters,
 * suspend and resume.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobModesTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
      d.scriptEntrypoints(Pattern.compile("python flaky\\.py"), JobScript.fails(1, "boom\n"));
    });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("K8sJobMode: a submitter Job is created; once it has submitted and completed, the RayJob is Complete")
  void k8sJobModeToComplete() {
    RayJob job = httpModeJob("batch", "python train.py");
    job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
    jobs.create(job);

    jobs.runUntil("batch", "the submitter Job exists", j -> !submitters().isEmpty());
    Job submitter = submitters().get(0);
    RayJob owner = jobs.get("batch");
    assertThat(submitter.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(ref -> assertThat(ref.getUid()).isEqualTo(owner.getMetadata().getUid()));
    String id = owner.getStatus().getJobId();
    Container container = submitter.getSpec().getTemplate().getSpec().getContainers().get(0);
    assertThat(String.join(" ", container.getCommand()) + String.join(" ", nullToEmpty(container.getArgs())))
        .contains("--submission-id \"$RAY_JOB_SUBMISSION_ID\"");
    assertThat(container.getEnv()).anySatisfy(env -> {
      assertThat(env.getName()).isEqualTo("RAY_JOB_SUBMISSION_ID");
      assertThat(env.getValue()).isEqualTo(id);
    });
    jobs.step("batch");
    assertThat(jobs.dashboard.submissionIds()).as("the operator itself submits nothing in K8sJobMode").isEmpty();

    // What the submitter Pod does: submit with the submission id, follow the job, exit 0.
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.submitJob(JobSubmitRequest.builder("python train.py").submissionId(id).build());
    }
    await("the Ray job has ended", () -> jobs.dashboard.jobStatus(id).filter("SUCCEEDED"::equals).isPresent());
    markComplete(submitter);

    jobs.runUntil("batch", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(jobs.jobStatus("batch")).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(jobs.dashboard.submissionIds()).containsExactly(id);
  }

  @Test
  @DisplayName("clusterSelector: runs on the selected cluster, which is neither changed nor deleted")
  void clusterSelector() {
    RayCluster shared = sharedCluster("shared");
    jobs.create(selectorJob("selected", "shared"));
    jobs.runUntil("selected", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));

    assertThat(jobs.get("selected").getStatus().getRayClusterName()).isEqualTo("shared");
    assertThat(jobs.clusters()).extracting(c -> c.getMetadata().getName()).containsExactly("shared");
    RayCluster after = client.resource(shared).get();
    assertThat(after.getMetadata().getGeneration()).isEqualTo(shared.getMetadata().getGeneration());
    assertThat(after.getMetadata().getOwnerReferences()).isNullOrEmpty();

    jobs.delete("selected");
    jobs.runUntil("selected", "the RayJob is gone", j -> j == null);
    assertThat(client.resource(shared).get()).isNotNull();
  }

  @Test
  @DisplayName("clusterSelector with no such cluster: a Warning Event, and the job runs once the cluster appears")
  void missingSelectedCluster() {
    jobs.create(selectorJob("waiting", "later"));
    jobs.runUntil("waiting", "RayClusterNotFound", j -> jobs.eventReasons("waiting").contains("RayClusterNotFound"));
    jobs.step("waiting");
    assertThat(jobs.deploymentStatus("waiting")).isNotEqualTo(JobDeploymentStatus.COMPLETE);
    assertThat(jobs.dashboard.submissionIds()).isEmpty();

    sharedCluster("later");
    jobs.runUntil("waiting", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(jobs.dashboard.submissionIds()).hasSize(1);
  }

  @Test
  @DisplayName("shutdownAfterJobFinishes with TTL 0: the owned RayCluster is deleted after the end")
  void ttlCleanup() {
    RayJob job = httpModeJob("ttl", "python train.py");
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(0);
    jobs.create(job);

    jobs.runUntil("ttl", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    // The Event follows the deletion.
    jobs.runUntil("ttl", "the RayCluster is deleted", j -> jobs.clusters().isEmpty()
        && jobs.eventReasons("ttl").contains("DeletedRayCluster"));
    assertThat(jobs.get("ttl")).isNotNull();
  }

  @Test
  @DisplayName("backoffLimit 1: a failed job is retried once on a new RayCluster with a new submission id")
  void backoffLimitRetries() {
    RayJob job = httpModeJob("flaky", "python flaky.py");
    job.getSpec().setBackoffLimit(1);
    jobs.create(job);
    jobs.runUntil("flaky", "a first cluster", j -> !jobs.clusters().isEmpty());
    String firstCluster = jobs.clusters().get(0).getMetadata().getName();

    jobs.runUntil("flaky", "the RayJob is Failed", DirectRayJobs.in(JobDeploymentStatus.FAILED));
    RayJob failed = jobs.get("flaky");
    assertThat(failed.getStatus().getFailed()).isEqualTo(2);
    assertThat(jobs.dashboard.submissionIds()).hasSize(2).doesNotHaveDuplicates();
    assertThat(failed.getStatus().getRayClusterName()).isNotEqualTo(firstCluster);
    assertThat(jobs.eventReasons("flaky")).contains("Retrying");
  }

  @Test
  @DisplayName("created suspended: nothing is created until resumed, then it runs to Complete")
  void suspendAndResume() {
    RayJob job = httpModeJob("later", "python train.py");
    job.getSpec().setSuspend(true);
    job.getSpec().setShutdownAfterJobFinishes(true);
    jobs.create(job);

    jobs.runUntil("later", "Suspended", DirectRayJobs.in(JobDeploymentStatus.SUSPENDED));
    jobs.step("later");
    assertThat(jobs.clusters()).isEmpty();
    assertThat(jobs.dashboard.submissionIds()).isEmpty();

    jobs.edit("later", j -> j.getSpec().setSuspend(false));
    jobs.runUntil("later", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(jobs.dashboard.submissionIds()).hasSize(1);
  }

  private List<Job> submitters() {
    return client.batch().v1().jobs().inNamespace(NS).list().getItems();
  }

  /** What the Job controller writes once the submitter Pod exited 0. */
  private void markComplete(Job submitter) {
    String now = jobs.clock.instant().toString();
    client.batch().v1().jobs().inNamespace(NS).withName(submitter.getMetadata().getName()).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withSucceeded(1).withStartTime(now).withCompletionTime(now)
          .withConditions(new JobConditionBuilder().withType("Complete").withStatus("True")
              .withLastTransitionTime(now).build())
          .build());
      return j;
    });
  }

  private RayCluster sharedCluster(String name) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    RayClusterSpec spec = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setHeadGroupSpec(head);
    cluster.setSpec(spec);
    return client.resource(cluster).create();
  }

  private static RayJob selectorJob(String name, String cluster) {
    RayJob job = httpModeJob(name, "python train.py");
    job.getSpec().setRayClusterSpec(null);
    job.getSpec().setClusterSelector(Map.of("ray.io/cluster", cluster));
    return job;
  }

  private static List<String> nullToEmpty(List<String> list) {
    return list == null ? List.of() : list;
  }
}
