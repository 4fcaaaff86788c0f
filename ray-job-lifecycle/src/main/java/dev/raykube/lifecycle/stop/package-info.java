/**
 * Stopping a RayJob's Ray job through the dashboard and confirming the result: {@link
 * dev.raykube.lifecycle.stop.RayJobStopper} (one job by submission id) and {@link
 * dev.raykube.lifecycle.stop.RayJobStopStep}, the cleanup step behind {@code ray.io/rayjob-finalizer}.
 */
package dev.raykube.lifecycle.stop;
