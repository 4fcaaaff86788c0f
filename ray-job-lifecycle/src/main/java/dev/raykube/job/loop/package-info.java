/**
 * The RayJob loop ({@link dev.raykube.job.loop.RayJobLoop}): observe → decide → record → act for a reconcile,
 * and the finalizer's cleanup with its Events for a deletion. Does I/O through its collaborators; every decision it
 * runs is the pure state machine's or finalizer policy's.
 */
package dev.raykube.job.loop;
