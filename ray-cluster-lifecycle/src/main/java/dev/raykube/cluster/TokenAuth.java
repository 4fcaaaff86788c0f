package dev.raykube.cluster;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * Ray token authentication ({@code authOptions.mode: token}, Ray 2.52 and later): the Ray container, the
 * {@code wait-gcs-ready} init container and the autoscaler get {@code RAY_AUTH_MODE=token} and {@code RAY_AUTH_TOKEN}
 * from key {@code auth_token} of a Secret named {@code authOptions.secretName}, or after the cluster. Both variables
 * are defaults: a value the user set in the container wins.
 */
public final class TokenAuth {

  /** The {@code authOptions.mode} that turns token authentication on. */
  public static final String MODE_TOKEN = "token";
  /** The {@code authOptions.mode} that leaves authentication off (also the meaning of an unset mode). */
  public static final String MODE_DISABLED = "disabled";
  /** Environment variable selecting Ray's authentication mode. */
  public static final String RAY_AUTH_MODE = "RAY_AUTH_MODE";
  /** Environment variable carrying the token. */
  public static final String RAY_AUTH_TOKEN = "RAY_AUTH_TOKEN";
  /** The key of the token in the Secret. */
  public static final String SECRET_KEY = "auth_token";

  private TokenAuth() {
  }

  /** Whether the spec asks for token authentication. */
  public static boolean isEnabled(RayClusterSpec spec) {
    AuthOptions auth = spec == null ? null : spec.getAuthOptions();
    return auth != null && MODE_TOKEN.equals(auth.getMode());
  }

  /** The Secret holding the token: {@code authOptions.secretName}, or the cluster's name. */
  public static String secretName(RayCluster cluster) {
    AuthOptions auth = cluster.getSpec() == null ? null : cluster.getSpec().getAuthOptions();
    String named = auth == null ? null : auth.getSecretName();
    return named == null || named.isBlank() ? cluster.getMetadata().getName() : named;
  }

  /**
   * The Secret the operator creates when none exists, holding the given token under {@code auth_token}, owned by the
   * cluster. Generating the token (randomness) is the caller's job, so this stays a pure function.
   */
  public static Secret secret(RayCluster cluster, String token, ClusterBuildSettings settings) {
    if (token == null || token.isBlank()) {
      throw new IllegalArgumentException("the Ray auth token must not be blank");
    }
    return new SecretBuilder()
        .withNewMetadata()
        .withName(secretName(cluster))
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(RayClusterLabels.forClusterObject(cluster.getMetadata().getName(), settings.createdBy()))
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withType("Opaque")
        .withData(Map.of(SECRET_KEY,
            Base64.getEncoder().encodeToString(token.getBytes(StandardCharsets.UTF_8))))
        .build();
  }

  /** Adds {@code RAY_AUTH_MODE} and {@code RAY_AUTH_TOKEN} unless the container sets them. */
  static void addEnv(Container container, RayCluster cluster) {
    ContainerEnv.setIfAbsent(container, RAY_AUTH_MODE, MODE_TOKEN);
    ContainerEnv.setIfAbsent(container, new EnvVarBuilder().withName(RAY_AUTH_TOKEN)
        .withNewValueFrom().withNewSecretKeyRef().withName(secretName(cluster)).withKey(SECRET_KEY)
        .endSecretKeyRef().endValueFrom().build());
  }
}
