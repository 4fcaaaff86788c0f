package dev.raykube.operator.runtime;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Chooses the namespace of the leader-election Lease: the explicit setting, else the namespace of the pod the operator
 * runs in (the service-account namespace file), else the namespace of the client's configuration (a kubeconfig
 * context's namespace, {@code default} if it names none).
 */
public final class LeaseNamespace {

  /** Where Kubernetes mounts the pod's namespace. */
  public static final Path SERVICE_ACCOUNT_NAMESPACE_FILE =
      Path.of("/var/run/secrets/kubernetes.io/serviceaccount/namespace");

  private LeaseNamespace() {
  }

  /**
   * Resolves the namespace.
   *
   * @param explicit the {@code --leader-election-namespace} setting
   * @param serviceAccountNamespaceFile the pod namespace file (absent outside a pod)
   * @param clientNamespace the client configuration's namespace, may be null
   * @throws StartupFailure if no source names a namespace
   */
  public static String resolve(Optional<String> explicit, Path serviceAccountNamespaceFile, String clientNamespace)
      throws StartupFailure {
    if (explicit.isPresent()) {
      return explicit.get();
    }
    Optional<String> podNamespace = read(serviceAccountNamespaceFile);
    if (podNamespace.isPresent()) {
      return podNamespace.get();
    }
    if (clientNamespace != null && !clientNamespace.isBlank()) {
      return clientNamespace.strip();
    }
    throw new StartupFailure("Leader election needs a namespace for its Lease, but none was given"
        + " (--leader-election-namespace or LEADER_ELECTION_NAMESPACE), " + serviceAccountNamespaceFile
        + " does not exist and the client configuration names no namespace.");
  }

  private static Optional<String> read(Path file) {
    if (!Files.isRegularFile(file)) {
      return Optional.empty();
    }
    try {
      String value = Files.readString(file, StandardCharsets.UTF_8).strip();
      return value.isEmpty() ? Optional.empty() : Optional.of(value);
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
