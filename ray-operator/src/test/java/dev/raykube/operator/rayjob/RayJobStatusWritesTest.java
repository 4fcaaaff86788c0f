package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.RayJobHarness.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.JobStatus;
import dev.raykube.operator.testing.MockApiRequests;
import dev.raykube.operator.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The RayJob status is written only when it changes: while the Ray job stays RUNNING the controller keeps polling the
 * dashboard, but the writes of {@code rayjobs/status} (counted from the mock API server's request log) do not grow
 * with the number of polls; the end of the job is written. Nor does a poll read the RayCluster from the API server: the
 * observer reads it from the controller's informer.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobStatusWritesTest {

  /** Polls per window: at the job list's cadence (3 s for one job), about 15 s of RUNNING. */
  private static final int POLLS = 5;

  static KubernetesMockServer server;
  static KubernetesClient client;

  private RayJobTestBed bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  @BeforeEach
  void start() throws Exception {
    bed = RayJobTestBed.start(client, d -> {
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    bed.close();
  }

  @Test
  @DisplayName("RUNNING across many polls: no status write and no RayCluster read per poll; the end is written")
  void statusWrittenOnlyOnChange() {
    bed.harness.create(httpModeJob("steady", "python forever.py"));
    await("the Ray job runs", () -> bed.harness.jobStatus("steady") == JobStatus.RUNNING);
    String id = bed.harness.submissionId("steady");
    String poll = "/api/jobs/" + id;

    // Let the status settle (the first polls after RUNNING may still add e.g. rayJobInfo), then count two windows.
    pollsAfterNow(poll, 5);
    MockApiRequests.drain(server);
    pollsAfterNow(poll, POLLS);
    List<MockApiRequests.Request> firstWindow = MockApiRequests.drain(server);
    int first = statusWrites(firstWindow);
    pollsAfterNow(poll, 2 * POLLS);
    List<MockApiRequests.Request> secondWindow = MockApiRequests.drain(server);
    int second = statusWrites(secondWindow);

    assertThat(bed.harness.deploymentStatus("steady")).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(first).as("status writes during %d polls of a RUNNING job", POLLS).isZero();
    assertThat(second).as("status writes during %d polls of a RUNNING job", 2 * POLLS).isZero();
    assertThat(clusterReads(firstWindow)).as("RayCluster reads from the API server during %d polls", POLLS).isZero();
    assertThat(clusterReads(secondWindow)).as("RayCluster reads from the API server during %d polls", 2 * POLLS)
        .isZero();

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(bed.dashboard.url()).build()) {
      ray.stopJob(id);
    }
    await("the RayJob is Complete", () -> bed.harness.deploymentStatus("steady") == JobDeploymentStatus.COMPLETE);
    assertThat(statusWrites(MockApiRequests.drain(server))).as("the end is written").isPositive();
  }

  /**
   * Waits until the dashboard has answered {@code count} more status queries for the job than now: GETs of the job
   * and reads of the job list ({@link JobListPolls}), which stand in for them while the job runs.
   */
  private void pollsAfterNow(String path, int count) {
    int before = polls(path);
    await(count + " more polls of " + path, () -> polls(path) >= before + count);
  }

  private int polls(String path) {
    return bed.dashboard.requests("GET", path).size() + bed.dashboard.requests("GET", "/api/jobs/").size();
  }

  /** GETs of one RayCluster (not lists or watches, which the informers make). */
  private static int clusterReads(List<MockApiRequests.Request> requests) {
    return (int) requests.stream()
        .filter(r -> r.method().equals("GET") && r.resource().equals("rayclusters") && !r.path().contains("?")
            && !r.path().endsWith("/rayclusters"))
        .count();
  }

  private static int statusWrites(List<MockApiRequests.Request> requests) {
    return (int) requests.stream()
        .filter(r -> r.method().equals("PUT") || r.method().equals("PATCH"))
        .filter(r -> r.resource().equals("rayjobs/status"))
        .count();
  }
}
