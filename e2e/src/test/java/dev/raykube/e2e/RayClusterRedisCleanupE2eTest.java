package dev.raykube.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.cluster.RedisCleanupPlan;
import dev.raykube.e2e.support.E2eWaits;
import dev.raykube.e2e.support.InProcessOperator;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.cluster.RedisCredential;
import dev.raykube.testing.Eventually;
import dev.raykube.testkit.RayKubeExtension;
import io.fabric8.kubernetes.api.model.EnvVarSourceBuilder;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * GCS fault tolerance with a real Redis (Debian's {@code redis-server}, started by e2e/run on loopback with a password,
 * {@code e2e/redis}) and a real Ray head: while the RayCluster runs, Redis holds keys of its storage namespace (the
 * RayCluster's UID); deleting the RayCluster runs the operator's clean-up Job (real Ray's
 * {@code cleanup_redis_storage}, in the node sandbox) and the keys are gone before the RayCluster is. And a namespace
 * deleted under such a RayCluster (KubeRay #3388: the clean-up Job cannot be created there) is gone within a bound.
 */
class RayClusterRedisCleanupE2eTest {

  @RegisterExtension
  static final RayKubeExtension kube = RayKubeExtension.withRealRay().namespacePrefix("redis-ft");

  private static final Logger log = LoggerFactory.getLogger(RayClusterRedisCleanupE2eTest.class);
  private static final String PORT = System.getenv().getOrDefault("RAYKUBE_E2E_REDIS_PORT", "26379");
  private static final String PASSWORD = System.getenv().getOrDefault("RAYKUBE_E2E_REDIS_PASSWORD", "raykube-e2e");

  private static KubernetesClient client;
  private static String namespace;
  private static String doomed;
  private static InProcessOperator operator;

  @BeforeAll
  static void startOperator() throws Exception {
    client = kube.client();
    namespace = kube.namespace();
    doomed = namespace + "-doomed";
    client.resource(new NamespaceBuilder().withNewMetadata().withName(doomed).endMetadata().build()).create();
    // Cluster-wide: the namespaced install's RoleBinding in a namespace being deleted goes with it, and then the
    // operator may no longer remove its finalizer there (docs/configuration.md, "Only some namespaces").
    operator = InProcessOperator.start(kube.config(), kube.dashboardAccess());
  }

  @AfterAll
  static void stopOperator() {
    if (operator != null) {
      operator.close();
    }
  }

  @Test
  void deletingTheClusterDeletesItsKeysFromRedis() throws Exception {
    client.resource(new SecretBuilder().withNewMetadata().withName("redis").withNamespace(namespace).endMetadata()
        .withStringData(Map.of("password", PASSWORD)).build()).create();
    client.resource(cluster(namespace, "ft")).create();
    Eventually.await(E2eWaits.LONG, E2eWaits.POLL, "RayCluster ft ready", () -> state(namespace, "ft")
        == ClusterState.READY);
    RayCluster ready = client.resources(RayCluster.class).inNamespace(namespace).withName("ft").get();
    String storage = ready.getMetadata().getUid();
    assertThat(ready.getMetadata().getFinalizers()).contains(RedisCleanupPlan.FINALIZER);
    Eventually.await(Duration.ofSeconds(30), E2eWaits.POLL, "keys of storage namespace " + storage + " in Redis",
        () -> !keys(storage).isEmpty());
    log.info("RayCluster ft ready; Redis holds {} keys of its storage namespace {}", keys(storage).size(), storage);

    long deleted = System.nanoTime();
    client.resource(ready).delete();
    Eventually.await(Duration.ofSeconds(180), E2eWaits.POLL, "RayCluster ft gone",
        () -> client.resources(RayCluster.class).inNamespace(namespace).withName("ft").get() == null);
    long goneMillis = (System.nanoTime() - deleted) / 1_000_000;
    assertThat(keys(storage)).as("keys of %s left in Redis", storage).isEmpty();
    assertThat(events(namespace, "ft")).extracting(Event::getReason).contains("CreatedRedisCleanupJob")
        .doesNotContain("RedisCleanupFailed", "ForceDeletedStuckCluster");
    log.info("RayCluster ft gone {} ms after its deletion, its keys deleted from Redis by the clean-up Job",
        goneMillis);
  }

  @Test
  void aNamespaceDeletedUnderTheClusterIsGoneWithinABound() throws Exception {
    client.resource(new SecretBuilder().withNewMetadata().withName("redis").withNamespace(doomed).endMetadata()
        .withStringData(Map.of("password", PASSWORD)).build()).create();
    client.resource(cluster(doomed, "ft-doomed")).create();
    Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "the Redis clean-up finalizer on ft-doomed", () -> {
      RayCluster c = client.resources(RayCluster.class).inNamespace(doomed).withName("ft-doomed").get();
      return c != null && c.getMetadata().getFinalizers() != null
          && c.getMetadata().getFinalizers().contains(RedisCleanupPlan.FINALIZER);
    });
    long deleted = System.nanoTime();
    client.namespaces().withName(doomed).delete();
    Eventually.await(Duration.ofSeconds(120), E2eWaits.POLL, "namespace " + doomed + " gone",
        () -> client.namespaces().withName(doomed).get() == null);
    log.info("namespace {} with a fault-tolerant RayCluster gone {} ms after its deletion (the clean-up Job could "
        + "not be created there; the finalizer was removed at once)", doomed, (System.nanoTime() - deleted) / 1_000_000);
  }

  private static RayCluster cluster(String ns, String name) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(ns).build());
    RayClusterSpec spec = new RayClusterSpec();
    spec.setRayVersion("2.60.0");
    HeadGroupSpec head = new HeadGroupSpec();
    head.setRayStartParams(Map.of());
    head.setTemplate(new PodTemplateSpecBuilder().withNewSpec().addNewContainer().withName("ray-head")
        .withImage("rayproject/ray:2.60.0").endContainer().endSpec().build());
    spec.setHeadGroupSpec(head);
    spec.setWorkerGroupSpecs(List.of());
    GcsFaultToleranceOptions options = new GcsFaultToleranceOptions();
    options.setRedisAddress("127.0.0.1:" + PORT);
    RedisCredential password = new RedisCredential();
    password.setValueFrom(new EnvVarSourceBuilder().withNewSecretKeyRef("password", "redis", false).build());
    options.setRedisPassword(password);
    spec.setGcsFaultToleranceOptions(options);
    cluster.setSpec(spec);
    return cluster;
  }

  /** The keys in Redis whose name holds {@code storage} (Ray prefixes every key with its storage namespace). */
  private static List<String> keys(String storage) {
    try {
      ProcessBuilder scan = new ProcessBuilder("redis-cli", "-h", "127.0.0.1", "-p", PORT, "--scan", "--pattern",
          "*" + storage + "*");
      scan.environment().put("REDISCLI_AUTH", PASSWORD);
      scan.redirectErrorStream(true);
      Process process = scan.start();
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(30, TimeUnit.SECONDS) || process.exitValue() != 0) {
        throw new IllegalStateException("redis-cli --scan failed: " + out);
      }
      List<String> keys = new ArrayList<>();
      out.lines().filter(line -> !line.isBlank()).forEach(keys::add);
      return keys;
    } catch (IOException e) {
      throw new IllegalStateException("redis-cli could not run (e2e/redis installs it)", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static List<Event> events(String ns, String name) {
    return client.v1().events().inNamespace(ns).list().getItems().stream()
        .filter(e -> name.equals(e.getInvolvedObject().getName())).toList();
  }

  private static ClusterState state(String ns, String name) {
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(ns).withName(name).get();
    return cluster == null || cluster.getStatus() == null ? null : cluster.getStatus().getState();
  }
}
