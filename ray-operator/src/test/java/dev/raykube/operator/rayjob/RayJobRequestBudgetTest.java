package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.NS;
import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.operator.testing.MockApiRequests;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes requests of a whole RayJob lifecycle on the real operator runtime, with the production dashboard
 * lookup (head Service from the RayCluster controller's informer): what the informers hold is never read from the
 * API server, and the only Events are those of actions on other objects. Counted from the CRUD mock's request log,
 * the operator's user agent only. And a running job that its dashboard's job list follows is not polled on its own.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobRequestBudgetTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client, dashboard -> { }, (kube, fake) ->
        RayJobHarness.startWithInClusterLookup(kube, fake, RayJobHarness.FAST_FINALIZER));
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  @Test
  @DisplayName("create → Complete → delete: no GET of a Service or RayCluster (the informers hold them), no Event"
      + " but CreatedRayCluster on the RayJob")
  void lifecycleReadsNothingTheInformersHold() {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(200), "ok\n"));
    MockApiRequests.drain(server);
    bed.harness.create(httpModeJob("train", "python train.py"));
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("train") == JobDeploymentStatus.COMPLETE);
    assertThat(bed.harness.get("train").getStatus().getDashboardURL()).as("the dashboard was found by its head Service")
        .isNotNull();
    bed.harness.delete("train");
    await("the RayJob is gone", () -> bed.harness.gone("train"));

    List<MockApiRequests.Request> operator = MockApiRequests.drain(server).stream()
        .filter(r -> r.userAgent() != null && r.userAgent().startsWith("raykube-operator/")).toList();
    assertThat(MockApiRequests.writesByResource(operator)).as("the lifecycle's writes").isNotEmpty();
    assertThat(MockApiRequests.readsByResource(operator)).as("reads of what the informers hold")
        .doesNotContainKeys("GET services", "GET rayclusters", "LIST services", "LIST rayclusters");
    assertThat(bed.harness.eventReasons("train")).containsExactly("CreatedRayCluster");
  }

  @Test
  @DisplayName("a running job that the dashboard's list follows is not asked for again after the list saw it start")
  void theListStandsInForTheJobsGets() throws Exception {
    bed.dashboard.scriptEntrypoints(Pattern.compile("python serve\\.py"),
        JobScript.builder().pendingFor(Duration.ofSeconds(2)).sleep(Duration.ofMinutes(10)).build());
    bed.harness.create(httpModeJob("listed", "python serve.py"));
    await("the status shows the job RUNNING", () -> bed.harness.jobStatus("listed") == JobStatus.RUNNING);
    String path = "/api/jobs/" + bed.harness.submissionId("listed");
    int gets = bed.dashboard.requests("GET", path).size();
    int lists = bed.dashboard.requests("GET", "/api/jobs/").size();

    Thread.sleep(5000); // a poll of its own would have come within 3 s
    assertThat(bed.dashboard.requests("GET", "/api/jobs/").size()).as("list reads go on").isGreaterThan(lists);
    assertThat(bed.dashboard.requests("GET", path).size()).as("GETs of the job since its status showed RUNNING")
        .isEqualTo(gets);
  }
}
