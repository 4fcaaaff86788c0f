package dev.raykube.examples.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The custom platform loop against the fabric8 CRUD mock (with the RayJob and RayCluster CRDs) and FakeRayDashboard at
 * a fixed URL. The test plays the RayCluster controller: it marks the created RayCluster ready by writing its status.
 */
@EnableKubernetesMockClient(crud = true)
class CustomPlatformTest {
  private static final String NS = "platform";

  KubernetesClient client;
  private FakeRayDashboard fake;
  private CustomPlatform platform;

  @BeforeEach
  void start() {
    RayCrds.install(client, "rayjobs", "rayclusters");
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).stopDelay(Duration.ofMillis(50)).build()
        .start();
    RayJobSettings fast = RayJobSettings.defaults()
        .withPoll(new AdaptivePoll(Duration.ofMillis(50), Duration.ofMillis(200), 0.1))
        .withTeardownPoll(Duration.ofMillis(100));
    platform = new CustomPlatform(client, NS, DashboardAccess.fixed(fake.url()), fast, FinalizerSettings.defaults(),
        Clock.systemUTC());
    platform.start();
  }

  @AfterEach
  void stop() {
    platform.close();
    fake.close();
  }

  @Test
  @DisplayName("an HTTPMode RayJob: finalizer, RayCluster, one submission, Complete")
  void httpModeToComplete() {
    fake.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsFor(Duration.ofMillis(300), "ok\n"));
    client.resource(rayJob("train")).create();

    RayCluster cluster = awaitCluster("train");
    assertThat(cluster.getMetadata().getOwnerReferences()).hasSize(1);
    assertThat(rayJob().getMetadata().getFinalizers()).containsExactly(FinalizerNames.RAYJOB);
    markReady(cluster);

    await("the RayJob is Complete", () -> {
      RayJob job = rayJob();
      return job.getStatus() != null && job.getStatus().getJobDeploymentStatus() == JobDeploymentStatus.COMPLETE;
    });
    RayJob done = rayJob();
    assertThat(done.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(done.getStatus().getSucceeded()).isEqualTo(1);
    assertThat(fake.submissionIds()).containsExactly(done.getStatus().getJobId());
    assertThat(client.v1().events().inNamespace(NS).list().getItems()).extracting(Event::getReason)
        .contains("CreatedRayCluster").doesNotContain("SubmittedRayJob", "Completed");
  }

  @Test
  @DisplayName("deleting a running RayJob stops its Ray job, then the finalizer lets it go")
  void deletionStopsTheJob() {
    fake.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsUntilStopped());
    client.resource(rayJob("train")).create();
    markReady(awaitCluster("train"));
    await("the Ray job runs", () -> {
      RayJob job = rayJob();
      return job.getStatus() != null && job.getStatus().getJobStatus() == JobStatus.RUNNING;
    });
    String submissionId = rayJob().getStatus().getJobId();

    client.resources(RayJob.class).inNamespace(NS).withName("train").delete();
    await("the RayJob is gone", () -> client.resources(RayJob.class).inNamespace(NS).withName("train").get() == null);
    assertThat(fake.stopRequested(submissionId)).isTrue();
    assertThat(client.v1().events().inNamespace(NS).list().getItems()).extracting(Event::getReason)
        .contains("StopRequested").doesNotContain("Deleting", "CleanupDone");
  }

  private RayJob rayJob() {
    return client.resources(RayJob.class).inNamespace(NS).withName("train").require();
  }

  private RayCluster awaitCluster(String rayJob) {
    await("the RayCluster is created", () -> !client.resources(RayCluster.class).inNamespace(NS)
        .withLabel("ray.io/originated-from-cr-name", rayJob).list().getItems().isEmpty());
    return client.resources(RayCluster.class).inNamespace(NS).withLabel("ray.io/originated-from-cr-name", rayJob)
        .list().getItems().get(0);
  }

  /** What a RayCluster controller does once every Pod runs. */
  private void markReady(RayCluster cluster) {
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.READY);
    cluster.setStatus(status);
    client.resource(cluster).updateStatus();
  }

  private static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting until " + what);
      }
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  private static RayJob rayJob(String name) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("python train.py");
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    RayClusterSpec cluster = new RayClusterSpec();
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    cluster.setHeadGroupSpec(head);
    spec.setRayClusterSpec(cluster);
    job.setSpec(spec);
    return job;
  }
}
