package dev.raykube.job.observe;

import static dev.raykube.job.testing.KubeFixtures.NS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.JobSubmitRequest;
import dev.raykube.dashboard.RetryPolicy;
import dev.raykube.dashboard.fake.FakeRayDashboard;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.job.stop.RayJobStopStep;
import dev.raykube.job.stop.RayJobStopper;
import dev.raykube.job.stop.StopOutcome;
import dev.raykube.job.stop.StopTarget;
import dev.raykube.job.testing.KubeFixtures;
import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardAccessException;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.dashboard.DashboardEndpoint;
import dev.raykube.kernel.dashboard.InClusterDashboardAccess;
import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.JobSubmissionMode;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The finalizer's stop target through the cluster's dashboard access: address from the status, token from the cluster.
 */
@EnableKubernetesMockClient(crud = true)
class ClusterStopTargetsTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private FakeRayDashboard fake;
  private DashboardClients clients;
  private ClusterStopTargets targets;

  @BeforeEach
  void setUp() {
    server.reset();
    RayCrds.install(client, "rayjobs", "rayclusters");
    fake = FakeRayDashboard.builder().authToken("s3cret").startDelay(Duration.ofMillis(10)).build().start();
    clients = new DashboardClients(b -> b.retryPolicy(RetryPolicy.none()));
    InClusterDashboardAccess inCluster = new InClusterDashboardAccess(client, "cluster.local");
    // The fake is not at the head Service's DNS name: keep the in-cluster token, use the fake's URL.
    DashboardAccess access = c -> Optional.of(new DashboardEndpoint(fake.url(), inCluster.token(c).orElse(null)));
    targets = new ClusterStopTargets(client, access, clients);
  }

  @AfterEach
  void tearDown() {
    clients.close();
    fake.close();
  }

  @Test
  @DisplayName("a token-auth cluster: the stop carries the token from its Secret and reaches the job")
  void stopsWithTheClusterToken() {
    tokenCluster();
    client.resource(new SecretBuilder().withNewMetadata().withName("demo-ccccc").withNamespace(NS).endMetadata()
        .withStringData(Map.of("auth_token", "s3cret")).build()).create();
    fake.script("demo-bbbbb", JobScript.runsUntilStopped());
    clients.client(NS, "setup", new DashboardEndpoint(fake.url(), "s3cret"))
        .submitJob(JobSubmitRequest.builder("sleep 100").submissionId("demo-bbbbb").build());

    StopOutcome outcome = new RayJobStopStep(new RayJobStopper(), targets).stop(rayJob("demo-bbbbb"));
    assertThat(outcome.kind()).isEqualTo(StopOutcome.Kind.STOP_REQUESTED);
    assertThat(fake.stopRequested("demo-bbbbb")).isTrue();
  }

  @Test
  @DisplayName("nothing submitted: no target; missing Secret: the attempt fails (retryable); cluster gone: no token")
  void edges() {
    RayJob notSubmitted = rayJob(null);
    assertThat(targets.resolve(notSubmitted)).isEmpty();

    tokenCluster();
    assertThatThrownBy(() -> targets.resolve(rayJob("demo-bbbbb"))).isInstanceOf(DashboardAccessException.class);
    assertThatThrownBy(() -> new RayJobStopStep(new RayJobStopper(), targets).attempt(rayJob("demo-bbbbb")))
        .as("thrown through the step: DeletionCleanup counts it as a failed, retryable attempt")
        .isInstanceOf(DashboardAccessException.class);

    client.resources(RayCluster.class).inNamespace(NS).withName("demo-ccccc").delete();
    StopTarget target = targets.resolve(rayJob("demo-bbbbb")).orElseThrow();
    assertThat(target.client().toString()).doesNotContain("bearer token").contains("127.0.0.1:" + fake.port());
    assertThat(target.submissionId()).isEqualTo("demo-bbbbb");
  }

  private void tokenCluster() {
    RayCluster cluster = KubeFixtures.cluster("demo-ccccc");
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    cluster.getSpec().setAuthOptions(auth);
    client.resource(cluster).create();
  }

  private RayJob rayJob(String jobId) {
    RayJob job = KubeFixtures.rayJob("demo", JobSubmissionMode.HTTP_MODE);
    RayJobStatus status = new RayJobStatus();
    status.setJobId(jobId);
    status.setRayClusterName("demo-ccccc");
    status.setDashboardURL("127.0.0.1:" + fake.port());
    job.setStatus(status);
    return job;
  }
}
