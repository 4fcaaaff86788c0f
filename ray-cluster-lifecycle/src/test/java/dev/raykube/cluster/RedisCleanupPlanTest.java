package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RedisCleanupPlan.Action;
import dev.raykube.cluster.RedisCleanupPlan.Step;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Every step of the Redis clean-up of a deleted RayCluster, as a table of what is observed. */
class RedisCleanupPlanTest {

  private static final Instant DELETED = Instant.parse("2026-12-01T10:00:00Z");
  private static final Duration DEADLINE = Duration.ofMinutes(6);
  private static final Duration POLL = Duration.ofSeconds(2);
  private static final ClusterBuildSettings ON = ClusterBuildSettings.defaults();

  private static RayCluster redisCluster() {
    RayCluster cluster = TestClusters.basic();
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("redis:6379");
    cluster.getSpec().setGcsFaultToleranceOptions(options);
    cluster.getMetadata().setFinalizers(new ArrayList<>(List.of(RedisCleanupPlan.FINALIZER)));
    cluster.getMetadata().setDeletionTimestamp(DELETED.toString());
    return cluster;
  }

  private static Pod head() {
    return TestClusters.headPod("demo-head-x", "Running", true);
  }

  private static Pod worker() {
    return TestClusters.workerPod("demo-workers-worker-y", "workers", "Running", true, "2026-01-01T00:00:00Z");
  }

  /** A Job of the cluster (owner uid {@code owner}) with the condition {@code condition} true, or none. */
  private static Job job(String owner, String condition) {
    JobBuilder job = new JobBuilder().withNewMetadata().withName("demo-redis-cleanup")
        .addNewOwnerReference().withUid(owner).withKind("RayCluster").withName("demo").endOwnerReference()
        .endMetadata();
    if (condition != null) {
      job.withNewStatus().addNewCondition().withType(condition).withStatus("True").endCondition()
          .addNewCondition().withType("SuccessCriteriaMet").withStatus("True").endCondition().endStatus();
    }
    return job.build();
  }

  private static final String UID = TestClusters.basic().getMetadata().getUid();

  static Stream<Arguments> steps() {
    return Stream.of(
        // pods observed, job, seconds after the deletion → action, pods to delete
        Arguments.of("live head and worker", List.of(head(), worker()), null, 1, Action.DELETE_PODS,
            List.of("demo-head-x", "demo-workers-worker-y")),
        Arguments.of("head terminating, worker live", List.of(TestClusters.terminating(head()), worker()), null, 1,
            Action.DELETE_PODS, List.of("demo-workers-worker-y")),
        Arguments.of("head terminating", List.of(TestClusters.terminating(head())), null, 5, Action.WAIT_FOR_HEAD,
            List.of()),
        Arguments.of("only a worker terminating", List.of(TestClusters.terminating(worker())), null, 5,
            Action.CREATE_JOB, List.of()),
        Arguments.of("no Pods, no Job", List.of(), null, 5, Action.CREATE_JOB, List.of()),
        Arguments.of("Job running", List.of(), job(UID, null), 20, Action.WAIT_FOR_JOB, List.of()),
        Arguments.of("Job of an earlier cluster", List.of(), job("other-uid", "Complete"), 20, Action.WAIT_FOR_JOB,
            List.of()),
        Arguments.of("Job complete", List.of(), job(UID, "Complete"), 20, Action.CLEANED, List.of()),
        Arguments.of("Job failed", List.of(), job(UID, "Failed"), 20, Action.JOB_FAILED, List.of()),
        Arguments.of("Job complete after the deadline", List.of(), job(UID, "Complete"), 400, Action.CLEANED,
            List.of()),
        Arguments.of("no Job by the deadline", List.of(), null, 360, Action.DEADLINE_PASSED, List.of()),
        Arguments.of("head still there at the deadline", List.of(TestClusters.terminating(head())), null, 361,
            Action.DEADLINE_PASSED, List.of()),
        Arguments.of("Job running at the deadline", List.of(), job(UID, null), 500, Action.DEADLINE_PASSED,
            List.of()));
  }

