package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RedisCredential;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class RedisCleanupJobTest {

  private static RayCluster redisCluster() {
    RayCluster cluster = TestClusters.basic();
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("redis.db:6379");
    RedisCredential password = new RedisCredential();
    password.setValue("s3cret");
    options.setRedisPassword(password);
    cluster.getSpec().setGcsFaultToleranceOptions(options);
    return cluster;
  }

  private static String env(Container container, String name) {
    return container.getEnv().stream().filter(e -> name.equals(e.getName())).map(EnvVar::getValue).findFirst()
        .orElse(null);
  }

  @Test
  @DisplayName("the head's Ray container with the head's Redis settings, running Ray's cleanup_redis_storage")
  void runsRaysCleanupWithTheHeadsSettings() {
    Job job = RedisCleanupJob.build(redisCluster(), new RayPodFactory(ClusterBuildSettings.defaults()));
    assertThat(job.getMetadata().getName()).isEqualTo("demo-redis-cleanup");
    assertThat(job.getMetadata().getNamespace()).isEqualTo("ns");
    assertThat(job.getMetadata().getOwnerReferences()).singleElement().satisfies(owner -> {
      assertThat(owner.getKind()).isEqualTo("RayCluster");
      assertThat(owner.getUid()).isEqualTo(TestClusters.basic().getMetadata().getUid());
      assertThat(owner.getController()).isTrue();
    });
    assertThat(job.getMetadata().getLabels()).containsEntry("ray.io/cluster", "demo")
        .containsEntry("ray.io/node-type", "redis-cleanup").doesNotContainKeys("ray.io/is-ray-node",
            "ray.io/identifier");
    assertThat(job.getMetadata().getAnnotations()).containsEntry("ray.io/external-storage-namespace",
        TestClusters.basic().getMetadata().getUid());
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    assertThat(job.getSpec().getActiveDeadlineSeconds()).isEqualTo(300L);
    assertThat(job.getSpec().getTemplate().getMetadata().getLabels()).isEqualTo(job.getMetadata().getLabels());

    PodSpec spec = job.getSpec().getTemplate().getSpec();
    assertThat(spec.getRestartPolicy()).isEqualTo("Never");
    Container ray = spec.getContainers().get(0);
    assertThat(spec.getContainers()).hasSize(1);
    assertThat(ray.getImage()).isEqualTo("rayproject/ray:2.46.0");
    assertThat(ray.getCommand()).containsExactly("/bin/bash", "-c", "--");
    assertThat(ray.getArgs()).singleElement().asString().startsWith("python -c \"")
        .contains("cleanup_redis_storage(").doesNotContain("$", "`", "\\").endsWith(")\"");
    assertThat(ray.getLivenessProbe()).isNull();
    assertThat(ray.getReadinessProbe()).isNull();
    assertThat(ray.getResources().getLimits()).isEqualTo(Map.of("cpu", new Quantity("200m"), "memory",
        new Quantity("256Mi")));
    assertThat(ray.getResources().getRequests()).isEqualTo(ray.getResources().getLimits());
    assertThat(env(ray, "RAY_REDIS_ADDRESS")).isEqualTo("redis.db:6379");
    assertThat(env(ray, "REDIS_PASSWORD")).isEqualTo("s3cret");
    assertThat(env(ray, "RAY_external_storage_namespace")).isEqualTo(TestClusters.basic().getMetadata().getUid());
    assertThat(env(ray, "RAY_redis_db_connect_retries")).isEqualTo("120");
  }

  @Test
  @DisplayName("the login shell when the operator uses one; the autoscaler sidecar is left out")
  void loginShellAndNoSidecar() {
    RayCluster cluster = redisCluster();
    cluster.getSpec().setEnableInTreeAutoscaling(true);
    Job job = RedisCleanupJob.build(cluster, new RayPodFactory(ClusterBuildSettings.defaults().withLoginShell(true)));
    List<Container> containers = job.getSpec().getTemplate().getSpec().getContainers();
    assertThat(containers).singleElement().satisfies(c -> {
      assertThat(c.getName()).isEqualTo("ray-head");
      assertThat(c.getCommand()).containsExactly("/bin/bash", "-lc", "--");
    });
  }

  @Test
  @DisplayName("the name fits 63 characters however long the cluster's name, without a trailing dash")
  void nameFits() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setName("a".repeat(48) + "-bcdef");
    String name = RedisCleanupJob.name(cluster);
    assertThat(name).hasSizeLessThanOrEqualTo(63).endsWith("-redis-cleanup").doesNotContain("--");
    assertThat(name).startsWith("a".repeat(48));
  }
}
