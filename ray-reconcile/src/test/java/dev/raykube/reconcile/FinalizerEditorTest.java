package dev.raykube.reconcile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.job.JobStatus;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.job.RayJobSpec;
import dev.raykube.model.job.RayJobStatus;
import dev.raykube.reconcile.FinalizerEdit.Result;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@link FinalizerEditor} on fabric8's CRUD mock server, with the generated RayJob CRD registered. */
@EnableKubernetesMockClient(crud = true)
class FinalizerEditorTest {
  private static final String NS = "team-a";
  private static final String OTHER = "example.com/other-finalizer";
  private static final String RAYJOB_FINALIZER = "ray.io/rayjob-finalizer";

  KubernetesClient client;
  KubernetesMockServer server;

  private final FinalizerEditor editor = new FinalizerEditor();

  @BeforeEach
  void registerCrd() {
    RayCrds.install(client, "rayjobs");
  }

  @Test
  void addIsIdempotentAndKeepsEverythingElse() {
    RayJob created = createRayJob("add-1", OTHER);
    RayJobStatus status = new RayJobStatus();
    status.setJobStatus(JobStatus.RUNNING);
    created.setStatus(status);
    created = client.resource(created).updateStatus();

    FinalizerEdit<RayJob> first = editor.add(client, created, RAYJOB_FINALIZER);
    FinalizerEdit<RayJob> second = editor.add(client, created, RAYJOB_FINALIZER);

    assertThat(first.result()).isEqualTo(Result.ADDED);
    assertThat(first.changed()).isTrue();
    assertThat(first.attempts()).isOne();
    assertThat(second.result()).isEqualTo(Result.ALREADY_PRESENT);
    assertThat(second.changed()).isFalse();
    assertThat(second.resource().getMetadata().getResourceVersion())
        .isEqualTo(first.resource().getMetadata().getResourceVersion());
    RayJob stored = get("add-1");
    assertThat(stored.getMetadata().getFinalizers()).containsExactly(OTHER, RAYJOB_FINALIZER);
    assertThat(stored.getMetadata().getLabels()).containsEntry("app", "train");
    assertThat(stored.getSpec().getEntrypoint()).isEqualTo("python train.py");
    assertThat(stored.getStatus().getJobStatus()).isEqualTo(JobStatus.RUNNING);
  }

  @Test
  void removeIsIdempotentAndKeepsOtherFinalizers() {
    RayJob created = createRayJob("remove-1", RAYJOB_FINALIZER, OTHER);

    FinalizerEdit<RayJob> first = editor.remove(client, created, RAYJOB_FINALIZER);
    FinalizerEdit<RayJob> second = editor.remove(client, created, RAYJOB_FINALIZER);

    assertThat(first.result()).isEqualTo(Result.REMOVED);
    assertThat(second.result()).isEqualTo(Result.ALREADY_ABSENT);
    assertThat(get("remove-1").getMetadata().getFinalizers()).containsExactly(OTHER);
  }

  @Test
  void removingTheLastFinalizerOfADeletedObjectLetsItGo() {
    RayJob created = createRayJob("deleted-1", RAYJOB_FINALIZER);
    client.resource(created).delete();
    RayJob marked = get("deleted-1");
    assertThat(marked).as("held by the finalizer").isNotNull();
    assertThat(marked.isMarkedForDeletion()).isTrue();

    FinalizerEdit<RayJob> edit = editor.remove(client, marked, RAYJOB_FINALIZER);

    assertThat(edit.result()).isEqualTo(Result.REMOVED);
    assertThat(get("deleted-1")).isNull();
    assertThat(editor.remove(client, marked, RAYJOB_FINALIZER).result()).isEqualTo(Result.NOT_FOUND);
  }

  @Test
  void removingOneOfTwoFinalizersOfADeletedObjectKeepsItHeld() {
    RayJob created = createRayJob("deleted-2", RAYJOB_FINALIZER, OTHER);
    client.resource(created).delete();

    editor.remove(client, created, RAYJOB_FINALIZER);

    RayJob stored = get("deleted-2");
    assertThat(stored).isNotNull();
    assertThat(stored.isMarkedForDeletion()).isTrue();
    assertThat(stored.getMetadata().getFinalizers()).containsExactly(OTHER);
  }

  @Test
  void noNewFinalizerOnAnObjectBeingDeleted() {
    RayJob created = createRayJob("deleted-3", OTHER);
    client.resource(created).delete();
    String version = get("deleted-3").getMetadata().getResourceVersion();

    FinalizerEdit<RayJob> edit = editor.add(client, created, RAYJOB_FINALIZER);

    assertThat(edit.result()).isEqualTo(Result.BEING_DELETED);
    assertThat(get("deleted-3").getMetadata().getFinalizers()).containsExactly(OTHER);
    assertThat(get("deleted-3").getMetadata().getResourceVersion()).isEqualTo(version);
  }

  @Test
  void aMissingObjectIsNotFound() {
    RayJob ghost = rayJob("ghost");

    assertThat(editor.add(client, ghost, RAYJOB_FINALIZER).result()).isEqualTo(Result.NOT_FOUND);
    assertThat(editor.remove(client, ghost, RAYJOB_FINALIZER).result()).isEqualTo(Result.NOT_FOUND);
    assertThat(editor.remove(client, ghost, RAYJOB_FINALIZER).resource()).isNull();
  }

