/**
 * The RayCluster controller of the reference operator: {@link dev.raykube.operator.raycluster.RayClusterReconciler}
 * (observe → decide → act → record status) and its registration
 * {@link dev.raykube.operator.raycluster.RayClusterController}. The decisions are the pure code of
 * {@code dev.raykube.operator.cluster}; this package only observes the informer caches, writes what those decisions
 * say, records Kubernetes Events ({@link dev.raykube.operator.raycluster.RayClusterEvents}) and writes the status.
 */
package dev.raykube.operator.raycluster;
