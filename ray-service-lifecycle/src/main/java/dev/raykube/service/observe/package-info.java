/**
 * Observing a RayService (I/O): its RayClusters, their heads' readiness and Serve applications (dashboard), the last
 * serve config sent to each, its head and serve Services, the serve Service's ready endpoints and the serve Pods'
 * proxy health, read into one {@link dev.raykube.service.decide.RayServiceObservation}.
 */
package dev.raykube.service.observe;
