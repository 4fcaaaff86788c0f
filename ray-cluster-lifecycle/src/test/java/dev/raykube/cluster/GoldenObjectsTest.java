package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.WorkerGroupSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Golden tests of the builders: every object the operator creates for a RayCluster, serialized to YAML and compared
 * with {@code src/test/resources/golden/<case>.yaml}. Regenerate with {@code -Draykube.golden.update=true} (see
 * {@link TestFiles}).
 */
class GoldenObjectsTest {

  static final ClusterBuildSettings SETTINGS = ClusterBuildSettings.defaults().withOperatorVersion("0.1.0-test");

  static Stream<Arguments> cases() {
    return Stream.of(
        Arguments.of("sample-raycluster", TestFiles.sample("raycluster.yaml"), SETTINGS),
        Arguments.of("sample-raycluster-minimal", TestFiles.sample("raycluster-minimal.yaml"), SETTINGS),
        Arguments.of("minimal", TestFiles.input("minimal"), SETTINGS),
        Arguments.of("user-init-containers", TestFiles.input("user-init-containers"), SETTINGS),
        Arguments.of("user-init-containers-injection-off", TestFiles.input("user-init-containers"),
            SETTINGS.withInitContainerInjection(false)),
        Arguments.of("minimal-injection-off-login-shell", TestFiles.input("minimal"),
            SETTINGS.withInitContainerInjection(false).withLoginShell(true)),
        Arguments.of("token-auth", TestFiles.input("token-auth"), SETTINGS),
        Arguments.of("k8s-token-auth", TestFiles.input("k8s-token-auth"), SETTINGS),
        Arguments.of("autoscaler-v2", TestFiles.input("autoscaler-v2"), SETTINGS),
        Arguments.of("gcs-ft", TestFiles.input("gcs-ft"), SETTINGS),
        Arguments.of("accelerators", TestFiles.input("accelerators"), SETTINGS.withHeadServiceClusterIp(true)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void objectsMatchGoldenFile(String name, RayCluster cluster, ClusterBuildSettings settings) {
    assertThat(RayClusterValidator.validate(cluster)).as("the input is valid").isEmpty();
    String before = TestFiles.yaml(cluster);

    List<Object> objects = new ArrayList<>();
    objects.add(new HeadServiceFactory(settings).build(cluster));
    RayPodFactory pods = new RayPodFactory(settings);
    objects.add(pods.head(cluster));
    for (WorkerGroupSpec group : cluster.getSpec().getWorkerGroupSpecs()) {
      objects.add(pods.worker(cluster, group));
    }
    if (AutoscalerSidecar.isEnabled(cluster.getSpec())) {
      if (!AutoscalerRbac.isUserServiceAccount(cluster)) {
        objects.add(AutoscalerRbac.serviceAccount(cluster, settings));
      }
      objects.add(AutoscalerRbac.role(cluster, settings));
      objects.add(AutoscalerRbac.roleBinding(cluster, settings));
    }
    if (TokenAuth.usesSecret(cluster.getSpec())) {
      objects.add(TokenAuth.secret(cluster, "golden-test-token", settings));
    }
    StringBuilder yaml = new StringBuilder();
    objects.forEach(o -> yaml.append(TestFiles.yaml(o)));

    TestFiles.assertGolden(name + ".yaml", yaml.toString());
    assertThat(TestFiles.yaml(cluster)).as("the builders do not modify the RayCluster").isEqualTo(before);
  }

  @org.junit.jupiter.api.Test
  void waitScriptMatchesGoldenFile() {
    TestFiles.assertGolden("wait-gcs-ready-6379.sh", GcsReadinessInitContainer.script(6379));
  }
}
