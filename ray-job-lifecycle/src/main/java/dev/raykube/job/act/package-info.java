/**
 * Carrying out the RayJob state machine's decisions, the I/O side of {@code dev.raykube.job.decide}:
 * {@link dev.raykube.job.act.RayJobActuator} performs the actions through the Kubernetes and dashboard clients
 * and reports each outcome as a value; {@link dev.raykube.job.act.OwnedRayCluster} and
 * {@link dev.raykube.job.act.SubmitterJob} are the pure builders of what a RayJob creates. Status and Events are
 * written by {@code dev.raykube.reconcile}; the loop that ties them together is {@code dev.raykube.job.loop}.
 */
package dev.raykube.job.act;