  @ParameterizedTest(name = "{0} → {4}")
  @MethodSource("steps")
  void decides(String what, List<Pod> pods, Job job, int secondsAfter, Action action, List<String> toDelete) {
    Step step = RedisCleanupPlan.decide(redisCluster(), ON, pods, job, DELETED.plusSeconds(secondsAfter), DEADLINE,
        POLL);
    assertThat(step.action()).isEqualTo(action);
    assertThat(step.podsToDelete()).containsExactlyElementsOf(toDelete);
    assertThat(step.releases()).isEqualTo(step.checkAgainIn() == null);
  }

  @Test
  @DisplayName("the next look never falls after the deadline, and a running Job is polled at the given cadence")
  void checksAgainBeforeTheDeadline() {
    Step early = RedisCleanupPlan.decide(redisCluster(), ON, List.of(), job(UID, null), DELETED.plusSeconds(10),
        DEADLINE, POLL);
    assertThat(early.checkAgainIn()).isEqualTo(POLL);
    Step waitingForHead = RedisCleanupPlan.decide(redisCluster(), ON, List.of(TestClusters.terminating(head())),
        null, DELETED.plusSeconds(10), DEADLINE, POLL);
    assertThat(waitingForHead.checkAgainIn()).isEqualTo(Duration.ofSeconds(10));
    Step late = RedisCleanupPlan.decide(redisCluster(), ON, List.of(TestClusters.terminating(head())), null,
        DELETED.plus(DEADLINE).minusSeconds(3), DEADLINE, POLL);
    assertThat(late.checkAgainIn()).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  @DisplayName("switched off in the operator, or no longer on Redis: the finalizer goes without a clean-up")
  void notWanted() {
    assertThat(RedisCleanupPlan.decide(redisCluster(), ON.withRedisCleanup(false), List.of(head()), null,
        DELETED, DEADLINE, POLL).action()).isEqualTo(Action.NOT_WANTED);
    RayCluster noLongerRedis = redisCluster();
    noLongerRedis.getSpec().setGcsFaultToleranceOptions(null);
    assertThat(RedisCleanupPlan.decide(noLongerRedis, ON, List.of(head()), null, DELETED, DEADLINE, POLL).action())
        .isEqualTo(Action.NOT_WANTED);
  }

  @Test
  @DisplayName("which clusters carry the finalizer: Redis GCS fault tolerance (options or legacy annotation), on")
  void applies() {
    RayCluster plain = TestClusters.basic();
    assertThat(RedisCleanupPlan.applies(plain, ON)).isFalse();
    assertThat(RedisCleanupPlan.holdsFinalizer(plain)).isFalse();

    RayCluster redis = redisCluster();
    assertThat(RedisCleanupPlan.applies(redis, ON)).isTrue();
    assertThat(RedisCleanupPlan.applies(redis, ON.withRedisCleanup(false))).isFalse();
    assertThat(RedisCleanupPlan.holdsFinalizer(redis)).isTrue();
    redis.getSpec().getGcsFaultToleranceOptions().setBackend("redis");
    assertThat(RedisCleanupPlan.applies(redis, ON)).isTrue();
    redis.getSpec().getGcsFaultToleranceOptions().setBackend("rocksdb");
    assertThat(RedisCleanupPlan.applies(redis, ON)).isFalse();

    RayCluster legacy = TestClusters.basic();
    legacy.getMetadata().setAnnotations(Map.of("ray.io/ft-enabled", "true"));
    assertThat(RedisCleanupPlan.applies(legacy, ON)).isTrue();
  }

  @ParameterizedTest(name = "annotation {0} -> {1} s")
  @CsvSource(nullValues = "none", textBlock = """
      none,    360
      120,     120
      ' 45 ',  45
      1,       1
      0,       360
      -5,      360
      1.5,     360
      2m,      360
      '',      360
      9999999999, 360
      """)
  void kubeRaysDeletionTimeoutAnnotationSetsTheTimeout(String annotation, long seconds) {
    RayCluster cluster = redisCluster();
    if (annotation != null) {
      cluster.getMetadata().setAnnotations(new HashMap<>(Map.of(
          RedisCleanupPlan.DELETION_TIMEOUT_ANNOTATION, annotation)));
    }

    assertThat(RedisCleanupPlan.deletionTimeout(cluster, DEADLINE)).isEqualTo(Duration.ofSeconds(seconds));
  }
}
