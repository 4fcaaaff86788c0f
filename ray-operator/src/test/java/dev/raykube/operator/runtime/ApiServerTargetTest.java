package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.testing.Kubeconfigs;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApiServerTargetTest {

  @TempDir
  Path dir;

  @Test
  void kubeconfigFileAndContext() {
    Path file = Kubeconfigs.write(dir.resolve("config"), "https://10.1.2.3:6443");
    ApiServerTarget target = ApiServerTarget.of(Config.fromKubeconfig(null, file.toFile()), List.of());
    assertThat(target.describe())
        .isEqualTo("https://10.1.2.3:6443/ (kubeconfig " + file + ", context test-context)");
  }

  @Test
  void inClusterServiceAccount() {
    Config config = new ConfigBuilder(Config.empty()).withMasterUrl("https://10.96.0.1:443/")
        .withAutoOAuthToken("token-from-service-account").build();
    assertThat(ApiServerTarget.of(config, List.of("/home/op/.kube/config")).describe())
        .isEqualTo("https://10.96.0.1:443/ (the in-cluster service account)");
  }

  @Test
  void nothingFound() {
    Config config = new ConfigBuilder(Config.empty()).withMasterUrl("https://kubernetes.default.svc/").build();
    assertThat(ApiServerTarget.of(config, List.of("/home/op/.kube/config")).describe())
        .isEqualTo("https://kubernetes.default.svc/ (no kubeconfig (looked for /home/op/.kube/config) and no"
            + " in-cluster service account)");
  }
}
