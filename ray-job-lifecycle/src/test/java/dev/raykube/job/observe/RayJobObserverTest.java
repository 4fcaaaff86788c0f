package dev.raykube.job.observe;

import static dev.raykube.job.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.JobStatus;
import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.decide.ClusterObservation;
import dev.raykube.job.decide.JobLookup;
import dev.raykube.job.decide.RayJobObservation;
import dev.raykube.job.decide.SubmitterObservation;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.kernel.dashboard.InClusterDashboardAccess;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The observer reads what the plan asks for and reports each cluster, submitter and dashboard situation. */
@EnableKubernetesMockClient(crud = true)
class RayJobObserverTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private FakeRayDashboard fake;
  private DashboardClients clients;
  private final AtomicInteger accessCalls = new AtomicInteger();

  @BeforeEach
  void start() {
    server.reset();
    RayCrds.install(client, "rayjobs", "rayclusters");
    fake = FakeRayDashboard.builder().startDelay(Duration.ofMillis(10)).build().start();
    clients = new DashboardClients(b -> b.retryPolicy(RetryPolicy.none()));
  }

  @AfterEach
  void stop() {
    clients.close();
    fake.close();
  }

  private RayJobObserver observer() {
    DashboardAccess fixed = DashboardAccess.fixed(fake.url());
    return new RayJobObserver(client, cluster -> {
      accessCalls.incrementAndGet();
      return fixed.endpoint(cluster);
    }, clients);
  }

  @Test
  @DisplayName("a new RayJob (no status) needs no observation at all")
  void newRayJob() {
    RayJob job = client.resource(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE)).create();
    ObservedRayJob observed = observer().observe(job);
    assertThat(observed.observation()).isEqualTo(RayJobObservation.nothing());
    assertThat(observed.dashboard()).isNull();
    assertThat(fake.requests()).isEmpty();
  }

  @Test
  @DisplayName("Initializing without its RayCluster: absent, nothing queried")
  void clusterAbsent() {
    RayJob job = stored(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE), JobDeploymentStatus.INITIALIZING,
        s -> { });
    RayJobObservation observed = observer().observe(job).observation();
    assertThat(observed.cluster()).isEqualTo(ClusterObservation.absent());
    assertThat(observed.rayJob()).isEqualTo(JobLookup.notQueried());
    assertThat(observed.submitter()).isEqualTo(SubmitterObservation.absent());
  }

  @Test
  @DisplayName("a RayCluster that is not ready: present, no dashboard address, access not asked")
  void clusterNotReady() {
    client.resource(KubeFixtures.cluster("demo-ccccc")).create();
    RayJob job = stored(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE), JobDeploymentStatus.INITIALIZING,
        s -> { });
    ObservedRayJob observed = observer().observe(job);
    ClusterObservation.Present present = (ClusterObservation.Present) observed.observation().cluster();
    assertThat(present.ready()).isFalse();
    assertThat(present.dashboardUrl()).isNull();
    assertThat(accessCalls).hasValue(0);
  }

  @Test
  @DisplayName("a ready RayCluster: present with the resolved address in KubeRay's status form")
  void clusterReady() {
    client.resource(KubeFixtures.cluster("demo-ccccc")).create();
    KubeFixtures.markReady(client, "demo-ccccc");
    RayJob job = stored(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE), JobDeploymentStatus.INITIALIZING,
        s -> { });
    ObservedRayJob observed = observer().observe(job);
    ClusterObservation.Present present = (ClusterObservation.Present) observed.observation().cluster();
    assertThat(present.ready()).isTrue();
    assertThat(present.dashboardUrl()).isEqualTo("127.0.0.1:" + fake.port());
    assertThat(observed.dashboard()).isEqualTo(DashboardEndpoint.of(fake.url()));
  }

  @Test
  @DisplayName("clusterSelector: the selected RayCluster is observed by the name in the status")
  void selectedCluster() {
    RayCluster shared = KubeFixtures.cluster("shared");
    client.resource(shared).create();
    KubeFixtures.markReady(client, "shared");
    RayJob spec = KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE);
    spec.getSpec().setRayClusterSpec(null);
    spec.getSpec().setClusterSelector(Map.of("ray.io/cluster", "shared"));
    RayJob job = stored(spec, JobDeploymentStatus.INITIALIZING, s -> s.setRayClusterName("shared"));
    ClusterObservation.Present present = (ClusterObservation.Present) observer().observe(job).observation()
        .cluster();
    assertThat(present.cluster().getMetadata().getName()).isEqualTo("shared");
  }

  @Test
  @DisplayName("Running: the Ray job's details from the dashboard, or not found")
  void runningFoundAndNotFound() throws Exception {
    readyCluster();
    fake.script("demo-bbbbb", JobScript.runsUntilStopped());
    try (RayDashboardClient dashboard = RayDashboardClient.builder().baseUrl(fake.url()).build()) {
      dashboard.submitJob(JobSubmitRequest.builder("sleep 100").submissionId("demo-bbbbb").build());
    }
    RayJob job = running(fake.url(), "demo-bbbbb");
    JobLookup lookup = observer().observe(job).observation().rayJob();
    assertThat(lookup).isInstanceOf(JobLookup.Found.class);
    assertThat(((JobLookup.Found) lookup).details().submissionId()).isEqualTo("demo-bbbbb");
    assertThat(((JobLookup.Found) lookup).details().status()).isIn(JobStatus.PENDING, JobStatus.RUNNING);

    assertThat(observer().observe(running(fake.url(), "demo-other")).observation().rayJob())
        .isEqualTo(JobLookup.notFound());
  }

  @Test
  @DisplayName("Running: an unreachable dashboard is a failed lookup that says so")
  void unreachable() throws Exception {
    readyCluster();
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    JobLookup lookup = observer().observe(running("127.0.0.1:" + port, "demo-bbbbb")).observation().rayJob();
    assertThat(lookup).isInstanceOf(JobLookup.QueryFailed.class);
    assertThat(((JobLookup.QueryFailed) lookup).message()).contains("unreachable").contains("127.0.0.1:" + port);
  }

  @Test
  @DisplayName("Running without its RayCluster: absent, no dashboard call, its client forgotten")
  void clusterGoneWhileRunning() {
    readyCluster();
    RayJob job = running(fake.url(), "demo-bbbbb");
    observer().observe(job);
    assertThat(clients.size()).isEqualTo(1);
    fake.clearRequests();
    client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").delete();

    RayJobObservation observed = observer().observe(job).observation();
    assertThat(observed.cluster()).isEqualTo(ClusterObservation.absent());
    assertThat(observed.rayJob()).isEqualTo(JobLookup.notQueried());
    assertThat(fake.requests()).isEmpty();
    assertThat(clients.size()).isZero();
  }

  @Test
  @DisplayName("token auth: the token from the cluster's Secret; a missing Secret or a wrong token is reported")
  void tokenAuth() {
    fake.close();
    fake = FakeRayDashboard.builder().authToken("s3cret").startDelay(Duration.ofMillis(10)).build().start();
    RayCluster cluster = KubeFixtures.cluster("demo-ccccc");
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    cluster.getSpec().setAuthOptions(auth);
    client.resource(cluster).create();
    KubeFixtures.markReady(client, "demo-ccccc");
    InClusterDashboardAccess inCluster = new InClusterDashboardAccess(client, "cluster.local");
    DashboardAccess access = c -> Optional.of(new DashboardEndpoint(fake.url(), inCluster.token(c).orElse(null)));
    RayJobObserver observer = new RayJobObserver(client, access, clients);
    RayJob job = running(fake.url(), "demo-bbbbb");

    ObservedRayJob missing = observer.observe(job);
    assertThat(missing.dashboardProblem()).contains("Secret ml/demo-ccccc does not exist");
    assertThat(((JobLookup.QueryFailed) missing.observation().rayJob()).message())
        .startsWith("cannot address the dashboard");
    assertThat(((ClusterObservation.Present) missing.observation().cluster()).dashboardUrl()).isNull();

    secret("demo-ccccc", "wrong");
    assertThat(((JobLookup.QueryFailed) observer.observe(job).observation().rayJob()).message())
        .contains("refused the credentials");

    client.secrets().inNamespace(NS).withName("demo-ccccc").delete();
    secret("demo-ccccc", "s3cret");
    ObservedRayJob ok = observer.observe(job);
    assertThat(ok.observation().rayJob()).as("404 means the token was accepted").isEqualTo(JobLookup.notFound());
    assertThat(ok.dashboard().token()).isEqualTo("s3cret");
    assertThat(ok.dashboardProblem()).isNull();
  }

  @Test
  @DisplayName("K8sJobMode: the submitter Job absent, active, complete or failed with its finish time")
  void submitterStates() {
    readyCluster();
    RayJob job = stored(KubeFixtures.rayJob("demo", JobSubmissionMode.K8S_JOB_MODE), JobDeploymentStatus.RUNNING,
        s -> {
          s.setJobId("demo-bbbbb");
          s.setDashboardURL("127.0.0.1:" + fake.port());
        });
    RayJobObserver observer = observer();
    assertThat(observer.observe(job).observation().submitter()).isEqualTo(SubmitterObservation.absent());

    client.batch().v1().jobs().inNamespace(NS).resource(submitter(null, null)).create();
    assertThat(observer.observe(job).observation().submitter()).isEqualTo(SubmitterObservation.active());

    client.batch().v1().jobs().inNamespace(NS).withName("demo").delete();
    client.batch().v1().jobs().inNamespace(NS).resource(submitter("Complete", "2026-03-01T10:00:05Z")).create();
    assertThat(observer.observe(job).observation().submitter())
        .isEqualTo(SubmitterObservation.complete(Instant.parse("2026-03-01T10:00:05Z")));

    client.batch().v1().jobs().inNamespace(NS).withName("demo").delete();
    client.batch().v1().jobs().inNamespace(NS).resource(submitter("Failed", "2026-03-01T10:00:07Z")).create();
    assertThat(observer.observe(job).observation().submitter())
        .isEqualTo(SubmitterObservation.failed(Instant.parse("2026-03-01T10:00:07Z"), "BackoffLimitExceeded"));
  }

  private void readyCluster() {
    client.resource(KubeFixtures.cluster("demo-ccccc")).create();
    KubeFixtures.markReady(client, "demo-ccccc");
  }

  private RayJob running(String address, String jobId) {
    return stored(KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE), JobDeploymentStatus.RUNNING, s -> {
      s.setJobId(jobId);
      s.setDashboardURL(address);
    });
  }

  /** Creates the RayJob (or reuses the stored one) and writes a status with cluster name {@code demo-ccccc}. */
  private RayJob stored(RayJob job, JobDeploymentStatus state, Consumer<RayJobStatus> more) {
    RayJob existing = client.resources(RayJob.class).inNamespace(NS).withName(job.getMetadata().getName()).get();
    RayJob created = existing != null ? existing : client.resource(job).create();
    RayJobStatus status = new RayJobStatus();
    status.setJobDeploymentStatus(state);
    status.setRayClusterName("demo-ccccc");
    more.accept(status);
    created.setStatus(status);
    return client.resource(created).updateStatus();
  }

  private static Job submitter(String condition, String time) {
    JobBuilder builder = new JobBuilder().withNewMetadata().withName("demo").withNamespace(NS).endMetadata()
        .withNewSpec().withNewTemplate().withNewSpec().addNewContainer().withName("ray-job-submitter")
        .withImage("rayproject/ray:2.60.0").endContainer().withRestartPolicy("Never").endSpec().endTemplate()
        .endSpec();
    if (condition != null) {
      builder.withNewStatus().addNewCondition().withType(condition).withStatus("True").withLastTransitionTime(time)
          .withReason("Failed".equals(condition) ? "BackoffLimitExceeded" : null).endCondition().endStatus();
    }
    return builder.build();
  }

  private void secret(String name, String token) {
    client.resource(new SecretBuilder().withNewMetadata().withName(name).withNamespace(NS).endMetadata()
        .withStringData(Map.of("auth_token", token)).build()).create();
  }
}
