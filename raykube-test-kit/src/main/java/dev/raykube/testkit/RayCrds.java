package dev.raykube.testkit;

import io.fabric8.kubernetes.api.model.apiextensions.v1.CustomResourceDefinition;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The CRDs of {@code ray-api-model} ({@code RayCluster}, {@code RayJob}, {@code RayService}, {@code RayCronJob},
 * {@code ray.io/v1}, as the CRD generator wrote them into that jar) on an API server: applied server-side and waited
 * for until Established. Idempotent.
 */
public final class RayCrds {

  /** The CRD files in the {@code ray-api-model} jar. */
  static final List<String> RESOURCES = List.of("rayclusters.ray.io-v1.yml", "rayjobs.ray.io-v1.yml",
      "rayservices.ray.io-v1.yml", "raycronjobs.ray.io-v1.yml");

  private RayCrds() {
  }

  /**
   * Applies the four CRDs (field manager {@code raykube-test-kit}) and waits until each is Established.
   *
   * @throws IllegalStateException if a CRD is missing from the classpath or not Established within a minute
   */
  public static void install(KubernetesClient client) {
    for (String resource : RESOURCES) {
      CustomResourceDefinition crd;
      try (InputStream in = RayCrds.class.getResourceAsStream("/META-INF/fabric8/" + resource)) {
        if (in == null) {
          throw new IllegalStateException("META-INF/fabric8/" + resource + " is not on the classpath: "
              + "ray-api-model's jar carries it");
        }
        crd = client.apiextensions().v1().customResourceDefinitions().load(in).item();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      crd.getMetadata().setResourceVersion(null);
      client.resource(crd).fieldManager("raykube-test-kit").forceConflicts().serverSideApply();
      try {
        client.apiextensions().v1().customResourceDefinitions().withName(crd.getMetadata().getName())
            .waitUntilCondition(RayCrds::established, 60, TimeUnit.SECONDS);
      } catch (RuntimeException e) {
        throw new IllegalStateException("CRD " + crd.getMetadata().getName() + " is not Established after 60 s", e);
      }
    }
  }

  private static boolean established(CustomResourceDefinition crd) {
    return crd != null && crd.getStatus() != null && crd.getStatus().getConditions() != null
        && crd.getStatus().getConditions().stream()
            .anyMatch(c -> "Established".equals(c.getType()) && "True".equals(c.getStatus()));
  }
}
