/**
 * Observing a RayJob's world for the state machine, the thin I/O side of {@code dev.raykube.lifecycle.job}:
 * {@link dev.raykube.lifecycle.observe.RayJobObserver} reads the RayCluster, the submitter Job and the Ray job on the
 * dashboard; {@link dev.raykube.lifecycle.observe.DashboardAccess} says where a cluster's dashboard is and with which
 * token ({@link dev.raykube.lifecycle.observe.InClusterDashboardAccess} inside Kubernetes, a fixed URL in tests);
 * {@link dev.raykube.lifecycle.observe.DashboardClients} keeps one dashboard client per endpoint; and
 * {@link dev.raykube.lifecycle.observe.ClusterStopTargets} lets the finalizer's job stopper use the same access.
 */
package dev.raykube.lifecycle.observe;
