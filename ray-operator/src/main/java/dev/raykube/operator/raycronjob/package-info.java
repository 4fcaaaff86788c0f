/**
 * The RayCronJob controller of the reference operator: {@link dev.raykube.operator.raycronjob.RayCronJobReconciler},
 * JOSDK glue around the library's {@code dev.raykube.cronjob.loop.RayCronJobLoop}, and its registration
 * {@link dev.raykube.operator.raycronjob.RayCronJobController}, which wires the loop.
 */
package dev.raykube.operator.raycronjob;
