/**
 * The RayJob state machine and its validation: pure decision code.
 *
 * <p>A controller observes the RayJob's world (its RayCluster, the Ray job on the dashboard, the submitter Job; see
 * {@link dev.raykube.job.decide.ObservationPlan}), asks {@link dev.raykube.job.decide.RayJobStateMachine} for a
 * {@link dev.raykube.job.decide.Decision}, performs its {@link dev.raykube.job.decide.RayJobAction}s in order and
 * writes the decided status when it differs from the stored one. Nothing in this package calls a client, reads a
 * clock or draws randomness on its own: time comes in as an argument and random name suffixes through
 * {@link dev.raykube.kernel.NameSuffixes}.
 */
package dev.raykube.job.decide;
