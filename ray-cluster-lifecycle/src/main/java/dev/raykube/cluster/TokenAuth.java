package dev.raykube.cluster;

import dev.raykube.model.cluster.AuthOptions;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * Ray token authentication ({@code authOptions.mode: token}, Ray 2.52 and later): the Ray container, the
 * {@code wait-gcs-ready} init container and the autoscaler get {@code RAY_AUTH_MODE=token} and {@code RAY_AUTH_TOKEN}
 * from key {@code auth_token} of a Secret named {@code authOptions.secretName}, or after the cluster. Both variables
 * are defaults: a value the user set in the container wins.
 *
 * <p>With {@code authOptions.enableK8sTokenAuth: true} (Ray 2.55 and later) there is no shared token and no Secret:
 * Ray delegates authentication to the Kubernetes API server. Those containers get {@code RAY_AUTH_MODE=token} and
 * {@code RAY_ENABLE_K8S_TOKEN_AUTH=true} instead, and the Pod's service-account token, projected into volume
 * {@value #K8S_TOKEN_VOLUME} at {@value #K8S_TOKEN_MOUNT_PATH}{@code /token}, is what each Ray process presents. Ray
 * checks a presented token with a TokenReview and a SubjectAccessReview of the custom verb {@code ray:write} on
 * {@code rayclusters.ray.io} (name {@code RAY_CLUSTER_NAME}, namespace {@code RAY_CLUSTER_NAMESPACE}, both set on
 * every Ray container by {@link RayContainerEnv}), so the Pods' service account needs RBAC for both: the user grants
 * it, as for KubeRay (see {@code docs/raycluster.md}).
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
  /** Environment variable turning on Ray's delegation of token checks to Kubernetes. */
  public static final String RAY_ENABLE_K8S_TOKEN_AUTH = "RAY_ENABLE_K8S_TOKEN_AUTH";
  /** The projected service-account token volume of Kubernetes token authentication (KubeRay's name). */
  public static final String K8S_TOKEN_VOLUME = "ray-token";
  /** Where Ray reads its Kubernetes token: the directory of file {@code token}. */
  public static final String K8S_TOKEN_MOUNT_PATH = "/var/run/secrets/ray.io/serviceaccount";

  private TokenAuth() {
  }

  /** Whether the spec asks for token authentication. */
  public static boolean isEnabled(RayClusterSpec spec) {
    AuthOptions auth = spec == null ? null : spec.getAuthOptions();
    return auth != null && MODE_TOKEN.equals(auth.getMode());
  }

  /** Whether the spec asks for token authentication delegated to Kubernetes ({@code enableK8sTokenAuth}). */
  public static boolean isKubernetesTokens(RayClusterSpec spec) {
    return isEnabled(spec) && Boolean.TRUE.equals(spec.getAuthOptions().getEnableK8sTokenAuth());
  }

  /** Whether the cluster's token lives in a Secret: token authentication without Kubernetes tokens. */
  public static boolean usesSecret(RayClusterSpec spec) {
    return isEnabled(spec) && !isKubernetesTokens(spec);
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

  /**
   * Adds {@code RAY_AUTH_MODE} and {@code RAY_AUTH_TOKEN} unless the container sets them; with Kubernetes tokens
   * {@code RAY_AUTH_MODE} and {@code RAY_ENABLE_K8S_TOKEN_AUTH} and the token volume's mount instead.
   */
  static void addEnv(Container container, RayCluster cluster) {
    ContainerEnv.setIfAbsent(container, RAY_AUTH_MODE, MODE_TOKEN);
    if (isKubernetesTokens(cluster.getSpec())) {
      ContainerEnv.setIfAbsent(container, RAY_ENABLE_K8S_TOKEN_AUTH, "true");
      List<VolumeMount> mounts = container.getVolumeMounts() == null ? new ArrayList<>()
          : new ArrayList<>(container.getVolumeMounts());
      if (mounts.stream().noneMatch(m -> K8S_TOKEN_VOLUME.equals(m.getName()))) {
        mounts.add(new VolumeMountBuilder().withName(K8S_TOKEN_VOLUME).withMountPath(K8S_TOKEN_MOUNT_PATH)
            .withReadOnly(true).build());
      }
      container.setVolumeMounts(mounts);
      return;
    }
    ContainerEnv.setIfAbsent(container, new EnvVarBuilder().withName(RAY_AUTH_TOKEN)
        .withNewValueFrom().withNewSecretKeyRef().withName(secretName(cluster)).withKey(SECRET_KEY)
        .endSecretKeyRef().endValueFrom().build());
  }

  /** With Kubernetes tokens, adds the projected service-account token volume unless the Pod has one of its name. */
  static void addTokenVolume(PodSpec spec, RayCluster cluster) {
    if (!isKubernetesTokens(cluster.getSpec())) {
      return;
    }
    List<Volume> volumes = spec.getVolumes() == null ? new ArrayList<>() : new ArrayList<>(spec.getVolumes());
    if (volumes.stream().noneMatch(v -> K8S_TOKEN_VOLUME.equals(v.getName()))) {
      volumes.add(new VolumeBuilder().withName(K8S_TOKEN_VOLUME).withNewProjected().addNewSource()
          .withNewServiceAccountToken().withPath("token").endServiceAccountToken().endSource().endProjected()
          .build());
    }
    spec.setVolumes(volumes);
  }
}
