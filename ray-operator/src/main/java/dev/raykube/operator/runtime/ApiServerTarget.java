package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.client.Config;
import java.io.File;
import java.util.Collection;
import java.util.Objects;

/**
 * Where the operator's Kubernetes client connects to and where that came from, for messages such as "cannot reach the
 * API server at https://10.0.0.1:443/ (in-cluster service account)".
 *
 * @param url the API server URL
 * @param source how the client was configured: a kubeconfig file and context, the in-cluster service account, or
 *     neither
 */
public record ApiServerTarget(String url, String source) {

  /** Requires both values. */
  public ApiServerTarget {
    Objects.requireNonNull(url, "url");
    Objects.requireNonNull(source, "source");
  }

  /**
   * Describes a client configuration.
   *
   * @param config the client configuration
   * @param kubeconfigCandidates the kubeconfig files the client looked for when none was found (for the message)
   */
  public static ApiServerTarget of(Config config, Collection<String> kubeconfigCandidates) {
    String url = config.getMasterUrl() == null ? "(no URL)" : config.getMasterUrl();
    File file = config.getFileWithCluster() != null ? config.getFileWithCluster() : config.getFile();
    String context = config.getCurrentContext() == null ? null : config.getCurrentContext().getName();
    String source;
    if (file != null) {
      source = "kubeconfig " + file.getPath() + (context == null ? "" : ", context " + context);
    } else if (context != null) {
      source = "kubeconfig context " + context;
    } else if (config.getAutoOAuthToken() != null || System.getenv(Config.KUBERNETES_SERVICE_HOST_PROPERTY) != null) {
      source = "the in-cluster service account";
    } else {
      source = "no kubeconfig (looked for " + String.join(", ", kubeconfigCandidates)
          + ") and no in-cluster service account";
    }
    return new ApiServerTarget(url, source);
  }

  /** E.g. {@code https://127.0.0.1:6443/ (kubeconfig /home/me/.kube/config, context dev)}. */
  public String describe() {
    return url + " (" + source + ")";
  }
}
