package dev.raykube.model;

/** The Kubernetes API group and version of the Ray custom resources, as used by KubeRay. */
public final class RayApi {

  /** API group of RayCluster, RayJob, RayService and RayCronJob. */
  public static final String GROUP = "ray.io";

  /** Served and storage version of the model. */
  public static final String VERSION = "v1";

  /** {@code apiVersion} of the resources: {@code ray.io/v1}. */
  public static final String API_VERSION = GROUP + "/" + VERSION;

  private RayApi() {
  }
}
