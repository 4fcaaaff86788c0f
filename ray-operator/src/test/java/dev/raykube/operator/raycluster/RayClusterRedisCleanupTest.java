package dev.raykube.operator.raycluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.RedisCleanupJob;
import dev.raykube.cluster.RedisCleanupPlan;
import dev.raykube.cluster.loop.ClusterEventReason;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.operator.runtime.ClusterStateGauges;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.TestSettings;
import dev.raykube.operator.testing.TestingContext;
import dev.raykube.testing.MovableClock;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.StatusBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The Redis clean-up of a RayCluster with GCS fault tolerance, through the RayCluster controller's reconciler against
 * the CRUD mock: the finalizer on the first reconcile, and on deletion Pods deleted → clean-up Job → finalizer
 * removed when the Job ends; bounded when the Job cannot be created; none of it without Redis or when switched off.
 */
@EnableKubernetesMockClient(crud = true)
class RayClusterRedisCleanupTest {

  static KubernetesClient client;
  static KubernetesMockServer server;

  private static final String NS = "ray";

  private final MovableClock clock = new MovableClock(Instant.now());

  @BeforeAll
  static void registerCrds() {
    RayCrds.register(client);
  }

  private Reconciler<RayCluster> reconciler(String... args) {
    SimpleMeterRegistry registry = new SimpleMeterRegistry();
    return new RayClusterController(OperatorHarness.FAST).reconciler(new ControllerContext(TestSettings.of(args),
        client, registry, new ClusterStateGauges(registry), clock));
  }

  private static UpdateControl<RayCluster> reconcile(Reconciler<RayCluster> reconciler, String name)
      throws Exception {
    RayCluster cluster = get(name);
    return reconciler.reconcile(cluster, TestingContext.of(client, cluster)
        .withSecondary(Pod.class, () -> new HashSet<>(pods(name)))
        .withSecondary(Service.class, () -> new HashSet<>(client.services().inNamespace(NS)
            .withLabel(RayClusterLabels.CLUSTER, name).list().getItems())));
  }

  private static RayCluster get(String name) {
    return client.resources(RayCluster.class).inNamespace(NS).withName(name).get();
  }

  private static List<Pod> pods(String name) {
    return client.pods().inNamespace(NS).withLabel(RayClusterLabels.CLUSTER, name).list().getItems();
  }

  private static Job job(String name) {
    return client.batch().v1().jobs().inNamespace(NS).withName(RedisCleanupJob.name(redisCluster(name))).get();
  }

