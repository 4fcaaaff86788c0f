/**
 * The Kubernetes writes every Ray controller shares, on a plain fabric8 client and without an operator framework:
 * {@link dev.raykube.reconcile.StatusRecorder} (status subresource, only on change, optimistic concurrency, 409 and
 * 404 handled), {@link dev.raykube.reconcile.EventRecorder} (aggregated Events with a reason enum per kind),
 * {@link dev.raykube.reconcile.OwnedObjects} (ensure, edit, remove as values) and
 * {@link dev.raykube.reconcile.ReconcileMarker} (the reconcile's identity on every log line). Everything here does
 * I/O; the decisions that feed it live in the lifecycle libraries.
 */
package dev.raykube.reconcile;
