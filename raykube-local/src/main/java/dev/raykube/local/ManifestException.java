package dev.raykube.local;

/**
 * A manifest that cannot be run: not YAML, not a Kubernetes object, an unknown kind, or refused by the API server. The
 * message is one line that names the file and the reason, e.g.
 * {@code examples/bad.yaml: document 2 has no kind}.
 */
public final class ManifestException extends Exception {

  private static final long serialVersionUID = 1L;

  /**
   * A manifest error.
   *
   * @param message one line: the file, then the reason
   */
  public ManifestException(String message) {
    super(message);
  }
}
