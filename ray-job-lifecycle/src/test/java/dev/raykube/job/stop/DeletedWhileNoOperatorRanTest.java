package dev.raykube.job.stop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.stop.RayJobStopStep;
import dev.raykube.job.stop.RayJobStopper;
import dev.raykube.job.stop.StopTargetResolver;
import dev.raykube.kernel.finalizer.CleanupReport;
import dev.raykube.kernel.finalizer.DeletionCleanup;
import dev.raykube.kernel.finalizer.FinalizerDecision;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerPolicy;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.FinalizerEditor;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * "Stop at least once" even when the RayJob is deleted while no operator runs: the finalizer holds the object, and
 * the first reconcile of a freshly started operator sees the deletionTimestamp, stops the Ray job, and releases it.
 * Kubernetes side on the CRUD mock, Ray side on FakeRayDashboard, one run per policy.
 */
@EnableKubernetesMockClient(crud = true)
class DeletedWhileNoOperatorRanTest {
  private static final String NS = "ml";

  KubernetesClient client;
  private FakeRayDashboard fake;
  private RayDashboardClient dashboard;

  @BeforeEach
  void start() {
    RayCrds.install(client, "rayjobs");
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(20)).stopDelay(Duration.ofMillis(50)).build()
        .start();
    dashboard = RayDashboardClient.builder().baseUrl(fake.url()).retryPolicy(RetryPolicy.none()).build();
  }

  @AfterEach
  void stop() {
    dashboard.close();
    fake.close();
  }

  @ParameterizedTest(name = "{0}")
  @EnumSource(FinalizerPolicy.class)
  void theFirstReconcileAfterStartStopsTheJobAndReleasesTheRayJob(FinalizerPolicy policy) throws Exception {
    // An earlier operator submitted the job and recorded it; the finalizer is on the RayJob.
    String name = "train-" + policy.annotationValue();
    String submissionId = name + "-abcde";
    fake.script(submissionId, JobScript.runsUntilStopped());
    dashboard.submitJob(JobSubmitRequest.builder("python train.py").submissionId(submissionId).build());
    RayJob created = client.resource(rayJob(name, policy)).create();
    RayJobStatus status = new RayJobStatus();
    status.setJobId(submissionId);
    status.setJobStatus(JobStatus.RUNNING);
    status.setDashboardURL("127.0.0.1:" + fake.port());
    created.setStatus(status);
    client.resource(created).updateStatus();

    // No operator runs: the user deletes the RayJob. The finalizer holds it.
    client.resources(RayJob.class).inNamespace(NS).withName(name).delete();
    RayJob held = client.resources(RayJob.class).inNamespace(NS).withName(name).get();
    assertThat(held.isMarkedForDeletion()).isTrue();
    assertThat(fake.jobStatus(submissionId)).contains("RUNNING");

    // Some time later an operator starts: fresh memory, its first reconcile sees the deletionTimestamp.
    Instant deletedAt = Instant.parse(held.getMetadata().getDeletionTimestamp());
    DeletionCleanup<RayJob> cleanup = new DeletionCleanup<>(FinalizerNames.RAYJOB,
        new RayJobStopStep(new RayJobStopper(), StopTargetResolver.fromStatus(url -> dashboard)),
        FinalizerSettings.defaults(), Clock.fixed(deletedAt.plus(Duration.ofHours(2)), ZoneOffset.UTC));
    CleanupReport report = cleanup.run(held);
    if (report.removeFinalizer()) {
      new FinalizerEditor().remove(client, held, FinalizerNames.RAYJOB);
    }

    assertThat(report.attempted()).isTrue();
    assertThat(report.outcome().reason()).isEqualTo(StopOutcome.Kind.STOP_REQUESTED);
    assertThat(report.decision()).isInstanceOf(FinalizerDecision.RemoveFinalizer.class);
    assertThat(((FinalizerDecision.RemoveFinalizer) report.decision()).warning()).isFalse();
    assertThat(fake.requests("POST", "/api/jobs/" + submissionId + "/stop")).hasSize(1);
    assertThat(client.resources(RayJob.class).inNamespace(NS).withName(name).get()).as("released").isNull();
    awaitStopped(submissionId);
  }

  private void awaitStopped(String id) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(3).toNanos();
    while (!fake.jobStatus(id).orElse("").equals("STOPPED")) {
      assertThat(System.nanoTime()).as("STOPPED within 3 s").isLessThan(deadline);
      Thread.sleep(10);
    }
  }

  private static RayJob rayJob(String name, FinalizerPolicy policy) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS)
        .withAnnotations(Map.of(FinalizerPolicy.ANNOTATION, policy.annotationValue()))
        .withFinalizers(FinalizerNames.RAYJOB).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("python train.py");
    job.setSpec(spec);
    return job;
  }
}
