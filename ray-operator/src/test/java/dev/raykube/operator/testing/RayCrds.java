package dev.raykube.operator.testing;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** Registers the generated ray.io/v1 CRDs (from the model jar's {@code META-INF/fabric8}) in a CRUD mock server. */
public final class RayCrds {

  /** The CRD files, one per kind. */
  public static final List<String> FILES =
      List.of("rayclusters.ray.io-v1.yml", "rayjobs.ray.io-v1.yml", "rayservices.ray.io-v1.yml",
          "raycronjobs.ray.io-v1.yml");

  private RayCrds() {
  }

  /** Creates every ray.io CRD, so that the mock serves discovery and treats status as a subresource. */
  public static void register(KubernetesClient client) {
    FILES.forEach(file -> register(client, file));
  }

  /** Creates one CRD from its file name, e.g. {@code rayclusters.ray.io-v1.yml}. */
  public static void register(KubernetesClient client, String file) {
    try (InputStream in = RayCrds.class.getResourceAsStream("/META-INF/fabric8/" + file)) {
      if (in == null) {
        throw new IllegalStateException("CRD " + file + " is not on the classpath");
      }
      CustomResourceDefinition crd = client.getKubernetesSerialization().unmarshal(in, CustomResourceDefinition.class);
      client.apiextensions().v1().customResourceDefinitions().resource(crd).create();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
