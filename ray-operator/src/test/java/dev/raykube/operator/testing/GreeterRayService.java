package dev.raykube.operator.testing;

import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.client.utils.Serialization;

/** The RayService of the operator's tests: one Serve application, {@code greeter}, on a head and one worker. */
public final class GreeterRayService {

  /** The manifest; {@code %s} is the RayService's name. */
  private static final String MANIFEST = """
      apiVersion: ray.io/v1
      kind: RayService
      metadata:
        name: %s
      spec:
        serveConfigV2: |
          applications:
            - name: greeter
              import_path: raykube_serve_app:app
              route_prefix: /greet
        rayClusterConfig:
          rayVersion: "2.60.0"
          headGroupSpec:
            rayStartParams: {}
            template:
              spec:
                containers:
                  - name: ray-head
                    image: rayproject/ray:2.60.0
          workerGroupSpecs:
            - groupName: workers
              replicas: 1
              minReplicas: 1
              maxReplicas: 2
              rayStartParams: {}
              template:
                spec:
                  containers:
                    - name: ray-worker
                      image: rayproject/ray:2.60.0
      """;

  private GreeterRayService() {
  }

  /** A new RayService {@code name} serving {@code greeter} (namespace unset). */
  public static RayService named(String name) {
    return Serialization.unmarshal(MANIFEST.formatted(name), RayService.class);
  }
}
