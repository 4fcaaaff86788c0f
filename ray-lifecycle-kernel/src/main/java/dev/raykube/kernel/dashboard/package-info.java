/**
 * Where a RayCluster's dashboard is and the clients that talk to it, for every kind that calls a dashboard (RayJob,
 * RayService): {@link dev.raykube.kernel.dashboard.DashboardAccess} (the address and token of a cluster's dashboard,
 * in the cluster through its head Service, or fixed for tests), {@link dev.raykube.kernel.dashboard.DashboardClients}
 * (one cached client per cluster, sharing one HTTP client) and {@link dev.raykube.kernel.dashboard.ServiceReads} (where
 * the head Service is read). I/O: reads the Kubernetes API; never calls a dashboard itself.
 */
package dev.raykube.kernel.dashboard;
