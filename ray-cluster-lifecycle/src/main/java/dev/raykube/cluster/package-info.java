/**
 * Pure RayCluster decisions, for the reference operator's RayCluster controller or a platform's own: what the Pods,
 * the head Service and the autoscaler RBAC objects of a RayCluster look like
 * ({@link dev.raykube.cluster.RayPodFactory}, {@link dev.raykube.cluster.HeadServiceFactory},
 * {@link dev.raykube.cluster.AutoscalerRbac}), how {@code ray start} is invoked
 * ({@link dev.raykube.cluster.RayStartParams}, {@link dev.raykube.cluster.RayStartCommand}), how workers wait for the
 * head's GCS ({@link dev.raykube.cluster.GcsReadinessInitContainer}), which Pods to create and delete
 * ({@link dev.raykube.cluster.PodReconcilePlan}), what the status says
 * ({@link dev.raykube.cluster.RayClusterStatusCalculator}) and whether a spec is acceptable
 * ({@link dev.raykube.cluster.RayClusterValidator}). The Ray conventions the other modules share are named here once:
 * object names ({@link dev.raykube.cluster.RayClusterNames}), label and annotation keys
 * ({@link dev.raykube.cluster.RayClusterLabels}), {@code rayStartParams} keys and default ports
 * ({@link dev.raykube.cluster.RayStartParams}, {@link dev.raykube.cluster.HeadAddress},
 * {@link dev.raykube.cluster.HeadServiceFactory}) and token authentication ({@link dev.raykube.cluster.TokenAuth}).
 *
 * <p>Nothing in this package talks to Kubernetes or does I/O: every class takes model objects and returns new model
 * objects, so a controller stays a thin observe → decide → act → record loop. Operator-wide options reach the
 * builders through {@link dev.raykube.cluster.ClusterBuildSettings}. Inputs are never modified. It needs no Java
 * Operator SDK and no HTTP client.
 */
package dev.raykube.cluster;
