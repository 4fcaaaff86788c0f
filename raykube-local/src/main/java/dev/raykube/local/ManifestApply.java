package dev.raykube.local;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.ArrayList;
import java.util.List;

/**
 * Applies manifests as {@code kubectl apply --server-side} would, in file order, with field manager
 * {@value #FIELD_MANAGER}; a namespaced object without a namespace goes to the client's namespace. The first object the
 * API server refuses (an unknown kind, a schema or CEL rule it breaks, a missing namespace) stops the apply with a
 * {@link ManifestException} naming the file, the object and the API server's reason.
 */
public final class ManifestApply {

  /** The field manager of every apply. */
  public static final String FIELD_MANAGER = "raykube-local";

  private ManifestApply() {
  }

  /**
   * Applies every manifest.
   *
   * @return the objects as the API server stored them, in order
   * @throws ManifestException for the first manifest refused
   */
  public static List<HasMetadata> apply(KubernetesClient client, List<Manifest> manifests) throws ManifestException {
    List<HasMetadata> applied = new ArrayList<>();
    for (Manifest manifest : manifests) {
      GenericKubernetesResource object = manifest.object();
      try {
        applied.add(client.resource(object).fieldManager(FIELD_MANAGER).forceConflicts().serverSideApply());
      } catch (KubernetesClientException e) {
        throw new ManifestException(manifest.file() + ": " + manifest.describe() + " refused by the API server: "
            + reason(e));
      }
    }
    return applied;
  }

  private static String reason(KubernetesClientException e) {
    if (e.getStatus() != null && e.getStatus().getMessage() != null) {
      return Manifest.firstLine(e.getStatus().getMessage());
    }
    String message = e.getMessage();
    if (message != null && message.contains("Could not find the metadata")) {
      return "the API server serves no such kind (" + Manifest.firstLine(message) + ")";
    }
    return Manifest.firstLine(message);
  }
}
