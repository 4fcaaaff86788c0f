/**
 * The RayService state machine and its validation: pure decision code.
 *
 * <p>A controller observes the RayService's world into a {@link dev.raykube.service.decide.RayServiceObservation}
 * (its RayClusters with their head readiness, what each head's Serve reported and which serve config was last deployed
 * to it; which cluster the head and serve Services select; the serve Service's ready endpoints; the proxy health of
 * serve Pods), asks {@link dev.raykube.service.decide.RayServiceStateMachine} for a
 * {@link dev.raykube.service.decide.RayServiceDecision}, writes the decided status when it differs from the stored one
 * and then performs its {@link dev.raykube.service.decide.RayServiceAction}s in order. Nothing in this package calls a
 * client, reads a clock or draws randomness on its own: time comes in as an argument and random name suffixes through
 * {@link dev.raykube.kernel.NameSuffixes}.
 */
package dev.raykube.service.decide;
