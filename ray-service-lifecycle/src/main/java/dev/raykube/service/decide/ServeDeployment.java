package dev.raykube.service.decide;

import java.util.Objects;

/**
 * The last serve config the caller sent to a cluster ({@link RayServiceAction.DeployServeConfig}) and how Serve took
 * it. The caller keeps one per RayCluster (in memory, keyed by the cluster's uid) and reports it in
 * {@link ObservedCluster#lastDeployment()}; none (after an operator restart) means the config is sent.
 * A config whose hash equals an accepted or rejected deployment's is not sent again, except to a head that lost its
 * applications; a rejected one is sent again only once the config changes, so a bad config never loops.
 *
 * @param configHash {@link ServeConfig#hash()} of the config sent; not null
 * @param rejection Serve's answer when it rejected the config (HTTP 4xx), {@code null} when it accepted it
 */
public record ServeDeployment(String configHash, String rejection) {

  /** Checks the hash is given. */
  public ServeDeployment {
    Objects.requireNonNull(configHash, "configHash");
  }

  /** Returns "Serve accepted the config with this hash". */
  public static ServeDeployment accepted(String configHash) {
    return new ServeDeployment(configHash, null);
  }

  /** Returns "Serve rejected the config with this hash", with Serve's message. */
  public static ServeDeployment rejected(String configHash, String message) {
    return new ServeDeployment(configHash, Objects.requireNonNull(message, "message"));
  }

  /** Whether Serve rejected the config. */
  public boolean wasRejected() {
    return rejection != null;
  }
}
