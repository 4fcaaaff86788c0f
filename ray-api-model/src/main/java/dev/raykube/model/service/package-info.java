/**
 * The {@code RayService} resource: {@link dev.raykube.model.service.RayService}, its spec (cluster template, Serve
 * config, upgrade strategy) and status (active and pending cluster, Serve application and deployment statuses).
 */
package dev.raykube.model.service;
