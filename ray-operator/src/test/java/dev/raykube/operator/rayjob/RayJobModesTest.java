package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.NS;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
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
import dev.raykube.operator.testing.RayCrds;
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
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayJob controller's other paths in the real operator runtime: K8sJobMode (the test plays the submitter Job),
 * clusterSelector, clean-up after the end, retries with new clusters, suspend and resume.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobModesTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client);
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  @Test
  @DisplayName("K8sJobMode: a submitter Job is created; once it has submitted and completed, the RayJob is Complete")
  void k8sJobModeToComplete() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(200), "ok\n"));
    RayJob job = httpModeJob("batch", "python train.py");
    job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
    bed.harness.create(job);

    await("the submitter Job exists", () -> !client.batch().v1().jobs().inNamespace(NS).list().getItems().isEmpty());
    Job submitter = client.batch().v1().jobs().inNamespace(NS).list().getItems().get(0);
    RayJob owner = bed.harness.get("batch");
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
    assertThat(bed.dashboard.submissionIds()).as("the operator itself submits nothing in K8sJobMode").isEmpty();

    // What the submitter Pod does: submit with the submission id, follow the job, exit 0.
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.submitJob(JobSubmitRequest.builder("python train.py").submissionId(id).build());
    }
    await("the Ray job has ended", () -> bed.dashboard.jobStatus(id).filter("SUCCEEDED"::equals).isPresent());
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    client.batch().v1().jobs().inNamespace(NS).withName(submitter.getMetadata().getName()).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withSucceeded(1).withStartTime(now).withCompletionTime(now)
          .withConditions(new JobConditionBuilder().withType("Complete").withStatus("True")
              .withLastTransitionTime(now).build())
          .build());
      return j;
    });

    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("batch") == JobDeploymentStatus.COMPLETE);
    assertThat(bed.harness.jobStatus("batch")).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(bed.dashboard.submissionIds()).containsExactly(id);
  }

  @Test
  @DisplayName("clusterSelector: runs on the selected cluster, which is neither changed nor deleted")
  void clusterSelector() {
    RayCluster shared = sharedCluster("shared");
    bed.harness.create(selectorJob("selected", "shared"));
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("selected") == JobDeploymentStatus.COMPLETE);

    assertThat(bed.harness.get("selected").getStatus().getRayClusterName()).isEqualTo("shared");
    assertThat(bed.harness.clusters()).extracting(c -> c.getMetadata().getName()).containsExactly("shared");
    RayCluster after = client.resource(shared).get();
    assertThat(after.getMetadata().getGeneration()).isEqualTo(shared.getMetadata().getGeneration());

    bed.harness.delete("selected");
    await("the RayJob is gone", () -> bed.harness.gone("selected"));
    assertThat(client.resource(shared).get()).isNotNull();
  }

  @Test
  @DisplayName("clusterSelector with no such cluster: a Warning Event, and the job runs once the cluster appears")
  void missingSelectedCluster() {
    bed.harness.create(selectorJob("waiting", "later"));
    await("RayClusterNotFound", () -> bed.harness.eventReasons("waiting").contains("RayClusterNotFound"));
    assertThat(bed.harness.deploymentStatus("waiting")).isNotEqualTo(JobDeploymentStatus.COMPLETE);

    sharedCluster("later");
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("waiting") == JobDeploymentStatus.COMPLETE);
  }

  @Test
  @DisplayName("shutdownAfterJobFinishes with TTL 0: the owned RayCluster is deleted after the end")
  void ttlCleanup() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    RayJob job = httpModeJob("ttl", "python train.py");
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(0);
    bed.harness.create(job);

    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("ttl") == JobDeploymentStatus.COMPLETE);
    // The Event follows the deletion.
    await("the RayCluster is deleted", () -> bed.harness.clusters().isEmpty()
        && bed.harness.eventReasons("ttl").contains("DeletedRayCluster"));
    assertThat(bed.harness.get("ttl")).isNotNull();
  }

  @Test
  @DisplayName("backoffLimit 1: a failed job is retried once on a new RayCluster with a new submission id")
  void backoffLimitRetries() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python flaky\\.py"), JobScript.fails(1, "boom\n"));
    RayJob job = httpModeJob("flaky", "python flaky.py");
    job.getSpec().setBackoffLimit(1);
    bed.harness.create(job);
    await("a first cluster", () -> !bed.harness.clusters().isEmpty());
    String firstCluster = bed.harness.clusters().get(0).getMetadata().getName();

    await("the RayJob is Failed", () -> bed.harness.deploymentStatus("flaky") == JobDeploymentStatus.FAILED);
    RayJob failed = bed.harness.get("flaky");
    assertThat(failed.getStatus().getFailed()).isEqualTo(2);
    assertThat(bed.dashboard.submissionIds()).hasSize(2).doesNotHaveDuplicates();
    assertThat(failed.getStatus().getRayClusterName()).isNotEqualTo(firstCluster);
    assertThat(bed.harness.eventReasons("flaky")).contains("Retrying");
  }

  @Test
  @DisplayName("created suspended: nothing is created until resumed, then it runs to Complete")
  void suspendAndResume() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    RayJob job = httpModeJob("later", "python train.py");
    job.getSpec().setSuspend(true);
    job.getSpec().setShutdownAfterJobFinishes(true);
    bed.harness.create(job);

    await("Suspended", () -> bed.harness.deploymentStatus("later") == JobDeploymentStatus.SUSPENDED);
    assertThat(bed.harness.clusters()).isEmpty();
    assertThat(bed.dashboard.submissionIds()).isEmpty();

    client.resources(RayJob.class).inNamespace(NS).withName("later").edit(j -> {
      j.getSpec().setSuspend(false);
      return j;
    });
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("later") == JobDeploymentStatus.COMPLETE);
    assertThat(bed.dashboard.submissionIds()).hasSize(1);
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

  private RayJob selectorJob(String name, String cluster) {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    job.setSpec(httpModeJob(name, "python train.py").getSpec());
    job.getSpec().setRayClusterSpec(null);
    job.getSpec().setClusterSelector(Map.of("ray.io/cluster", cluster));
    return job;
  }

  private static List<String> nullToEmpty(List<String> list) {
    return list == null ? List.of() : list;
  }
}
