package dev.raykube.reconcile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.job.JobDeploymentStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.StatusRecorder.Result;
import dev.raykube.testing.MockApiRequests;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Status writes: only on change, through the status subresource, locked to the version read. The CRUD mock never
 * answers 409 to a status PUT (java-stack.md §4c), so conflicts are injected as expectations, which the mock serves
 * before its CRUD handling.
 */
@EnableKubernetesMockClient(crud = true)
class StatusRecorderTest {
  private static final String STATUS_PATH = "/apis/ray.io/v1/namespaces/ml/rayjobs/demo/status";

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private RayJob stored;

  @BeforeEach
  void setUp() {
    server.reset();
    RayCrds.install(client, "rayjobs");
    stored = RayJobFixture.create(client, "demo");
    MockApiRequests.drain(server);
  }

  @Test
  @DisplayName("an equal status is not written; a changed one is written once through /status")
  void writesOnlyOnChange() {
    StatusRecorder<RayJobStatus, RayJob> writer = new StatusRecorder<RayJobStatus, RayJob>(client);
    RayJobStatus next = status("Initializing");
    StatusRecorder.Recorded<RayJob> first = writer.record(stored, next);
    assertThat(first.result()).isEqualTo(Result.WRITTEN);
    assertThat(first.resource().getStatus()).isEqualTo(next);
    assertThat(MockApiRequests.drain(server)).extracting(Object::toString).containsExactly("PUT " + STATUS_PATH);

    StatusRecorder.Recorded<RayJob> second = writer.record(first.resource(), status("Initializing"));
    assertThat(second.result()).isEqualTo(Result.UNCHANGED);
    assertThat(second.resource()).isSameAs(first.resource());
    assertThat(MockApiRequests.drain(server)).extracting(Object::toString).isEmpty();
    assertThat(stored.getStatus()).as("the input is not changed").isNull();
  }

  @Test
  @DisplayName("409 after a metadata-only change: read again and written on the new version")
  void conflictOnMetadataOnlyIsRetriedOnce() {
    conflictOnce();
    RayJob labelled = client.resource(stored).edit(j -> {
      j.getMetadata().getLabels().put("extra", "x");
      return j;
    });
    assertThat(labelled.getMetadata().getGeneration()).isEqualTo(stored.getMetadata().getGeneration());
    MockApiRequests.drain(server);

    StatusRecorder.Recorded<RayJob> write = new StatusRecorder<RayJobStatus, RayJob>(client).record(stored, status("Initializing"));
    assertThat(write.result()).isEqualTo(Result.WRITTEN);
    assertThat(write.resource().getMetadata().getLabels()).containsEntry("extra", "x");
    assertThat(MockApiRequests.drain(server)).extracting(Object::toString).containsExactly("PUT " + STATUS_PATH,
        "GET /apis/ray.io/v1/namespaces/ml/rayjobs/demo", "PUT " + STATUS_PATH);
  }

  @Test
  @DisplayName("409 after someone changed the spec or status: nothing written, decide again")
  void conflictOnSpecChangeAsksForANewDecision() {
    conflictOnce();
    client.resource(stored).edit(j -> {
      j.getSpec().setSuspend(true);
      return j;
    });
    MockApiRequests.drain(server);
    StatusRecorder.Recorded<RayJob> write = new StatusRecorder<RayJobStatus, RayJob>(client).record(stored, status("Initializing"));
    assertThat(write.result()).isEqualTo(Result.CONFLICT);
    assertThat(write.resource().getSpec().getSuspend()).isTrue();
    assertThat(MockApiRequests.drain(server)).extracting(Object::toString).containsExactly("PUT " + STATUS_PATH,
        "GET /apis/ray.io/v1/namespaces/ml/rayjobs/demo");
    assertThat(client.resource(stored).get().getStatus()).isNull();
  }

  @Test
  @DisplayName("a second 409 is a conflict too; a deleted RayJob is gone")
  void secondConflictAndGone() {
    conflictOnce();
    conflictOnce();
    assertThat(new StatusRecorder<RayJobStatus, RayJob>(client).record(stored, status("Initializing")).result())
        .isEqualTo(Result.CONFLICT);
    client.resource(stored).delete();
    StatusRecorder.Recorded<RayJob> gone = new StatusRecorder<RayJobStatus, RayJob>(client).record(stored, status("Running"));
    assertThat(gone.result()).isEqualTo(Result.GONE);
    assertThat(gone.resource()).isNull();
  }

  private void conflictOnce() {
    server.expect().put().withPath(STATUS_PATH).andReturn(409, new StatusBuilder().withCode(409)
        .withReason("Conflict").withMessage("the object has been modified").build()).once();
  }

  private static RayJobStatus status(String state) {
    RayJobStatus status = new RayJobStatus();
    status.setJobDeploymentStatus(JobDeploymentStatus.fromValue(state));
    status.setRayClusterName("demo-ccccc");
    status.setJobId("demo-bbbbb");
    return status;
  }
}
