package dev.raykube.examples.platform;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.kernel.finalizer.FinalizerSettings;
import dev.raykube.kernel.AdaptivePoll;
import dev.raykube.job.decide.RayJobSettings;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.WorkerGroupSpec;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The custom platform, RayJobs and its own RayCluster controller, written with the test kit: a real kube-apiserver +
 * etcd + kube-controller-manager (owner references, garbage collection, the status subresource, admission by the real
 * CRDs), the node sandbox running the Pods the platform creates, and a {@link FakeRayDashboard} as each cluster's
 * head. What {@link CustomPlatformTest} shows against the CRUD mock, by playing the RayCluster controller itself, runs
 * here as it would in a cluster.
 */
class CustomPlatformOnKubernetesTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withFakeDashboards()
      .configureFakeDashboards((cluster, fake) -> fake.startDelay(Duration.ofMillis(50)))
      .onFakeDashboard((cluster, fake) -> {
        fake.scriptEntrypoints(Pattern.compile("python train\\.py"), JobScript.runsFor(Duration.ofMillis(500),
            "epoch 1\nok\n"));
        fake.scriptEntrypoints(Pattern.compile("python serve_forever\\.py"), JobScript.runsUntilStopped());
      });

  private KubernetesClient client;
  private CustomPlatform platform;

  @BeforeEach
  void start() {
    client = kube.client();
    RayJobSettings fast = RayJobSettings.defaults()
        .withPoll(new AdaptivePoll(Duration.ofMillis(100), Duration.ofMillis(500), 0.1))
        .withTeardownPoll(Duration.ofMillis(200));
    platform = new CustomPlatform(client, kube.namespace(), kube.dashboardAccess(), fast,
        FinalizerSettings.defaults(), Clock.systemUTC(), true);
    platform.start();
  }

  @AfterEach
  void stop() {
    platform.close();
  }

  @Test
  @DisplayName("an HTTPMode RayJob: its RayCluster's Pods run, the cluster is ready, one submission, Complete, and "
      + "deleting the RayJob lets the garbage collector take the cluster")
  void rayJobToCompleteOnRealKubernetes() {
    client.resource(rayJob("train", "python train.py")).create();

    await("the RayJob is Complete", () -> deploymentStatus("train") == JobDeploymentStatus.COMPLETE);
    RayJob job = rayJob("train");
    assertThat(job.getStatus().getJobStatus()).isEqualTo(JobStatus.SUCCEEDED);
    assertThat(job.getMetadata().getFinalizers()).containsExactly(FinalizerNames.RAYJOB);
    String cluster = job.getStatus().getRayClusterName();
    RayCluster rayCluster = client.resources(RayCluster.class).inNamespace(kube.namespace()).withName(cluster).get();
    assertThat(rayCluster.getStatus().getState()).isEqualTo(ClusterState.READY);
    List<Pod> pods = client.pods().inNamespace(kube.namespace()).withLabel("ray.io/cluster", cluster).list()
        .getItems();
    assertThat(pods).hasSize(2).allSatisfy(pod -> {
      assertThat(pod.getStatus().getPhase()).isEqualTo("Running");
      assertThat(pod.getSpec().getNodeName()).isEqualTo(kube.nodes().nodeName());
    });
    FakeRayDashboard head = kube.fakeDashboard(cluster).orElseThrow();
    assertThat(head.submissionIds()).containsExactly(job.getStatus().getJobId());

    client.resources(RayJob.class).inNamespace(kube.namespace()).withName("train").delete();
    await("the RayJob is gone", () -> rayJob("train") == null);
    await("the garbage collector removed the RayCluster and its Pods", () -> client.resources(RayCluster.class)
        .inNamespace(kube.namespace()).withName(cluster).get() == null
        && client.pods().inNamespace(kube.namespace()).withLabel("ray.io/cluster", cluster).list().getItems()
            .isEmpty());
  }

  @Test
  @DisplayName("deleting a running RayJob stops its Ray job on the head before the finalizer lets it go")
  void deletionStopsTheRayJob() {
    client.resource(rayJob("forever", "python serve_forever.py")).create();
    await("the Ray job runs", () -> {
      RayJob job = rayJob("forever");
      return job != null && job.getStatus() != null && job.getStatus().getJobStatus() == JobStatus.RUNNING;
    });
    RayJob running = rayJob("forever");
    String submissionId = running.getStatus().getJobId();
    FakeRayDashboard head = kube.fakeDashboard(running.getStatus().getRayClusterName()).orElseThrow();

    client.resources(RayJob.class).inNamespace(kube.namespace()).withName("forever").delete();
    await("the RayJob is gone", () -> rayJob("forever") == null);
    assertThat(head.stopRequested(submissionId)).isTrue();
    assertThat(client.v1().events().inNamespace(kube.namespace()).list().getItems())
        .filteredOn(e -> "forever".equals(e.getInvolvedObject().getName())).extracting(Event::getReason)
        .contains("StopRequested");
  }

  private RayJob rayJob(String name) {
    return client.resources(RayJob.class).inNamespace(kube.namespace()).withName(name).get();
  }

  private JobDeploymentStatus deploymentStatus(String name) {
    RayJob job = rayJob(name);
    return job == null || job.getStatus() == null ? null : job.getStatus().getJobDeploymentStatus();
  }

  private static void await(String what, BooleanSupplier condition) {
    long deadline = System.nanoTime() + Duration.ofSeconds(90).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out waiting until " + what);
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
    }
  }

  /** An HTTPMode RayJob with its own cluster: a head and one worker. */
  private static RayJob rayJob(String name, String entrypoint) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(kube.namespace()).build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint(entrypoint);
    spec.setSubmissionMode(JobSubmissionMode.HTTP_MODE);
    RayClusterSpec cluster = new RayClusterSpec();
    cluster.setRayVersion("2.60.0");
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    cluster.setHeadGroupSpec(head);
    WorkerGroupSpec workers = new WorkerGroupSpec();
    workers.setGroupName("cpu");
    workers.setReplicas(1);
    workers.setMinReplicas(1);
    workers.setMaxReplicas(1);
    workers.setRayStartParams(Map.of());
    workers.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-worker")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    cluster.setWorkerGroupSpecs(List.of(workers));
    spec.setRayClusterSpec(cluster);
    job.setSpec(spec);
    return job;
  }
}
