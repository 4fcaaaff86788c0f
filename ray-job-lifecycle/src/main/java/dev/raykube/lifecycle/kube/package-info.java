/**
 * The few Kubernetes writes the lifecycle needs, on a plain fabric8
 * {@link io.fabric8.kubernetes.client.KubernetesClient}: {@link dev.raykube.lifecycle.kube.RayServiceClusterCleanup}
 * (the RayService finalizer's cleanup step). Finalizers are added and removed by {@link dev.raykube.reconcile.FinalizerEditor} of {@code ray-reconcile}.
 */
package dev.raykube.lifecycle.kube;
