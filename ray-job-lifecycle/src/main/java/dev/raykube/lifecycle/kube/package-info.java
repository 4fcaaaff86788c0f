/**
 * The few Kubernetes writes the lifecycle needs, on a plain fabric8
 * {@link io.fabric8.kubernetes.client.KubernetesClient}: {@link dev.raykube.lifecycle.kube.FinalizerEditor}
 * (add/remove a finalizer with optimistic concurrency) and {@link dev.raykube.lifecycle.kube.RayServiceClusterCleanup}
 * (the RayService finalizer's cleanup step).
 */
package dev.raykube.lifecycle.kube;
