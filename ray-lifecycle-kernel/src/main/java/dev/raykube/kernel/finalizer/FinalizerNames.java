package dev.raykube.kernel.finalizer;

import dev.raykube.reconcile.FinalizerEditor;

/**
 * The finalizers RayKube puts on its custom resources, with the names KubeRay uses so that objects move between the
 * two operators unchanged.
 */
public final class FinalizerNames {

  /** Keeps a deleted RayJob until its Ray job was asked to stop: {@code ray.io/rayjob-finalizer}. */
  public static final String RAYJOB = "ray.io/rayjob-finalizer";

  /** Keeps a deleted RayService until the RayClusters it created are gone: {@code ray.io/rayservice-finalizer}. */
  public static final String RAYSERVICE = "ray.io/rayservice-finalizer";

  private FinalizerNames() {}

  /**
   * Checks that {@code name} is a finalizer name Kubernetes accepts without a warning: a domain-qualified name such as
   * {@code example.com/cleanup}.
   *
   * @return {@code name}
   * @throws IllegalArgumentException if it is null, blank or not domain-qualified
   */
  public static String requireValid(String name) {
    return FinalizerEditor.requireValid(name);
  }
}
