package dev.raykube.operator.raycluster;

import static dev.raykube.operator.raycluster.DirectRayClusters.TIMINGS;
import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RedisCleanupJob;
import dev.raykube.cluster.RedisCleanupPlan;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.testing.RayCrds;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The Redis clean-up of a RayCluster with GCS fault tolerance, through the RayCluster controller's reconciler
 * ({@link DirectRayClusters}): the finalizer on the first reconcile, and on deletion Pods deleted → clean-up Job →
 * finalizer removed when the Job ends; bounded when the Job cannot be created; none of it without Redis or when
 * switched off.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterRedisCleanupTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  private DirectRayClusters bed;

  @BeforeAll
  static void registerCrds() {
    RayCrds.install(client);
  }

  @BeforeEach
  void newBed() {
    bed = new DirectRayClusters(client);
  }

  private Job job(String name) {
    return client.batch().v1().jobs().inNamespace(bed.ns).withName(RedisCleanupJob.name(redisCluster(name))).get();
  }

  private List<String> messages(String cluster, ClusterEventReason reason) {
    return bed.events(cluster, reason).stream().map(Event::getMessage).toList();
  }

  private RayCluster redisCluster(String name) {
    RayCluster cluster = ClusterManifests.basic(bed.ns, name, 1);
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("redis.db:6379");
    cluster.getSpec().setGcsFaultToleranceOptions(options);
    return cluster;
  }

  private void finish(Job job, String condition) {
    client.resource(new JobBuilder(job).editOrNewStatus().addNewCondition().withType(condition).withStatus("True")
        .endCondition().endStatus().build()).updateStatus();
  }

  /** Deletes the RayCluster and runs the reconciles up to the creation of the clean-up Job. */
  private Job deleteUntilJob(String name) {
    client.resource(bed.get(name)).delete();
    assertThat(bed.get(name).getMetadata().getDeletionTimestamp()).isNotNull();
    bed.step(name);
    assertThat(bed.pods(name)).isEmpty();
    assertThat(job(name)).isNull();
    bed.step(name);
    return job(name);
  }

  @Test
  @DisplayName("deletion: Pods first, then the clean-up Job, and the finalizer goes once the Job completed")
  void cleansUpThenReleases() {
    bed.create(redisCluster("ft"));
    bed.step("ft");
    assertThat(bed.get("ft").getMetadata().getFinalizers()).containsExactly(RedisCleanupPlan.FINALIZER);
    assertThat(bed.pods("ft")).hasSize(2);
    assertThat(bed.get("ft").getStatus()).as("the status is written in the same reconcile").isNotNull();

    Job job = deleteUntilJob("ft");
    assertThat(job).isNotNull();
    assertThat(job.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(o -> assertThat(o.getUid()).isEqualTo(bed.get("ft").getMetadata().getUid()));
    assertThat(messages("ft", ClusterEventReason.CREATED_REDIS_CLEANUP_JOB)).singleElement().asString()
        .contains(bed.ns + "/ft-redis-cleanup").contains(bed.get("ft").getMetadata().getUid());

    assertThat(bed.step("ft")).as("polls the Job").contains(TIMINGS.requeueSoon());
    assertThat(bed.get("ft")).as("kept while the Job runs").isNotNull();

    finish(job("ft"), "Complete");
    bed.step("ft");
    assertThat(bed.get("ft")).as("gone once the finalizer is removed").isNull();
    assertThat(bed.events("ft")).extracting(Event::getReason).doesNotContain(
        ClusterEventReason.REDIS_CLEANUP_FAILED.value(), ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER.value());
  }

  @Test
  @DisplayName("a failed clean-up Job releases the RayCluster with a Warning naming the storage namespace")
  void failedJobWarns() {
    bed.create(redisCluster("ft-failed"));
    bed.step("ft-failed");
    String uid = bed.get("ft-failed").getMetadata().getUid();
    finish(deleteUntilJob("ft-failed"), "Failed");
    bed.step("ft-failed");
    assertThat(bed.get("ft-failed")).isNull();
    assertThat(messages("ft-failed", ClusterEventReason.REDIS_CLEANUP_FAILED)).singleElement().asString()
        .contains(uid).contains("redis.db:6379").contains("by hand");
  }

  @Test
  @DisplayName("a namespace that refuses the Job (being deleted) releases the RayCluster at once, with a Warning")
  void terminatingNamespaceReleasesAtOnce() {
    bed.create(redisCluster("ft-ns"));
    bed.step("ft-ns");
    server.expect().post().withPath("/apis/batch/v1/namespaces/" + bed.ns + "/jobs")
        .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden").withStatus("Failure")
            .withMessage("jobs \"ft-ns-redis-cleanup\" is forbidden: unable to create new content in namespace "
                + bed.ns + " because it is being terminated").build())
        .once();
    assertThat(deleteUntilJob("ft-ns")).isNull();
    assertThat(bed.get("ft-ns")).isNull();
    assertThat(messages("ft-ns", ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER)).singleElement().asString()
        .contains("namespace is being deleted").contains(RedisCleanupPlan.FINALIZER);
  }

  @Test
  @DisplayName("a Job that cannot be created is retried with a Warning until the deadline, then the finalizer goes")
  void deadlineBoundsTheWait() {
    bed.create(redisCluster("ft-stuck"));
    bed.step("ft-stuck");
    server.expect().post().withPath("/apis/batch/v1/namespaces/" + bed.ns + "/jobs")
        .andReturn(422, new StatusBuilder().withCode(422).withReason("Invalid").withStatus("Failure")
            .withMessage("admission webhook denied the request").build())
        .once();
    assertThat(deleteUntilJob("ft-stuck")).isNull();
    assertThat(messages("ft-stuck", ClusterEventReason.FAILED_TO_CREATE_REDIS_CLEANUP_JOB)).isNotEmpty();
    assertThat(bed.get("ft-stuck")).isNotNull();

    Instant deleted = Instant.parse(bed.get("ft-stuck").getMetadata().getDeletionTimestamp());
    bed.clock.set(deleted.plus(TIMINGS.redisCleanupDeadline()).plusSeconds(1));
    bed.step("ft-stuck");
    assertThat(bed.get("ft-stuck")).isNull();
    assertThat(messages("ft-stuck", ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER)).singleElement().asString()
        .contains("did not finish within").contains("no clean-up Job could be created");
  }

  @Test
  @DisplayName("no finalizer without Redis, with the clean-up switched off, or on an invalid spec")
  void noFinalizerWhereNotWanted() {
    bed.create(ClusterManifests.basic(bed.ns, "plain", 1));
    bed.step("plain");
    assertThat(bed.get("plain").getMetadata().getFinalizers()).isNullOrEmpty();

    RayCluster invalid = redisCluster("ft-invalid");
    invalid.getSpec().getHeadGroupSpec().getTemplate().getSpec().setContainers(List.of());
    bed.create(invalid);
    bed.step("ft-invalid");
    assertThat(bed.get("ft-invalid").getMetadata().getFinalizers()).isNullOrEmpty();

    DirectRayClusters off = new DirectRayClusters(client, "--no-gcs-ft-redis-cleanup");
    RayCluster ftOff = redisCluster("ft-off");
    ftOff.getMetadata().setNamespace(off.ns);
    off.create(ftOff);
    off.step("ft-off");
    assertThat(off.get("ft-off").getMetadata().getFinalizers()).isNullOrEmpty();
  }

  @Test
  @DisplayName("a RayCluster holding the finalizer while the clean-up is off is released without a Job")
  void switchedOffReleasesWithoutJob() {
    DirectRayClusters off = new DirectRayClusters(client, "--no-gcs-ft-redis-cleanup");
    RayCluster cluster = redisCluster("ft-was-on");
    cluster.getMetadata().setNamespace(off.ns);
    cluster.getMetadata().setFinalizers(List.of(RedisCleanupPlan.FINALIZER));
    cluster.getMetadata().setAnnotations(Map.of("note", "finalizer from an earlier operator"));
    off.create(cluster);
    client.resource(off.get("ft-was-on")).delete();
    off.step("ft-was-on");
    assertThat(off.get("ft-was-on")).isNull();
    assertThat(client.batch().v1().jobs().inNamespace(off.ns).list().getItems()).isEmpty();
  }
}
