package dev.raykube.dashboard;

import java.util.Map;

/**
 * One Serve application as {@code GET /api/serve/applications/} reports it.
 *
 * @param name the application name
 * @param routePrefix the HTTP route prefix, or null
 * @param docsPath the path of its API docs, or null
 * @param status its status
 * @param message Ray's explanation (e.g. a deploy error), or null/empty
 * @param lastDeployedTimeSeconds when it was last deployed, in epoch seconds, or null
 * @param deployments its deployments by name (unmodifiable, never null)
 */
public record ServeApplicationDetails(String name, String routePrefix, String docsPath, ServeApplicationStatus status,
    String message, Double lastDeployedTimeSeconds, Map<String, ServeDeploymentDetails> deployments) {

  /** Copies the deployments. */
  public ServeApplicationDetails {
    deployments = deployments == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(deployments));
  }
}
