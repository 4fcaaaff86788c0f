package dev.raykube.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@EnableKubernetesMockClient(crud = true)
class PodVolumesTest {

  KubernetesClient client;

  @TempDir
  Path podDir;

  private static final Container CONTAINER = new ContainerBuilder().withName("ray-head")
      .addNewVolumeMount().withName("apps").withMountPath("/home/ray/apps/").endVolumeMount()
      .addNewVolumeMount().withName("creds").withMountPath("/etc/creds").endVolumeMount()
      .addNewVolumeMount().withName("scratch").withMountPath("/tmp/scratch").endVolumeMount()
      .build();

  private static Pod pod(boolean optionalSecret) {
    return new PodBuilder().withNewMetadata().withName("head").withNamespace("ns").endMetadata()
        .withNewSpec().withContainers(CONTAINER)
        .addNewVolume().withName("apps").withNewConfigMap().withName("apps").endConfigMap().endVolume()
        .addNewVolume().withName("creds").withNewSecret().withSecretName("creds").withOptional(optionalSecret)
        .addNewItem().withKey("token").withPath("sub/token.txt").endItem().endSecret().endVolume()
        .addNewVolume().withName("scratch").withNewEmptyDir().endEmptyDir().endVolume()
        .endSpec().build();
  }

  @Test
  @DisplayName("ConfigMap keys (text and binary) and Secret items become files; mount paths map to them")
  void materialises() throws Exception {
    client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata().withName("apps")
        .endMetadata().addToData("app.py", "print('hi')\n")
        .addToBinaryData("model.bin", Base64.getEncoder().encodeToString(new byte[] {1, 2, 3})).build()).create();
    client.secrets().inNamespace("ns").resource(new SecretBuilder().withNewMetadata().withName("creds").endMetadata()
        .addToData("token", Base64.getEncoder().encodeToString("s3cret".getBytes(StandardCharsets.UTF_8)))
        .addToData("other", Base64.getEncoder().encodeToString("x".getBytes(StandardCharsets.UTF_8))).build())
        .create();

    PodVolumes volumes = PodVolumes.materialise(client, pod(false), CONTAINER, podDir);

    Path apps = podDir.resolve("volumes/apps");
    assertThat(apps.resolve("app.py")).hasContent("print('hi')");
    assertThat(Files.readAllBytes(apps.resolve("model.bin"))).containsExactly(1, 2, 3);
    assertThat(podDir.resolve("volumes/creds/sub/token.txt")).hasContent("s3cret");
    assertThat(podDir.resolve("volumes/creds/other")).doesNotExist(); // items project only what they name
    assertThat(podDir.resolve("volumes/scratch")).doesNotExist(); // emptyDir is not modelled
    assertThat(volumes.localPath("/home/ray/apps:/usr/lib/python:/etc/creds/sub/token.txt:/home/ray/appsx"))
        .isEqualTo(apps + ":/usr/lib/python:" + podDir.resolve("volumes/creds") + "/sub/token.txt:/home/ray/appsx");
  }

  @Test
  @DisplayName("a missing Secret fails the Pod unless the volume is optional, as for kubelet")
  void missing() {
    client.configMaps().inNamespace("ns").resource(new ConfigMapBuilder().withNewMetadata().withName("apps")
        .endMetadata().build()).create();
    assertThatThrownBy(() -> PodVolumes.materialise(client, pod(false), CONTAINER, podDir))
        .hasMessage("volume creds needs Secret creds, which does not exist");
    PodVolumes volumes = PodVolumes.materialise(client, pod(true), CONTAINER, podDir);
    assertThat(volumes.localPath("/etc/creds/token")).isEqualTo("/etc/creds/token");
  }
}
