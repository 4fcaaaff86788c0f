package dev.raykube.dashboard;

/**
 * One deployment of a Serve application.
 *
 * @param name the deployment name
 * @param status its status
 * @param message Ray's explanation, or null/empty
 */
public record ServeDeploymentDetails(String name, ServeDeploymentStatus status, String message) {}