  private static List<String> reasons(String cluster) {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> cluster.equals(e.getInvolvedObject().getName())).map(Event::getReason).toList();
  }

  private static List<String> messages(String cluster, ClusterEventReason reason) {
    return client.v1().events().inNamespace(NS).list().getItems().stream()
        .filter(e -> cluster.equals(e.getInvolvedObject().getName()) && reason.value().equals(e.getReason()))
        .map(Event::getMessage).toList();
  }

  private static RayCluster redisCluster(String name) {
    RayCluster cluster = ClusterManifests.basic(NS, name, 1);
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("redis.db:6379");
    cluster.getSpec().setGcsFaultToleranceOptions(options);
    return cluster;
  }

  private static void finish(Job job, String condition) {
    client.resource(new JobBuilder(job).editOrNewStatus().addNewCondition().withType(condition).withStatus("True")
        .endCondition().endStatus().build()).updateStatus();
  }

  /** Deletes the RayCluster and runs the reconciles up to the creation of the clean-up Job. */
  private Job deleteUntilJob(Reconciler<RayCluster> reconciler, String name) throws Exception {
    client.resource(get(name)).delete();
    assertThat(get(name).getMetadata().getDeletionTimestamp()).isNotNull();
    reconcile(reconciler, name);
    assertThat(pods(name)).isEmpty();
    assertThat(job(name)).isNull();
    reconcile(reconciler, name);
    return job(name);
  }

  @Test
  @DisplayName("deletion: Pods first, then the clean-up Job, and the finalizer goes once the Job completed")
  void cleansUpThenReleases() throws Exception {
    client.resource(redisCluster("ft")).create();
    Reconciler<RayCluster> reconciler = reconciler();
    reconcile(reconciler, "ft");
    assertThat(get("ft").getMetadata().getFinalizers()).containsExactly(RedisCleanupPlan.FINALIZER);
    assertThat(pods("ft")).hasSize(2);
    assertThat(get("ft").getStatus()).as("the status is written in the same reconcile").isNotNull();

    Job job = deleteUntilJob(reconciler, "ft");
    assertThat(job).isNotNull();
    assertThat(job.getMetadata().getOwnerReferences()).singleElement()
        .satisfies(o -> assertThat(o.getUid()).isEqualTo(get("ft").getMetadata().getUid()));
    assertThat(messages("ft", ClusterEventReason.CREATED_REDIS_CLEANUP_JOB)).singleElement().asString()
        .contains("ray/ft-redis-cleanup").contains(get("ft").getMetadata().getUid());

    UpdateControl<RayCluster> waiting = reconcile(reconciler, "ft");
    assertThat(waiting.getScheduleDelay()).contains(OperatorHarness.FAST.requeueSoon().toMillis());
    assertThat(get("ft")).as("kept while the Job runs").isNotNull();

    finish(job("ft"), "Complete");
    reconcile(reconciler, "ft");
    assertThat(get("ft")).as("gone once the finalizer is removed").isNull();
    assertThat(reasons("ft")).doesNotContain(ClusterEventReason.REDIS_CLEANUP_FAILED.value(),
        ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER.value());
  }

  @Test
  @DisplayName("a failed clean-up Job releases the RayCluster with a Warning naming the storage namespace")
  void failedJobWarns() throws Exception {
    client.resource(redisCluster("ft-failed")).create();
    Reconciler<RayCluster> reconciler = reconciler();
    reconcile(reconciler, "ft-failed");
    String uid = get("ft-failed").getMetadata().getUid();
    Job job = deleteUntilJob(reconciler, "ft-failed");
    finish(job, "Failed");
    reconcile(reconciler, "ft-failed");
    assertThat(get("ft-failed")).isNull();
    assertThat(messages("ft-failed", ClusterEventReason.REDIS_CLEANUP_FAILED)).singleElement().asString()
        .contains(uid).contains("redis.db:6379").contains("by hand");
  }

  @Test
  @DisplayName("a namespace that refuses the Job (being deleted) releases the RayCluster at once, with a Warning")
  void terminatingNamespaceReleasesAtOnce() throws Exception {
    client.resource(redisCluster("ft-ns")).create();
    Reconciler<RayCluster> reconciler = reconciler();
    reconcile(reconciler, "ft-ns");
    server.expect().post().withPath("/apis/batch/v1/namespaces/" + NS + "/jobs")
        .andReturn(403, new StatusBuilder().withCode(403).withReason("Forbidden").withStatus("Failure")
            .withMessage("jobs \"ft-ns-redis-cleanup\" is forbidden: unable to create new content in namespace ray "
                + "because it is being terminated").build())
        .once();
    assertThat(deleteUntilJob(reconciler, "ft-ns")).isNull();
    assertThat(get("ft-ns")).isNull();
    assertThat(messages("ft-ns", ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER)).singleElement().asString()
        .contains("namespace is being deleted").contains(RedisCleanupPlan.FINALIZER);
  }

  @Test
  @DisplayName("a Job that cannot be created is retried with a Warning until the deadline, then the finalizer goes")
  void deadlineBoundsTheWait() throws Exception {
    client.resource(redisCluster("ft-stuck")).create();
    Reconciler<RayCluster> reconciler = reconciler();
    reconcile(reconciler, "ft-stuck");
    server.expect().post().withPath("/apis/batch/v1/namespaces/" + NS + "/jobs")
        .andReturn(422, new StatusBuilder().withCode(422).withReason("Invalid").withStatus("Failure")
            .withMessage("admission webhook denied the request").build())
        .once();
    assertThat(deleteUntilJob(reconciler, "ft-stuck")).isNull();
    assertThat(messages("ft-stuck", ClusterEventReason.FAILED_TO_CREATE_REDIS_CLEANUP_JOB)).isNotEmpty();
    assertThat(get("ft-stuck")).isNotNull();

    clock.advance(OperatorHarness.FAST.redisCleanupDeadline().plus(Duration.ofSeconds(1)));
    reconcile(reconciler, "ft-stuck");
    assertThat(get("ft-stuck")).isNull();
    assertThat(messages("ft-stuck", ClusterEventReason.FORCE_DELETED_STUCK_CLUSTER)).singleElement().asString()
        .contains("did not finish within").contains("no clean-up Job could be created");
  }

  @Test
  @DisplayName("no finalizer without Redis, with the clean-up switched off, or on an invalid spec")
  void noFinalizerWhereNotWanted() throws Exception {
    client.resource(ClusterManifests.basic(NS, "plain", 1)).create();
    reconcile(reconciler(), "plain");
    assertThat(get("plain").getMetadata().getFinalizers()).isNullOrEmpty();

    client.resource(redisCluster("ft-off")).create();
    reconcile(reconciler("--no-gcs-ft-redis-cleanup"), "ft-off");
    assertThat(get("ft-off").getMetadata().getFinalizers()).isNullOrEmpty();

    RayCluster invalid = redisCluster("ft-invalid");
    invalid.getSpec().getHeadGroupSpec().getTemplate().getSpec().setContainers(List.of());
    client.resource(invalid).create();
    reconcile(reconciler(), "ft-invalid");
    assertThat(get("ft-invalid").getMetadata().getFinalizers()).isNullOrEmpty();
  }

  @Test
  @DisplayName("a RayCluster holding the finalizer while the clean-up is off is released without a Job")
  void switchedOffReleasesWithoutJob() throws Exception {
    RayCluster cluster = redisCluster("ft-was-on");
    cluster.getMetadata().setFinalizers(List.of(RedisCleanupPlan.FINALIZER));
    cluster.getMetadata().setAnnotations(Map.of("note", "finalizer from an earlier operator"));
    client.resource(cluster).create();
    client.resource(get("ft-was-on")).delete();
    reconcile(reconciler("--no-gcs-ft-redis-cleanup"), "ft-was-on");
    assertThat(get("ft-was-on")).isNull();
    assertThat(job("ft-was-on")).isNull();
  }
}
