package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RedisCredential;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RayStartParamsTest {

  static final HeadAddress HEAD = new HeadAddress("demo-head-svc", "ns", "cluster.local", 6379);

  static Container container(Map<String, String> requests, Map<String, String> limits) {
    ContainerBuilder builder = new ContainerBuilder().withName("ray").withNewResources().endResources();
    Container container = builder.build();
    Map<String, Quantity> req = new HashMap<>();
    requests.forEach((k, v) -> req.put(k, new Quantity(v)));
    Map<String, Quantity> lim = new HashMap<>();
    limits.forEach((k, v) -> lim.put(k, new Quantity(v)));
    container.getResources().setRequests(req);
    container.getResources().setLimits(lim);
    return container;
  }

  /** Container resources → the derived num-cpus, memory, num-gpus and resources parameters (null = absent). */
  static Stream<Arguments> derivedResources() {
    return Stream.of(
        Arguments.of(Map.of(), Map.of(), null, null, null, null),
        Arguments.of(Map.of(), Map.of("cpu", "2"), "2", null, null, null),
        Arguments.of(Map.of(), Map.of("cpu", "500m"), "1", null, null, null),
        Arguments.of(Map.of(), Map.of("cpu", "2500m"), "3", null, null, null),
        Arguments.of(Map.of("cpu", "1500m"), Map.of(), "2", null, null, null),
        Arguments.of(Map.of("cpu", "3"), Map.of("cpu", "4"), "4", null, null, null),
        Arguments.of(Map.of("cpu", "3"), Map.of("cpu", "0"), "3", null, null, null),
        Arguments.of(Map.of(), Map.of("memory", "1Gi"), null, "1073741824", null, null),
        Arguments.of(Map.of(), Map.of("memory", "1G"), null, "1000000000", null, null),
        Arguments.of(Map.of("memory", "1Gi"), Map.of(), null, null, null, null),
        Arguments.of(Map.of(), Map.of("nvidia.com/gpu", "2"), null, null, "2", null),
        Arguments.of(Map.of(), Map.of("amd.com/gpu", "1"), null, null, "1", null),
        Arguments.of(Map.of(), Map.of("nvidia.com/mig-1g.5gb", "3"), null, null, "3", null),
        Arguments.of(Map.of("nvidia.com/gpu", "1"), Map.of(), null, null, null, null),
        Arguments.of(Map.of(), Map.of("nvidia.com/gpu", "0"), null, null, null, null),
        Arguments.of(Map.of(), Map.of("google.com/tpu", "4"), null, null, null, "'{\"TPU\":4}'"),
        Arguments.of(Map.of(), Map.of("aws.amazon.com/neuroncore", "2"), null, null, null,
            "'{\"neuron_cores\":2}'"),
        Arguments.of(Map.of(), Map.of("aws.amazon.com/neuroncore", "2", "google.com/tpu", "4"), null, null, null,
            "'{\"neuron_cores\":2}'"));
  }

  @ParameterizedTest
  @MethodSource("derivedResources")
  void derivesParametersFromContainerResources(Map<String, String> requests, Map<String, String> limits,
      String cpus, String memory, String gpus, String resources) {
    var params = RayStartParams.forWorker(TestClusters.group(TestClusters.basic()), container(requests, limits), HEAD);
    assertThat(params.get("num-cpus")).isEqualTo(cpus);
    assertThat(params.get("memory")).isEqualTo(memory);
    assertThat(params.get("num-gpus")).isEqualTo(gpus);
    assertThat(params.get("resources")).isEqualTo(resources);
  }

  @Test
  void userParametersWinOverDerivedOnes() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setRayStartParams(Map.of("num-cpus", "0", "memory", "100", "num-gpus", "0",
        "address", "elsewhere:1234", "metrics-export-port", "9090", "dashboard-agent-listen-port", "52366"));
    var params = RayStartParams.forWorker(TestClusters.group(cluster),
        container(Map.of(), Map.of("cpu", "8", "memory", "8Gi", "nvidia.com/gpu", "1")), HEAD);
    assertThat(params).containsEntry("num-cpus", "0").containsEntry("memory", "100").containsEntry("num-gpus", "0")
        .containsEntry("address", "elsewhere:1234").containsEntry("metrics-export-port", "9090")
        .containsEntry("dashboard-agent-listen-port", "52366").containsEntry("block", "true");
  }

  @Test
  void acceleratorIsMergedIntoTheUsersResourcesJsonUnlessItNamesOne() {
    RayCluster cluster = TestClusters.basic();
    Container tpu = container(Map.of(), Map.of("google.com/tpu", "4"));
    TestClusters.group(cluster).setRayStartParams(Map.of("resources", "'{\"custom\": 1.5}'"));
    assertThat(RayStartParams.forWorker(TestClusters.group(cluster), tpu, HEAD).get("resources"))
        .isEqualTo("'{\"TPU\":4,\"custom\":1.5}'");
    TestClusters.group(cluster).setRayStartParams(Map.of("resources", "\"{\\\"TPU\\\": 2}\""));
    assertThat(RayStartParams.forWorker(TestClusters.group(cluster), tpu, HEAD).get("resources"))
        .isEqualTo("\"{\\\"TPU\\\": 2}\"");
    TestClusters.group(cluster).setRayStartParams(Map.of("resources", "not json"));
    assertThat(RayStartParams.forWorker(TestClusters.group(cluster), tpu, HEAD).get("resources"))
        .isEqualTo("not json");
  }

  /**
   * Every form of a {@code rayStartParams} value in KubeRay v1.5.0's samples ({@code ray-operator/config/samples}),
   * plus a bare JSON object: the effective value (what the shell gets) and what {@code ray start} then reads.
   */
  static Stream<Arguments> sampleValues() {
    return Stream.of(
        Arguments.of("dashboard-host", "0.0.0.0", "0.0.0.0"),
        Arguments.of("dashboard-port", "8443", "8443"),
        Arguments.of("num-cpus", "0", "0"),
        Arguments.of("num-gpus", "4", "4"),
        Arguments.of("disable-usage-stats", "true", "true"),
        Arguments.of("resources", "\"{\\\"resource1\\\": 2, \\\"resource2\\\": 3}\"",
            "{\"resource1\": 2, \"resource2\": 3}"),
        Arguments.of("resources", "\"{\\\"TPU\\\": 4}\"", "{\"TPU\": 4}"),
        Arguments.of("resources", "'{\"custom\": 1.5}'", "{\"custom\": 1.5}"),
        Arguments.of("resources", "{\"custom\": 1, \"other\": 2}", "{\"custom\":1,\"other\":2}"));
  }

  @ParameterizedTest
  @MethodSource("sampleValues")
  void samplesValuesAreValidAndReachRayAsWritten(String key, String value, String rayReads) {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setRayStartParams(Map.of(key, value));
    assertThat(RayClusterValidator.validate(cluster)).isEmpty();
    String effective = RayStartParams.forWorker(TestClusters.group(cluster), container(Map.of(), Map.of()), HEAD)
        .get(key);
    assertThat(ShellWord.unquote(effective)).contains(rayReads);
  }

  @Test
  void groupResourcesAndLabelsBecomeFlags() {
    RayCluster cluster = TestClusters.basic();
    TestClusters.group(cluster).setResources(Map.of("CPU", "1500m", "memory", "1Gi", "nvidia.com/gpu", "2",
        "special", "0.5", "other", "2"));
    TestClusters.group(cluster).setLabels(Map.of("zone", "b", "accelerator", "a100"));
    var params = RayStartParams.forWorker(TestClusters.group(cluster),
        container(Map.of(), Map.of("cpu", "8", "memory", "8Gi")), HEAD);
    assertThat(params).containsEntry("num-cpus", "2").containsEntry("memory", "1073741824")
        .containsEntry("num-gpus", "2").containsEntry("resources", "'{\"other\":2,\"special\":0.5}'")
        .containsEntry("labels", "accelerator=a100,zone=b");
  }

  @Test
  void headDefaults() {
    RayCluster cluster = TestClusters.basic();
    var params = RayStartParams.forHead(cluster, TestClusters.headContainer(cluster));
    assertThat(params).containsEntry("dashboard-host", "0.0.0.0").containsEntry("block", "true")
        .containsEntry("metrics-export-port", "8080").containsEntry("dashboard-agent-listen-port", "52365")
        .containsEntry("num-cpus", "2").containsEntry("memory", "4294967296")
        .doesNotContainKeys("no-monitor", "address");

    cluster.getSpec().setEnableInTreeAutoscaling(true);
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("dashboard-host", "127.0.0.1", "block", "false"));
    params = RayStartParams.forHead(cluster, TestClusters.headContainer(cluster));
    assertThat(params).containsEntry("dashboard-host", "127.0.0.1").containsEntry("no-monitor", "true")
        .containsEntry("block", "true");
  }

  @Test
  void workerAddressPointsAtTheHeadService() {
    RayCluster cluster = TestClusters.basic();
    var params = RayStartParams.forWorker(TestClusters.group(cluster), TestClusters.workerContainer(cluster),
        new HeadAddress("demo-head-svc", "ns", "example.internal", 6380));
    assertThat(params).containsEntry("address", "demo-head-svc.ns.svc.example.internal:6380")
        .doesNotContainKey("dashboard-host");
  }

  @Test
  void faultToleranceCredentialsAreReferencedFromTheEnvironment() {
    RayCluster cluster = TestClusters.basic();
    GcsFaultToleranceOptions ft = new GcsFaultToleranceOptions();
    ft.setRedisAddress("redis:6379");
    ft.setRedisPassword(new RedisCredential());
    ft.setRedisUsername(new RedisCredential());
    cluster.getSpec().setGcsFaultToleranceOptions(ft);
    assertThat(RayStartParams.forHead(cluster, TestClusters.headContainer(cluster)))
        .containsEntry("redis-password", "$REDIS_PASSWORD").containsEntry("redis-username", "$REDIS_USERNAME");
  }

  @Test
  void doesNotModifyTheSpec() {
    RayCluster cluster = TestClusters.basic();
    Map<String, String> user = new HashMap<>(Map.of("num-gpus", "1"));
    TestClusters.group(cluster).setRayStartParams(user);
    RayStartParams.forWorker(TestClusters.group(cluster), TestClusters.workerContainer(cluster), HEAD);
    assertThat(user).containsOnlyKeys("num-gpus");
  }
}
