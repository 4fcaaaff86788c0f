/**
 * One finalizer policy for RayJob and RayService: finalizer names, the policies ({@link
 * dev.raykube.kernel.finalizer.FinalizerPolicy#BEST_EFFORT}, {@link
 * dev.raykube.kernel.finalizer.FinalizerPolicy#UNTIL_CONFIRMED}) chosen per object by annotation, the pure decision
 * "remove the finalizer now or retry after a delay", and {@link dev.raykube.kernel.finalizer.DeletionCleanup}, which
 * drives a pluggable {@link dev.raykube.kernel.finalizer.CleanupStep} under that policy. No Kubernetes calls are
 * made here; see {@code docs/finalizers.md}.
 */
package dev.raykube.kernel.finalizer;
