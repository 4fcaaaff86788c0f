package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirements;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ClusterBuildSettingsTest {

  @Test
  void defaults() {
    ClusterBuildSettings settings = ClusterBuildSettings.defaults();
    assertThat(settings.clusterDomain()).isEqualTo("cluster.local");
    assertThat(settings.initContainerInjection()).isTrue();
    assertThat(settings.loginShell()).isFalse();
    assertThat(settings.probeInjection()).isTrue();
    assertThat(settings.headServiceClusterIp()).isFalse();
    assertThat(settings.initContainerResources()).isNull();
    assertThat(settings.createdBy()).isEqualTo("raykube-operator");
    assertThat(settings.defaultContainerEnv()).isEmpty();
    assertThat(settings.deleteExtraPodsWithAutoscaler()).isFalse();
    assertThat(settings.redisCleanup()).isTrue();
    assertThat(settings.multiHostIndexing()).as("KubeRay v1.7.0's gate RayMultiHostIndexing is on").isTrue();
    assertThat(settings.shellCommand()).containsExactly("/bin/bash", "-c", "--");
  }

  @Test
  void withersChangeOneValue() {
    ClusterBuildSettings base = ClusterBuildSettings.defaults();
    assertThat(base.withClusterDomain("corp.example").clusterDomain()).isEqualTo("corp.example");
    assertThat(base.withInitContainerInjection(false).initContainerInjection()).isFalse();
    assertThat(base.withLoginShell(true).shellCommand()).containsExactly("/bin/bash", "-lc", "--");
    assertThat(base.withProbeInjection(false).probeInjection()).isFalse();
    assertThat(base.withHeadServiceClusterIp(true).headServiceClusterIp()).isTrue();
    assertThat(base.withOperatorVersion("1.2.3").operatorVersion()).isEqualTo("1.2.3");
    assertThat(base.withCreatedBy("kuberay-operator").createdBy()).isEqualTo("kuberay-operator");
    assertThat(base.withDeleteExtraPodsWithAutoscaler(true).deleteExtraPodsWithAutoscaler()).isTrue();
    assertThat(base.withRedisCleanup(false).redisCleanup()).isFalse();
    ClusterBuildSettings unindexed = base.withMultiHostIndexing(false);
    assertThat(unindexed.multiHostIndexing()).isFalse();
    assertThat(unindexed.withClusterDomain("a.b").withInitContainerInjection(false).withLoginShell(true)
        .withProbeInjection(false).withHeadServiceClusterIp(true).withInitContainerResources(null)
        .withOperatorVersion("2").withCreatedBy("x").withDefaultContainerEnv(List.of())
        .withDeleteExtraPodsWithAutoscaler(true).withRedisCleanup(false).multiHostIndexing())
        .as("every other wither keeps it").isFalse();
    assertThat(base.withLoginShell(true).withInitContainerInjection(false))
        .isEqualTo(base.withInitContainerInjection(false).withLoginShell(true));
    assertThat(base.withLoginShell(true)).isNotEqualTo(base);
  }

  @Test
  void holdsItsOwnCopies() {
    ResourceRequirements resources = new ResourceRequirementsBuilder().addToLimits("cpu", new Quantity("1")).build();
    List<EnvVar> env = new ArrayList<>(List.of(new EnvVarBuilder().withName("A").withValue("1").build()));
    ClusterBuildSettings settings = ClusterBuildSettings.defaults().withInitContainerResources(resources)
        .withDefaultContainerEnv(env);
    resources.getLimits().put("memory", new Quantity("1Gi"));
    env.get(0).setValue("changed");
    env.add(new EnvVarBuilder().withName("B").build());
    settings.initContainerResources().getLimits().clear();
    settings.defaultContainerEnv().get(0).setValue("changed too");

    assertThat(settings.initContainerResources().getLimits()).containsOnlyKeys("cpu");
    assertThat(settings.defaultContainerEnv()).singleElement()
        .satisfies(e -> assertThat(e.getValue()).isEqualTo("1"));
  }

  @Test
  void rejectsBadValues() {
    ClusterBuildSettings base = ClusterBuildSettings.defaults();
    assertThatThrownBy(() -> base.withClusterDomain(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("clusterDomain must not be blank");
    assertThatThrownBy(() -> base.withClusterDomain(".local")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("clusterDomain must not start or end with a dot: '.local'");
    assertThatThrownBy(() -> base.withCreatedBy("")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> base.withOperatorVersion(null)).isInstanceOf(NullPointerException.class);
    assertThatThrownBy(() -> base.withDefaultContainerEnv(null)).isInstanceOf(NullPointerException.class);
  }
}
