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
        if (unknownKind(e)) {
          throw new ManifestException(manifest.file() + ": " + manifest.describe() + ": the API server serves no kind "
              + object.getKind() + " in " + object.getApiVersion());
        }
        throw new ManifestException(manifest.file() + ": " + manifest.describe() + " refused by the API server: "
            + reason(e));
      }
    }
    return applied;
  }

  private static boolean unknownKind(KubernetesClientException e) {
    String message = e.getMessage() == null ? "" : e.getMessage();
    return message.startsWith("Could not find a registered handler for item"); // fabric8: discovery has no such kind
  }

  private static String reason(KubernetesClientException e) {
    if (e.getStatus() != null && e.getStatus().getMessage() != null) {
      return Manifest.firstLine(e.getStatus().getMessage());
    }
    return Manifest.firstLine(e.getMessage());
  }
}
