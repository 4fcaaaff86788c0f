/**
 * The RayCluster controller of the reference operator: {@link dev.raykube.operator.raycluster.RayClusterReconciler},
 * JOSDK glue around the library's {@code dev.raykube.cluster.loop.RayClusterLoop} (informers, cache, gauges), and its
 * registration {@link dev.raykube.operator.raycluster.RayClusterController}, which wires the loop.
 */
package dev.raykube.operator.raycluster;
