/**
 * The {@code RayCluster} resource: {@link dev.raykube.model.cluster.RayCluster}, its spec (head group, worker groups,
 * autoscaler, fault tolerance) and status, and the value enums of those fields. {@link
 * dev.raykube.model.cluster.RayClusterSpec} is also the cluster template of RayJob and RayService.
 */
package dev.raykube.model.cluster;
