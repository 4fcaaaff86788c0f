package dev.raykube.operator.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.function.Consumer;

/**
 * A test's change to an object the running operator also writes: read, change, write, and again on a 409 (the
 * operator's write got in between), at most 10 times.
 */
public final class ConflictRetryingEdit {
  private static final int ATTEMPTS = 10;

  private ConflictRetryingEdit() {
  }

  /** Applies {@code change} to the latest {@code namespace/name} of {@code type}; returns it as written. */
  public static <T extends HasMetadata> T edit(KubernetesClient client, Class<T> type, String namespace,
      String name, Consumer<T> change) {
    for (int attempt = 1; ; attempt++) {
      try {
        return client.resources(type).inNamespace(namespace).withName(name).edit(object -> {
          change.accept(object);
          return object;
        });
      } catch (KubernetesClientException e) {
        if (e.getCode() != 409 || attempt == ATTEMPTS) {
          throw e;
        }
      }
    }
  }
}
