/**
 * Acting on the RayJob state machine's decisions, the thin I/O side of {@code dev.raykube.lifecycle.job}:
 * {@link dev.raykube.lifecycle.act.RayJobActuator} writes the status (only on change, optimistic concurrency) and
 * performs the actions through the Kubernetes and dashboard clients; {@link dev.raykube.lifecycle.act.OwnedRayCluster}
 * and {@link dev.raykube.lifecycle.act.SubmitterJob} are the pure builders of what a RayJob creates;
 * {@link dev.raykube.lifecycle.act.EventRecorder} writes Kubernetes Events.
 */
package dev.raykube.lifecycle.act;
