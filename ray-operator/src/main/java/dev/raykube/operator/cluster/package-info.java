/**
 * Pure decisions for the RayCluster controller: what the Pods, the head Service and the autoscaler RBAC objects of a
 * RayCluster look like ({@link dev.raykube.operator.cluster.RayPodFactory},
 * {@link dev.raykube.operator.cluster.HeadServiceFactory}, {@link dev.raykube.operator.cluster.AutoscalerRbac}), how
 * {@code ray start} is invoked ({@link dev.raykube.operator.cluster.RayStartParams},
 * {@link dev.raykube.operator.cluster.RayStartCommand}), how workers wait for the head's GCS
 * ({@link dev.raykube.operator.cluster.GcsReadinessInitContainer}), which Pods to create and delete
 * ({@link dev.raykube.operator.cluster.PodReconcilePlan}), what the status says
 * ({@link dev.raykube.operator.cluster.RayClusterStatusCalculator}) and whether a spec is acceptable
 * ({@link dev.raykube.operator.cluster.RayClusterValidator}).
 *
 * <p>Nothing in this package talks to Kubernetes or does I/O: every class takes model objects and returns new model
 * objects, so the controller stays a thin observe → decide → act → record loop. Operator-wide options reach the
 * builders through {@link dev.raykube.operator.cluster.ClusterBuildSettings}. Inputs are never modified.
 */
package dev.raykube.operator.cluster;
