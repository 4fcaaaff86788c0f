/**
 * What every Ray kind's loop shares and no one kind owns, all pure: {@link dev.raykube.kernel.ActionOutcome} (what
 * performing an action achieved), {@link dev.raykube.kernel.ControllerReference} (the owner reference of an object a
 * Ray resource created), {@link dev.raykube.kernel.NameSuffixes} (the one source of randomness a decision may use),
 * {@link dev.raykube.kernel.Violation} (one reason a spec is invalid) and {@link dev.raykube.kernel.AdaptivePoll} (how
 * often to look again). The finalizer policy is {@link dev.raykube.kernel.finalizer}; where a RayCluster's dashboard is,
 * {@link dev.raykube.kernel.dashboard}.
 */
package dev.raykube.kernel;
