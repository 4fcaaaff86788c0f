package dev.raykube.operator.rayjob;

import static dev.raykube.operator.rayjob.DirectRayJobs.httpModeJob;
import static dev.raykube.testing.Eventually.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.dashboard.fake.JobScript;
import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The Kubernetes requests the RayJob reconciler makes over a whole lifecycle, counted from the CRUD mock's request log
 * around each direct call ({@link DirectRayJobs#reconcilerRequests}; the requests the test makes as JOSDK and the
 * RayCluster controller are not counted). Without informers (a direct call has none) a reconcile may read its
 * RayCluster once; it lists and watches nothing, writes the status only when it changed, and the only Event is that of
 * the action on another object. That the runtime's informers spare even the RayCluster read is not shown here.
 */
@EnableKubernetesMockClient(crud = true)
class RayJobRequestBudgetTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  private DirectRayJobs jobs;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void start() {
    jobs = DirectRayJobs.start(client, d -> d.scriptEntrypoints(Pattern.compile("python train\\.py"),
        JobScript.runsFor(Duration.ofMillis(200), "ok\n")));
  }

  @AfterEach
  void stop() {
    jobs.close();
  }

  @Test
  @DisplayName("create → Complete → delete: per reconcile at most one GET (its RayCluster) and one status write,"
      + " only when the status changed; one RayCluster and one Event created; the cleanup of an ended RayJob asks"
      + " nothing")
  void lifecycleWithinBudget() {
    jobs.create(httpModeJob("train", "python train.py"));
    jobs.recordRequests(server);
    List<MockApiRequests.Request> lifecycle = new ArrayList<>();

    await("the RayJob is Complete, each reconcile within its budget", () -> {
      lifecycle.addAll(reconcileWithinBudget("train"));
      return jobs.deploymentStatus("train") == JobDeploymentStatus.COMPLETE;
    });
    Map<String, Integer> writes = MockApiRequests.writesByResource(lifecycle);
    assertThat(writes).as("the lifecycle's writes").containsOnlyKeys("POST rayclusters", "POST events",
        "PUT rayjobs/status").containsEntry("POST rayclusters", 1).containsEntry("POST events", 1);
    assertThat(jobs.eventReasons("train")).containsExactly("CreatedRayCluster");

    jobs.reconcilerRequests.clear();
    jobs.delete("train");
    jobs.runUntil("train", "the RayJob is gone", j -> j == null);
    assertThat(jobs.reconcilerRequests).as("requests of the cleanup of an ended RayJob").isEmpty();
    assertThat(jobs.eventReasons("train")).containsExactly("CreatedRayCluster");
  }

  /** One reconcile, checked against the per-reconcile budget; returns its requests. */
  private List<MockApiRequests.Request> reconcileWithinBudget(String name) {
    RayJob before = jobs.get(name);
    jobs.reconcilerRequests.clear();
    jobs.step(name);
    List<MockApiRequests.Request> requests = List.copyOf(jobs.reconcilerRequests);
    boolean changed = !Objects.equals(before.getStatus(), jobs.get(name).getStatus());
    Map<String, Integer> reads = MockApiRequests.readsByResource(requests);
    assertThat(reads.keySet()).as("reads of one reconcile").isSubsetOf("GET rayclusters");
    assertThat(reads.values()).as("reads of one reconcile").allMatch(count -> count == 1);
    assertThat(MockApiRequests.watchesByResource(requests)).as("watches of one reconcile").isEmpty();
    assertThat(requests).filteredOn(r -> r.resource().equals("rayjobs/status")).as("status writes of one reconcile")
        .hasSize(changed ? 1 : 0);
    return requests;
  }
}
