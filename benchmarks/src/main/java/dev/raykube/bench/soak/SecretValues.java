package dev.raykube.bench.soak;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/** One value of a Secret, decoded, as the kubelet hands it to a container. */
final class SecretValues {

  private SecretValues() {}

  /**
   * The decoded value of {@code key} in Secret {@code namespace/name}; empty if the Secret or the key is missing.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException the API server did not answer
   */
  static Optional<String> read(KubernetesClient client, String namespace, String name, String key) {
    Secret secret = client.secrets().inNamespace(namespace).withName(name).get();
    String encoded = secret == null || secret.getData() == null ? null : secret.getData().get(key);
    return Optional.ofNullable(encoded).map(e -> new String(Base64.getDecoder().decode(e), StandardCharsets.UTF_8));
  }
}
