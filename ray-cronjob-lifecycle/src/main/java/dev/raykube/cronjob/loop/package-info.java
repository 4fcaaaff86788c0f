/**
 * The RayCronJob loop ({@link dev.raykube.cronjob.loop.RayCronJobLoop}, built by
 * {@link dev.raykube.cronjob.loop.RayCronJobLoopBuilder}): observe → decide → act → record for a reconcile. Does I/O
 * through its collaborators; every decision it runs is the pure {@link dev.raykube.cronjob.RayCronJobDecision}.
 */
package dev.raykube.cronjob.loop;
