package dev.raykube.operator.runtime;

import dev.raykube.operator.OperatorSettings;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.nio.file.Path;

/** Builds the Kubernetes client configuration the operator connects with. */
public final class ClientConfigs {

  private ClientConfigs() {
  }

  /**
   * The configuration for {@code settings}: the explicit {@code --kubeconfig} file if given, otherwise the client's own
   * lookup ({@code KUBECONFIG}, {@code ~/.kube/config}, then the in-cluster service account).
   *
   * @throws StartupFailure if the kubeconfig file cannot be parsed
   */
  public static Config fromSettings(OperatorSettings settings) throws StartupFailure {
    if (settings.kubeconfig().isPresent()) {
      Path file = settings.kubeconfig().get();
      try {
        return Config.fromKubeconfig(null, file.toFile());
      } catch (KubernetesClientException | IllegalArgumentException e) {
        throw new StartupFailure("Cannot use kubeconfig " + file + ": " + rootMessage(e) + ".", e);
      }
    }
    try {
      return Config.autoConfigure(null);
    } catch (KubernetesClientException | IllegalArgumentException e) {
      throw new StartupFailure("Cannot configure the Kubernetes client from "
          + String.join(", ", Config.getKubeconfigFilenames()) + " or the in-cluster service account: "
          + rootMessage(e) + ".", e);
    }
  }

  /**
   * A short description of a failure for a one-sentence message: the API server's answer (HTTP code and status
   * message) when the failure is one, otherwise the innermost cause's message.
   */
  static String describe(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof KubernetesClientException k && k.getCode() > 0) {
        String message = k.getStatus() != null && k.getStatus().getMessage() != null ? k.getStatus().getMessage()
            : rootMessage(k);
        return "the API server answered HTTP " + k.getCode() + " (" + strip(message) + ")";
      }
    }
    return rootMessage(e);
  }

  static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return strip(root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage());
  }

  private static String strip(String message) {
    String m = message.strip();
    while (m.endsWith(".")) {
      m = m.substring(0, m.length() - 1);
    }
    return m.replace('\n', ' ');
  }
}
