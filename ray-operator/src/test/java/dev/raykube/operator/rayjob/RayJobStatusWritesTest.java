package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.RayDashboardClient;
import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
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
 * The RayJob status is written only when it changes: while the Ray job stays RUNNING every reconcile polls the
 * dashboard, but the reconciler's writes of {@code rayjobs/status} (counted from the mock API server's request log,
 * {@link DirectRayJobs#reconcilerRequests}) do not grow with the number of polls; the end of the job is written.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobStatusWritesTest {

  /** Reconciles per window, each with its poll of the job. */
  private static final int POLLS = 5;

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
      d.scriptEntrypoints(Pattern.compile("python forever\\.py"), JobScript.runsUntilStopped());
    });
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("RUNNING across many polls: no status write per poll; the end is written")
  void statusWrittenOnlyOnChange() {
    jobs.create(httpModeJob("steady", "python forever.py"));
    jobs.runUntil("steady", "the Ray job runs", DirectRayJobs.rayJobRunning());
    String poll = "/api/jobs/" + jobs.submissionId("steady");

    // Let the status settle (the first polls after RUNNING may still add e.g. rayJobInfo), then count two windows.
    steps(POLLS);
    jobs.recordRequests(server);
    int before = jobs.dashboard.requests("GET", poll).size();
    steps(POLLS);
    int first = statusWrites(jobs.reconcilerRequests);
    assertThat(jobs.dashboard.requests("GET", poll)).as("a poll of the job per reconcile").hasSize(before + POLLS);
    jobs.reconcilerRequests.clear();
    steps(2 * POLLS);
    int second = statusWrites(jobs.reconcilerRequests);

    assertThat(jobs.deploymentStatus("steady")).isEqualTo(JobDeploymentStatus.RUNNING);
    assertThat(first).as("status writes during %d polls of a RUNNING job", POLLS).isZero();
    assertThat(second).as("status writes during %d polls of a RUNNING job", 2 * POLLS).isZero();

    try (RayDashboardClient ray = RayDashboardClient.builder().baseUrl(jobs.dashboard.url()).build()) {
      ray.stopJob(jobs.submissionId("steady"));
    }
    jobs.reconcilerRequests.clear();
    jobs.runUntil("steady", "the RayJob is Complete", DirectRayJobs.in(JobDeploymentStatus.COMPLETE));
    assertThat(statusWrites(jobs.reconcilerRequests)).as("the end is written").isPositive();
  }

  private void steps(int count) {
    for (int i = 0; i < count; i++) {
      jobs.step("steady");
    }
  }

  private static int statusWrites(List<MockApiRequests.Request> requests) {
    return (int) requests.stream()
        .filter(r -> r.method().equals("PUT") || r.method().equals("PATCH"))
        .filter(r -> r.resource().equals("rayjobs/status"))
        .count();
  }
}
