package dev.raykube.dashboard;

import java.util.Map;

/**
 * The Serve instance of a cluster as {@code GET /api/serve/applications/} reports it. When Serve is not running, Ray
 * answers an empty schema: no applications.
 *
 * @param deployMode Ray's {@code deploy_mode} (older versions, e.g. {@code MULTI_APP}), or null
 * @param proxyLocation where proxies run (e.g. {@code EveryNode}), or null
 * @param targetCapacity the target capacity in percent, or null
 * @param applications the applications by name (unmodifiable, never null)
 */
public record ServeInstanceDetails(String deployMode, String proxyLocation, Double targetCapacity,
    Map<String, ServeApplicationDetails> applications) {

  /** Copies the applications. */
  public ServeInstanceDetails {
    applications = applications == null ? Map.of()
        : java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(applications));
  }
}
