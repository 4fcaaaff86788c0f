package dev.raykube.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class ServiceAddressesTest {

  KubernetesClient client;

  @Test
  @DisplayName("Service names as cluster DNS resolves them become one loopback proxy per Service port")
  void rewrites() {
    client.services().inNamespace("ml").resource(new ServiceBuilder().withNewMetadata().withName("train-head-svc")
        .endMetadata().withNewSpec().addNewPort().withName("dashboard").withPort(8265).endPort()
        .addNewPort().withName("gcs-server").withPort(6379).endPort().endSpec().build()).create();
    client.services().inNamespace("other").resource(new ServiceBuilder().withNewMetadata().withName("redis")
        .endMetadata().withNewSpec().addNewPort().withPort(6379).endPort().endSpec().build()).create();
    try (ServiceAddresses services = new ServiceAddresses(client, "ml", new PodNetwork(null))) {
      String full = services.rewrite("http://train-head-svc.ml.svc.cluster.local:8265");
      Matcher local = Pattern.compile("http://127\\.0\\.0\\.1:(\\d+)").matcher(full);
      assertThat(local.matches()).as(full).isTrue();
      String port = local.group(1);
      // Every spelling of the same Service port leads to the same proxy.
      assertThat(services.rewrite(List.of("train-head-svc:8265", "train-head-svc.ml:8265/api",
          "--address=http://train-head-svc.ml.svc:8265")))
          .containsExactly("127.0.0.1:" + port, "127.0.0.1:" + port + "/api", "--address=http://127.0.0.1:" + port);
      assertThat(services.rewrite("train-head-svc:6379")).matches("127\\.0\\.0\\.1:\\d+")
          .isNotEqualTo("127.0.0.1:" + port);
      assertThat(services.rewrite("redis.other.svc.cluster.local:6379")).matches("127\\.0\\.0\\.1:\\d+");
      // Not a Service of the API server, not a port of it, not a name: left as written.
      assertThat(services.rewrite("http://nowhere:8265 train-head-svc:9999 127.0.0.1:8265 redis:6379 "
          + "HTTP://Train-Head-Svc:8265 no-port"))
          .isEqualTo("http://nowhere:8265 train-head-svc:9999 127.0.0.1:8265 redis:6379 HTTP://Train-Head-Svc:8265 "
              + "no-port");
      assertThat(services.rewrite((String) null)).isNull();
    }
  }
}
