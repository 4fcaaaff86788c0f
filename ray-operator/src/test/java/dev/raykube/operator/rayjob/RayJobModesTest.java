package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.NS;
import static dev.raykube.operator.rayjob.RayJobHarness.await;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.PodSimulator;
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

  private FakeRayDashboard dashboard;
  private PodSimulator pods;
  private RayJobHarness harness;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    dashboard = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).stopDelay(Duration.ofMillis(50)).build()
        .start();
    pods = PodSimulator.start(client);
    harness = RayJobHarness.start(client, dashboard, RayJobHarness.FAST_FINALIZER);
  }

  @AfterEach
  void stop() {
    harness.close();
    pods.close();
    dashboard.close();
    for (RayJob job : client.resources(RayJob.class).inNamespace(NS).list().getItems()) {
      client.resource(job).edit(j -> {
        j.getMetadata().setFinalizers(null);
        return j;
      });
    }
    client.resources(RayJob.class).inNamespace(NS).delete();
    client.resources(RayCluster.class).inNamespace(NS).delete();
    client.pods().inNamespace(NS).delete();
    client.services().inNamespace(NS).delete();
    client.batch().v1().jobs().inNamespace(NS).delete();
    client.v1().events().inNamespace(NS).delete();
  }

  @Test
  @DisplayName("K8sJobMode: a submitter Job is created; once it has submitted and completed, the RayJob is Complete")
  void k8sJobModeToComplete() {
    dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(200), "ok\n"));
    RayJob job = httpModeJob("batch", "python train.py");
    job.getSpec().setSubmissionMode(JobSubmissionMode.K8S_JOB_MODE);
    harness.create(job);

    await("the submitter Job exists", () -> !client.batch().v1().jobs().inNamespace(NS).list().getItems().isEmpty());
    Job submitter = client.batch().v1().jobs().inNamespace(NS).list().getItems().get(0);
    RayJob owner = harness.get("batch");
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
    assertThat(dashboard.submissionIds()).as("the operator itself submits nothing in K8sJobMode").isEmpty();

    // What the submitter Pod does: submit with the submission id, follow the job, exit 0.
    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(dashboard.url()).build()) {
      ray.submitJob(JobSubmitRequest.builder("python train.py").submissionId(id).build());
    }
    await("the Ray job has ended", () -> dashboard.jobStatus(id).filter("SUCCEEDED"::equals).isPresent());
    String now = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    client.batch().v1().jobs().inNamespace(NS).withName(submitter.getMetadata().getName()).editStatus(j -> {
      j.setStatus(new JobStatusBuilder().withSucceeded(1).withStartTime(now).withCompletionTime(now)
          .withConditions(new JobConditionBuilder().withType("Complete").withStatus("True")
              .withLastTransitionTime(now).build())
          .build());
      return j;
    });

    await("the RayJob is Complete", () -> harness.deploymentStatus("batch") == JobDeploymentStatus.COMPLETE);
    assertThat(harness.jobStatus("batch")).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(dashboard.submissionIds()).containsExactly(id);
  }

  @Test
  @DisplayName("clusterSelector: runs on the selected cluster, which is neither changed nor deleted")
  void clusterSelector() {
    RayCluster shared = sharedCluster("shared");
    harness.create(selectorJob("selected", "shared"));
    await("the RayJob is Complete", () -> harness.deploymentStatus("selected") == JobDeploymentStatus.COMPLETE);

    assertThat(harness.get("selected").getStatus().getRayClusterName()).isEqualTo("shared");
    assertThat(harness.clusters()).extracting(c -> c.getMetadata().getName()).containsExactly("shared");
    RayCluster after = client.resource(shared).get();
    assertThat(after.getMetadata().getGeneration()).isEqualTo(shared.getMetadata().getGeneration());

    harness.delete("selected");
    await("the RayJob is gone", () -> harness.gone("selected"));
    assertThat(client.resource(shared).get()).isNotNull();
  }

  @Test
  @DisplayName("clusterSelector with no such cluster: a Warning Event, and the job runs once the cluster appears")
  void missingSelectedCluster() {
    harness.create(selectorJob("waiting", "later"));
    await("RayClusterNotFound", () -> harness.eventReasons("waiting").contains("RayClusterNotFound"));
    assertThat(harness.deploymentStatus("waiting")).isNotEqualTo(JobDeploymentStatus.COMPLETE);

    sharedCluster("later");
    await("the RayJob is Complete", () -> harness.deploymentStatus("waiting") == JobDeploymentStatus.COMPLETE);
  }

  @Test
  @DisplayName("shutdownAfterJobFinishes with TTL 0: the owned RayCluster is deleted after the end")
  void ttlCleanup() {
    dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    RayJob job = httpModeJob("ttl", "python train.py");
    job.getSpec().setShutdownAfterJobFinishes(true);
    job.getSpec().setTtlSecondsAfterFinished(0);
    harness.create(job);

    await("the RayJob is Complete", () -> harness.deploymentStatus("ttl") == JobDeploymentStatus.COMPLETE);
    // The Event follows the deletion.
    await("the RayCluster is deleted", () -> harness.clusters().isEmpty()
        && harness.eventReasons("ttl").contains("DeletedRayCluster"));
    assertThat(harness.get("ttl")).isNotNull();
  }

  @Test
  @DisplayName("backoffLimit 1: a failed job is retried once on a new RayCluster with a new submission id")
  void backoffLimitRetries() {
    dashboard.scriptEntrypoints(Pattern.compile("python flaky\\.py"), JobScript.fails(1, "boom\n"));
    RayJob job = httpModeJob("flaky", "python flaky.py");
    job.getSpec().setBackoffLimit(1);
    harness.create(job);
    await("a first cluster", () -> !harness.clusters().isEmpty());
    String firstCluster = harness.clusters().get(0).getMetadata().getName();

    await("the RayJob is Failed", () -> harness.deploymentStatus("flaky") == JobDeploymentStatus.FAILED);
    RayJob failed = harness.get("flaky");
    assertThat(failed.getStatus().getFailed()).isEqualTo(2);
    assertThat(dashboard.submissionIds()).hasSize(2).doesNotHaveDuplicates();
    assertThat(failed.getStatus().getRayClusterName()).isNotEqualTo(firstCluster);
    assertThat(harness.eventReasons("flaky")).contains("Retrying");
  }

  @Test
  @DisplayName("created suspended: nothing is created until resumed, then it runs to Complete")
  void suspendAndResume() {
    dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(100), "ok\n"));
    RayJob job = httpModeJob("later", "python train.py");
    job.getSpec().setSuspend(true);
    job.getSpec().setShutdownAfterJobFinishes(true);
    harness.create(job);

    await("Suspended", () -> harness.deploymentStatus("later") == JobDeploymentStatus.SUSPENDED);
    assertThat(harness.clusters()).isEmpty();
    assertThat(dashboard.submissionIds()).isEmpty();

    client.resources(RayJob.class).inNamespace(NS).withName("later").edit(j -> {
      j.getSpec().setSuspend(false);
      return j;
    });
    await("the RayJob is Complete", () -> harness.deploymentStatus("later") == JobDeploymentStatus.COMPLETE);
    assertThat(dashboard.submissionIds()).hasSize(1);
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
    dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
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
