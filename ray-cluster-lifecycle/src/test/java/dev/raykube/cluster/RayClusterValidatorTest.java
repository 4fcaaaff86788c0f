package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.AutoscalerOptions;
import dev.raykube.model.cluster.AutoscalerVersion;
import dev.raykube.model.cluster.GcsFaultToleranceOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterUpgradeStrategy;
import dev.raykube.model.cluster.RayClusterUpgradeType;
import dev.raykube.model.cluster.WorkerGroupSpec;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.ContainerPortBuilder;
import io.fabric8.kubernetes.api.model.PodTemplateSpecBuilder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RayClusterValidatorTest {

  private static AuthOptions auth(String mode) {
    AuthOptions auth = new AuthOptions();
    auth.setMode(mode);
    return auth;
  }

  private static GcsFaultToleranceOptions redis(String address) {
    GcsFaultToleranceOptions ft = new GcsFaultToleranceOptions();
    ft.setRedisAddress(address);
    return ft;
  }

  private static WorkerGroupSpec copyOfGroup(RayCluster c) {
    return TestFiles.SERIALIZATION.clone(TestClusters.group(c));
  }

  private static Arguments rule(String name, Consumer<RayCluster> change, String message) {
    return Arguments.of(name, change, message);
  }

  static Stream<Arguments> rules() {
    return Stream.of(
        rule("name too long", c -> c.getMetadata().setName("a".repeat(54)),
            "metadata.name '" + "a".repeat(54) + "' is 54 characters long; a RayCluster name may have at most 53 so "
                + "that its Pod and Service names fit Kubernetes limits"),
        rule("name not DNS-1035", c -> c.getMetadata().setName("9lives"),
            "metadata.name '9lives' is not a DNS-1035 label: use lower-case letters, digits and '-', starting with a "
                + "letter and ending with a letter or digit"),
        rule("no head group", c -> c.getSpec().setHeadGroupSpec(null), "spec.headGroupSpec is missing"),
        rule("head without containers",
            c -> c.getSpec().getHeadGroupSpec().getTemplate().getSpec().setContainers(List.of()),
            "spec.headGroupSpec.template.spec.containers is empty; it needs at least one container, and the first "
                + "one runs Ray"),
        rule("head port without a number (found by the manifest fuzz)", c -> c.getSpec().getHeadGroupSpec()
            .getTemplate().getSpec().getContainers().get(0).setPorts(List.of(new ContainerPortBuilder()
                .withName("gcs-server").withContainerPort(6379).build(), new ContainerPortBuilder()
                .withName("dashboard").build())),
            "spec.headGroupSpec.template.spec.containers[0].ports[1].containerPort is missing; it must be a port "
                + "number from 1 to 65535"),
        rule("head port out of range", c -> c.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers()
            .get(0).setPorts(List.of(new ContainerPortBuilder().withName("client").withContainerPort(70000).build())),
            "spec.headGroupSpec.template.spec.containers[0].ports[0].containerPort is 70000; it must be a port "
                + "number from 1 to 65535"),
        rule("worker without containers", c -> TestClusters.group(c).setTemplate(new PodTemplateSpecBuilder()
            .withNewSpec().endSpec().build()),
            "spec.workerGroupSpecs[0] ('workers').template.spec.containers is empty; it needs at least one "
                + "container, and the first one runs Ray"),
        rule("min greater than max", c -> TestClusters.group(c).setMinReplicas(6),
            "spec.workerGroupSpecs[0] ('workers'): minReplicas (6) is greater than maxReplicas (5)"),
        rule("negative replicas", c -> TestClusters.group(c).setReplicas(-1),
            "spec.workerGroupSpecs[0] ('workers'): replicas is -1; it must not be negative"),
        rule("negative maxReplicas", c -> {
          TestClusters.group(c).setMinReplicas(null);
          TestClusters.group(c).setMaxReplicas(-2);
        }, "spec.workerGroupSpecs[0] ('workers'): maxReplicas is -2; it must not be negative"),
        rule("numOfHosts zero", c -> TestClusters.group(c).setNumOfHosts(0),
            "spec.workerGroupSpecs[0] ('workers'): numOfHosts is 0; it must be at least 1"),
        rule("duplicate group name", c -> {
          List<WorkerGroupSpec> groups = new ArrayList<>(c.getSpec().getWorkerGroupSpecs());
          groups.add(copyOfGroup(c));
          c.getSpec().setWorkerGroupSpecs(groups);
        }, "spec.workerGroupSpecs[1] ('workers'): groupName 'workers' is used by another worker group; names must "
            + "be unique"),
        rule("missing group name", c -> TestClusters.group(c).setGroupName(null),
            "spec.workerGroupSpecs[0].groupName is missing"),
        rule("group name not a label value", c -> TestClusters.group(c).setGroupName("gpu workers"),
            "spec.workerGroupSpecs[0] ('gpu workers'): groupName 'gpu workers' must be a valid label value (at most "
                + "63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit)"),
        rule("resources twice", c -> {
          TestClusters.group(c).setRayStartParams(Map.of("num-cpus", "1", "memory", "10"));
          TestClusters.group(c).setResources(Map.of("CPU", "1"));
        }, "spec.workerGroupSpecs[0] ('workers') sets resources both in rayStartParams (memory, num-cpus) and in "
            + "resources; use only the resources field"),
        rule("resources not a quantity", c -> c.getSpec().getHeadGroupSpec().setResources(Map.of("CPU", "lots")),
            "spec.headGroupSpec.resources['CPU'] = 'lots' is not a Kubernetes quantity such as 2, 500m or 4Gi"),
        rule("labels in rayStartParams", c -> c.getSpec().getHeadGroupSpec()
            .setRayStartParams(Map.of("labels", "a=b")),
            "spec.headGroupSpec.rayStartParams['labels'] is not supported; use the group's labels field instead"),
        rule("resources param not JSON", c -> TestClusters.group(c)
            .setRayStartParams(Map.of("resources", "{custom: 1}")),
            "spec.workerGroupSpecs[0] ('workers').rayStartParams['resources'] = {custom: 1} is not a JSON object of "
                + "numbers such as '{\"custom\": 1}'"),
        rule("bad label key", c -> TestClusters.group(c).setLabels(Map.of("-bad", "x")),
            "spec.workerGroupSpecs[0] ('workers').labels key '-bad' is not a valid Kubernetes label key"),
        rule("bad label value", c -> TestClusters.group(c).setLabels(Map.of("zone", "a b")),
            "spec.workerGroupSpecs[0] ('workers').labels['zone'] = 'a b' is not a valid Kubernetes label value (at "
                + "most 63 letters, digits, '-', '_' or '.', beginning and ending with a letter or digit)"),
        rule("port not a number", c -> c.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("port", "gcs")),
            "spec.headGroupSpec.rayStartParams.port must be a port number between 1 and 65535, not 'gcs'"),
        rule("service type", c -> c.getSpec().getHeadGroupSpec().setServiceType("ExternalName"),
            "spec.headGroupSpec.serviceType 'ExternalName' is not supported; use ClusterIP, NodePort or "
                + "LoadBalancer"),
        rule("token auth on old Ray", c -> c.getSpec().setAuthOptions(auth("token")),
            "spec.authOptions.mode 'token' needs Ray 2.52.0 or later, but spec.rayVersion is '2.46.0'"),
        rule("token auth without version", c -> {
          c.getSpec().setAuthOptions(auth("token"));
          c.getSpec().setRayVersion(null);
        }, "spec.authOptions.mode 'token' needs spec.rayVersion 2.52.0 or later, but rayVersion is not set"),
        rule("unknown auth mode", c -> c.getSpec().setAuthOptions(auth("oauth")),
            "spec.authOptions.mode 'oauth' is not supported; use 'token' or 'disabled'"),
        rule("k8s token auth without token mode", c -> {
          AuthOptions auth = auth("disabled");
          auth.setEnableK8sTokenAuth(true);
          c.getSpec().setAuthOptions(auth);
        }, "spec.authOptions.enableK8sTokenAuth needs spec.authOptions.mode 'token'"),
        rule("k8s token auth on Ray before 2.55", c -> {
          AuthOptions auth = auth("token");
          auth.setEnableK8sTokenAuth(true);
          c.getSpec().setAuthOptions(auth);
          c.getSpec().setRayVersion("2.54.0");
        }, "spec.authOptions.enableK8sTokenAuth needs Ray 2.55.0 or later, but spec.rayVersion is '2.54.0'"),
        rule("k8s token auth with a secret name", c -> {
          AuthOptions auth = auth("token");
          auth.setEnableK8sTokenAuth(true);
          auth.setSecretName("my-token");
          c.getSpec().setAuthOptions(auth);
          c.getSpec().setRayVersion("2.60.0");
        }, "spec.authOptions.enableK8sTokenAuth and spec.authOptions.secretName exclude each other: Kubernetes "
            + "tokens need no token Secret"),
        rule("bad secret name", c -> {
          AuthOptions auth = auth("disabled");
          auth.setSecretName("Not_A_Name");
          c.getSpec().setAuthOptions(auth);
        }, "spec.authOptions.secretName 'Not_A_Name' is not a valid Secret name"),
        rule("FT annotation and options", c -> {
          c.getMetadata().setAnnotations(Map.of("ray.io/ft-enabled", "true"));
          c.getSpec().setGcsFaultToleranceOptions(redis("redis:6379"));
        }, "the annotation ray.io/ft-enabled and spec.gcsFaultToleranceOptions are both set; use only "
            + "gcsFaultToleranceOptions"),
        rule("FT rocksdb", c -> {
          GcsFaultToleranceOptions ft = redis("redis:6379");
          ft.setBackend("rocksdb");
          c.getSpec().setGcsFaultToleranceOptions(ft);
        }, "spec.gcsFaultToleranceOptions.backend 'rocksdb' is not supported by this operator; use 'redis'"),
        rule("FT without address", c -> c.getSpec().setGcsFaultToleranceOptions(redis(" ")),
            "spec.gcsFaultToleranceOptions.redisAddress is missing; it names the Redis server as host:port"),
        rule("FT password in params", c -> {
          c.getSpec().setGcsFaultToleranceOptions(redis("redis:6379"));
          c.getSpec().getHeadGroupSpec().setRayStartParams(Map.of("redis-password", "secret"));
        }, "spec.headGroupSpec.rayStartParams['redis-password'] conflicts with spec.gcsFaultToleranceOptions; set "
            + "the credential in gcsFaultToleranceOptions only"),
        rule("FT address in env", c -> {
          c.getSpec().setGcsFaultToleranceOptions(redis("redis:6379"));
          TestClusters.headContainer(c).setEnv(List.of(new EnvVarBuilder().withName("RAY_REDIS_ADDRESS")
              .withValue("x:1").build()));
        }, "the head container sets RAY_REDIS_ADDRESS, which conflicts with spec.gcsFaultToleranceOptions; set it "
            + "in gcsFaultToleranceOptions only"),
        rule("autoscaler v2 restart policy", c -> {
          c.getSpec().setEnableInTreeAutoscaling(true);
          AutoscalerOptions options = new AutoscalerOptions();
          options.setVersion(AutoscalerVersion.V2);
          c.getSpec().setAutoscalerOptions(options);
          TestClusters.group(c).getTemplate().getSpec().setRestartPolicy("Always");
        }, "spec.workerGroupSpecs[0].template.spec.restartPolicy 'Always' must not set a restartPolicy other than "
            + "Never with autoscalerOptions.version v2 (the autoscaler replaces failed Pods itself)"),
        rule("recreate upgrade on a RayJob's cluster", c -> {
          RayClusterUpgradeStrategy strategy = new RayClusterUpgradeStrategy();
          strategy.setType(RayClusterUpgradeType.RECREATE);
          c.getSpec().setUpgradeStrategy(strategy);
          c.getMetadata().setLabels(Map.of(RayClusterLabels.ORIGINATED_FROM_CRD, "RayJob"));
        }, "spec.upgradeStrategy.type Recreate is not allowed on a RayCluster that a RayJob manages; the RayJob "
            + "decides how its cluster is replaced"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rules")
  void eachRuleHasOnePreciseMessage(String name, Consumer<RayCluster> change, String message) {
    RayCluster cluster = TestClusters.basic();
    change.accept(cluster);
    assertThat(RayClusterValidator.validate(cluster)).containsExactly(message);
  }

  @Test
  void validClustersPass() {
    assertThat(RayClusterValidator.validate(TestClusters.basic())).isEmpty();
    RayCluster secured = TestClusters.basic();
    secured.getSpec().setRayVersion("2.52.0");
    secured.getSpec().setAuthOptions(auth("token"));
    secured.getSpec().setGcsFaultToleranceOptions(redis("redis:6379"));
    TestClusters.group(secured).setLabels(Map.of("example.com/zone", "us-east1-b", "empty", ""));
    TestClusters.group(secured).setResources(Map.of("CPU", "2", "custom", "1"));
    assertThat(RayClusterValidator.validate(secured)).isEmpty();
  }

  @Test
  void reportsEveryProblemAtOnce() {
    RayCluster cluster = TestClusters.basic();
    cluster.getMetadata().setName("Bad");
    TestClusters.group(cluster).setReplicas(-1);
    cluster.getSpec().setAuthOptions(auth("token"));
    assertThat(RayClusterValidator.validate(cluster)).hasSize(3);
    cluster.setSpec(null);
    assertThat(RayClusterValidator.validate(cluster)).containsExactly(
        "metadata.name 'Bad' is not a DNS-1035 label: use lower-case letters, digits and '-', starting with a "
            + "letter and ending with a letter or digit", "spec is missing");
    cluster.markSpecUnreadable("spec.headGroupSpec.template.spec.volumes: Cannot deserialize");
    assertThat(RayClusterValidator.validate(cluster)).last()
        .isEqualTo("spec cannot be read: spec.headGroupSpec.template.spec.volumes: Cannot deserialize");
  }
}