  @Test
  void aConcurrentWriteBetweenReadAndUpdateCausesA409AndARetry() {
    RayJob created = createRayJob("conflict-1");
    RayJob readBeforeTheOtherWrite = get("conflict-1");
    // Another writer changes the object after the editor's read (simulated by serving that read from the past).
    client.resources(RayJob.class).inNamespace(NS).withName("conflict-1")
        .edit(j -> { j.getMetadata().getLabels().put("touched-by", "other-writer"); return j; });
    server.expect().get().withPath(path("conflict-1")).andReturn(200, readBeforeTheOtherWrite).once();

    FinalizerEdit<RayJob> edit = editor.add(client, created, RAYJOB_FINALIZER);

    assertThat(edit.result()).isEqualTo(Result.ADDED);
    assertThat(edit.attempts()).as("the first update got 409 and the editor re-read").isEqualTo(2);
    RayJob stored = get("conflict-1");
    assertThat(stored.getMetadata().getFinalizers()).containsExactly(RAYJOB_FINALIZER);
    assertThat(stored.getMetadata().getLabels()).as("the other writer's change is kept")
        .containsEntry("touched-by", "other-writer");
  }

  @Test
  void conflictsOnEveryAttemptEndInATypedError() {
    createRayJob("conflict-2");
    RayJob stale = get("conflict-2");
    client.resources(RayJob.class).inNamespace(NS).withName("conflict-2")
        .edit(j -> { j.getMetadata().getLabels().put("touched-by", "other-writer"); return j; });
    server.expect().get().withPath(path("conflict-2")).andReturn(200, stale).always();
    FinalizerEditor threeAttempts = new FinalizerEditor(3, Duration.ZERO);

    assertThatThrownBy(() -> threeAttempts.add(client, stale, RAYJOB_FINALIZER))
        .isInstanceOfSatisfying(FinalizerConflictException.class, e -> {
          assertThat(e.attempts()).isEqualTo(3);
          assertThat(e.getCode()).isEqualTo(409);
          assertThat(e.getMessage()).contains("conflicted 3 times", NS + "/conflict-2");
        });
  }

  @Test
  void concurrentEditorsAndWritersLoseNoUpdate() throws Exception {
    RayJob created = createRayJob("contended-1");
    int editors = 4;
    int labelWrites = 10;
    // Each conflict means another write succeeded in between; there are at most editors-1+labelWrites of those.
    FinalizerEditor patient = new FinalizerEditor(editors + labelWrites + 1, Duration.ofMillis(5));
    ExecutorService pool = Executors.newFixedThreadPool(editors + 1);
    CountDownLatch go = new CountDownLatch(1);
    try {
      List<Future<FinalizerEdit<RayJob>>> edits = new ArrayList<>();
      for (int i = 0; i < editors; i++) {
        String name = "test.raykube.dev/finalizer-" + i;
        edits.add(pool.submit(() -> {
          go.await();
          return patient.add(client, created, name);
        }));
      }
      Future<?> writer = pool.submit((Callable<Void>) () -> {
        go.await();
        for (int i = 0; i < labelWrites; i++) {
          int n = i;
          // A last-write-wins writer: a merge patch of a label (maps merge correctly; only lists are the trap).
          client.resources(RayJob.class).inNamespace(NS).withName("contended-1")
              .patch(PatchContext.of(PatchType.JSON_MERGE), "{\"metadata\":{\"labels\":{\"write\":\"" + n + "\"}}}");
        }
        return null;
      });
      go.countDown();
      for (Future<FinalizerEdit<RayJob>> edit : edits) {
        assertThat(edit.get(20, TimeUnit.SECONDS).result()).isEqualTo(Result.ADDED);
      }
      writer.get(20, TimeUnit.SECONDS);
    } finally {
      pool.shutdownNow();
    }
    RayJob stored = get("contended-1");
    assertThat(stored.getMetadata().getFinalizers()).containsExactlyInAnyOrder("test.raykube.dev/finalizer-0",
        "test.raykube.dev/finalizer-1", "test.raykube.dev/finalizer-2", "test.raykube.dev/finalizer-3");
    assertThat(stored.getMetadata().getLabels()).containsEntry("write", Integer.toString(labelWrites - 1));
  }

  @Test
  void worksOnAnyKindOfObject() {
    ConfigMap cm = client.resource(new ConfigMapBuilder().withNewMetadata().withName("cm-1").withNamespace(NS)
        .endMetadata().addToData("k", "v").build()).create();

    assertThat(editor.add(client, cm, "example.com/keep").result()).isEqualTo(Result.ADDED);
    client.resource(cm).delete();
    assertThat(client.configMaps().inNamespace(NS).withName("cm-1").get()).isNotNull();
    assertThat(editor.remove(client, cm, "example.com/keep").result()).isEqualTo(Result.REMOVED);
    assertThat(client.configMaps().inNamespace(NS).withName("cm-1").get()).isNull();
  }

  @Test
  void rejectsBadInput() {
    RayJob job = rayJob("x");
    assertThatThrownBy(() -> editor.add(client, job, "no-domain")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("no-domain");
    assertThatThrownBy(() -> editor.add(client, new RayJob(), RAYJOB_FINALIZER))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("metadata.name");
    assertThatThrownBy(() -> new FinalizerEditor(0, Duration.ZERO)).isInstanceOf(IllegalArgumentException.class);
  }

  private RayJob createRayJob(String name, String... finalizers) {
    RayJob job = rayJob(name);
    job.getMetadata().setFinalizers(List.of(finalizers));
    return client.resource(job).create();
  }

  private static RayJob rayJob(String name) {
    RayJob job = new RayJob();
    job.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(NS).addToLabels("app", "train").build());
    RayJobSpec spec = new RayJobSpec();
    spec.setEntrypoint("python train.py");
    job.setSpec(spec);
    return job;
  }

  private RayJob get(String name) {
    return client.resources(RayJob.class).inNamespace(NS).withName(name).get();
  }

  private static String path(String name) {
    return "/apis/ray.io/v1/namespaces/" + NS + "/rayjobs/" + name;
  }
}
