package dev.raykube.lifecycle.kube;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Registers the generated CRDs (from ray-api-model's jar) in the CRUD mock, so that status is a subresource. */
final class Crds {
  private Crds() {}

  static void register(KubernetesClient client, String... plurals) {
    for (String plural : plurals) {
      String name = plural + ".ray.io";
      if (client.apiextensions().v1().customResourceDefinitions().withName(name).get() != null) {
        continue;
      }
      String path = "/META-INF/fabric8/" + name + "-v1.yml";
      try (InputStream in = Crds.class.getResourceAsStream(path)) {
        if (in == null) {
          throw new IllegalStateException(path + " is not on the classpath");
        }
        CustomResourceDefinition crd = client.apiextensions().v1().customResourceDefinitions().load(in).item();
        client.resource(crd).create();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
