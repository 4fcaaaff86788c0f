/**
 * Stopping a RayJob's Ray job through the dashboard and confirming the result: {@link
 * dev.raykube.job.stop.RayJobStopper} (one job by submission id) and {@link
 * dev.raykube.job.stop.RayJobStopStep}, the cleanup step behind {@code ray.io/rayjob-finalizer}.
 */
package dev.raykube.job.stop;
