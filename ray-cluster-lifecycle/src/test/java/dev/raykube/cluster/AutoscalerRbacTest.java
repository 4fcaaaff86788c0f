package dev.raykube.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class AutoscalerRbacTest {

  private final ClusterBuildSettings settings = ClusterBuildSettings.defaults();

  @Test
  void roleAllowsExactlyWhatTheAutoscalerDoes() {
    RayCluster cluster = TestClusters.basic();
    var rules = AutoscalerRbac.role(cluster, settings).getRules();
    assertThat(rules).extracting(r -> r.getApiGroups() + " " + r.getResources() + " " + r.getVerbs())
        .containsExactly("[] [pods] [get, list, watch, patch]", "[] [pods/resize] [patch]",
            "[ray.io] [rayclusters] [get, patch]");
  }

  @Test
  void bindsTheHeadsServiceAccount() {
    RayCluster cluster = TestClusters.basic();
    assertThat(AutoscalerRbac.isUserServiceAccount(cluster)).isFalse();
    assertThat(AutoscalerRbac.serviceAccount(cluster, settings).getMetadata().getName()).isEqualTo("demo");
    assertThat(AutoscalerRbac.roleBinding(cluster, settings).getSubjects()).singleElement()
        .satisfies(s -> assertThat(s.getName()).isEqualTo("demo"));

    cluster.getSpec().getHeadGroupSpec().getTemplate().getSpec().setServiceAccountName("ray-head");
    assertThat(AutoscalerRbac.isUserServiceAccount(cluster)).isTrue();
    assertThat(AutoscalerRbac.roleBinding(cluster, settings).getSubjects()).singleElement()
        .satisfies(s -> assertThat(s.getName()).isEqualTo("ray-head"));
    assertThat(AutoscalerRbac.roleBinding(cluster, settings).getRoleRef().getName()).isEqualTo("demo");
  }

  @Test
  void tokenSecretIsOwnedAndNamedAfterTheClusterUnlessConfigured() {
    RayCluster cluster = TestClusters.basic();
    AuthOptions auth = new AuthOptions();
    auth.setMode("token");
    cluster.getSpec().setAuthOptions(auth);
    var secret = TokenAuth.secret(cluster, "s3cret", settings);
    assertThat(secret.getMetadata().getName()).isEqualTo("demo");
    assertThat(secret.getMetadata().getOwnerReferences()).hasSize(1);
    assertThat(new String(Base64.getDecoder().decode(secret.getData().get("auth_token")), StandardCharsets.UTF_8))
        .isEqualTo("s3cret");
    auth.setSecretName("ray-token");
    assertThat(TokenAuth.secretName(cluster)).isEqualTo("ray-token");
    assertThatThrownBy(() -> TokenAuth.secret(cluster, " ", settings)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void headAddress() {
    RayCluster cluster = TestClusters.basic();
    HeadAddress address = HeadAddress.of(cluster, settings.withClusterDomain("corp.example"));
    assertThat(address.fqdn()).isEqualTo("demo-head-svc.ns.svc.corp.example");
    assertThat(address.gcsAddress()).isEqualTo("demo-head-svc.ns.svc.corp.example:6379");
    cluster.getSpec().getHeadGroupSpec().setRayStartParams(java.util.Map.of("port", "70000"));
    assertThatThrownBy(() -> HeadAddress.of(cluster, settings)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("spec.headGroupSpec.rayStartParams.port must be a port number between 1 and 65535, not '70000'");
  }
}
