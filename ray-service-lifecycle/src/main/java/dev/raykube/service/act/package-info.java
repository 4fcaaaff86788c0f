/**
 * Carrying out the decisions of the RayService state machine (I/O: {@link dev.raykube.service.act.RayServiceActuator})
 * and the pure builders of what it creates ({@link dev.raykube.service.act.RayServiceObjects}).
 */
package dev.raykube.service.act;
