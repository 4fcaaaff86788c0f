/**
 * Observing a RayJob's world for the state machine, the thin I/O side of {@code dev.raykube.job.decide}:
 * {@link dev.raykube.job.observe.RayJobObserver} reads the RayCluster, the submitter Job and the Ray job on the
 * dashboard; {@link dev.raykube.kernel.dashboard.DashboardAccess} says where a cluster's dashboard is and with which
 * token ({@link dev.raykube.kernel.dashboard.InClusterDashboardAccess} inside Kubernetes, a fixed URL in tests);
 * {@link dev.raykube.kernel.dashboard.DashboardClients} keeps one dashboard client per endpoint; and
 * {@link dev.raykube.job.observe.ClusterStopTargets} lets the finalizer's job stopper use the same access.
 */
package dev.raykube.job.observe;
