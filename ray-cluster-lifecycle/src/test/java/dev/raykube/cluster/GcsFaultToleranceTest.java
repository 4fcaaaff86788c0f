package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RedisCredential;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Pod;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GcsFaultToleranceTest {

  private final RayPodFactory factory = new RayPodFactory(ClusterBuildSettings.defaults());

  private static EnvVar env(Pod pod, String name) {
    Container ray = pod.getSpec().getContainers().get(0);
    return ray.getEnv().stream().filter(e -> name.equals(e.getName())).findFirst().orElse(null);
  }

  @Test
  void offByDefault() {
    RayCluster cluster = TestClusters.basic();
    assertThat(GcsFaultTolerance.isEnabled(cluster)).isFalse();
    Pod head = factory.head(cluster);
    assertThat(head.getMetadata().getAnnotations()).containsExactly(Map.entry("ray.io/ft-enabled", "false"));
    assertThat(env(head, "RAY_REDIS_ADDRESS")).isNull();
    assertThat(env(factory.worker(cluster, TestClusters.group(cluster)), "RAY_gcs_rpc_server_reconnect_timeout_s"))
        .isNull();
  }

  @Test
  void legacyAnnotationKeepsTheUsersRedisSetup() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setAnnotations(Map.of("ray.io/ft-enabled", "true",
        "ray.io/external-storage-namespace", "shared-ns"));
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("redis-password", "hunter2"));

    Pod head = factory.head(cluster);
    assertThat(head.getMetadata().getAnnotations()).containsEntry("ray.io/ft-enabled", "true")
        .containsEntry("ray.io/external-storage-namespace", "shared-ns");
    assertThat(env(head, "RAY_external_storage_namespace").getValue()).isEqualTo("shared-ns");
    assertThat(env(head, "REDIS_PASSWORD").getValue()).isEqualTo("hunter2");
    assertThat(env(head, "RAY_REDIS_ADDRESS")).isNull();
    assertThat(env(factory.worker(cluster, TestClusters.group(cluster)), "RAY_gcs_rpc_server_reconnect_timeout_s")
        .getValue()).isEqualTo("600");
  }

  @Test
  void optionsNamespaceWinsOverAnnotationAndUid() {
    RayCluster cluster = TestClusters.basic();
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("redis:6379");
    RedisCredential user = new RedisCredential();
    user.setValue("ray");
    options.setRedisUsername(user);
    cluster.getSpec().setGcsFaultToleranceOptions(options);
    assertThat(GcsFaultTolerance.externalStorageNamespace(cluster)).isEqualTo("11111111-2222-4333-8444-555555555555");
    cluster.getMetadata().setAnnotations(Map.of("ray.io/external-storage-namespace", "from-annotation"));
    assertThat(GcsFaultTolerance.externalStorageNamespace(cluster)).isEqualTo("from-annotation");
    options.setExternalStorageNamespace("from-options");
    assertThat(GcsFaultTolerance.externalStorageNamespace(cluster)).isEqualTo("from-options");

    Pod head = factory.head(cluster);
    assertThat(env(head, "REDIS_USERNAME").getValue()).isEqualTo("ray");
    assertThat(env(head, "RAY_REDIS_ADDRESS").getValue()).isEqualTo("redis:6379");
    assertThat(env(head, "KUBERAY_GEN_RAY_START_CMD").getValue()).contains("--redis-username=$REDIS_USERNAME")
        .doesNotContain("redis-password");
  }
}
