package dev.raykube.sandbox;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.authentication.TokenRequest;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The service-account credentials of a Pod whose processes need them, where Ray expects them: Ray processes that check
 * tokens with Kubernetes ({@code RAY_ENABLE_K8S_TOKEN_AUTH=true}, from {@code authOptions.enableK8sTokenAuth}), and
 * Ray's autoscaler, which reads and patches the RayCluster and its Pods.
 *
 * <p>Ray reads fixed paths: its own token at {@code /var/run/secrets/ray.io/serviceaccount/token} (the projected
 * volume {@code ray-token}), and, to call the API server, {@code /var/run/secrets/kubernetes.io/serviceaccount/token}
 * and {@code ca.crt} with {@code KUBERNETES_SERVICE_HOST}/{@code _PORT} ({@code _PORT_HTTPS} for the autoscaler). Every Pod of the sandbox shares this
 * machine's file system, so each such Pod gets a private mount namespace: its processes run under
 * {@code unshare --mount}, which binds the Pod's own {@code secrets} directory over {@code /var/run/secrets} before it
 * starts the command (nothing is mounted on the machine itself; needs root, as the sandbox has). The token is a
 * TokenRequest of the Pod's service account (its {@code serviceAccountName}, else {@code default}), bound to the Pod,
 * valid for an hour; the CA is the API server's, and the service host and port are the API server's address (what
 * kube-proxy would make of the {@code kubernetes} Service).
 */
final class PodServiceAccount {

  /** Where Kubernetes mounts a Pod's credentials, and where the Pod's own directory is bound in its namespace. */
  static final String SECRETS = "/var/run/secrets";
  private static final long TOKEN_SECONDS = 3600;

  private final Path secrets;
  private final boolean kubernetesTokens;
  private final String token;
  private final String apiHost;
  private final int apiPort;

  private PodServiceAccount(Path secrets, boolean kubernetesTokens, String token, String apiHost, int apiPort) {
    this.secrets = secrets;
    this.kubernetesTokens = kubernetesTokens;
    this.token = token;
    this.apiHost = apiHost;
    this.apiPort = apiPort;
  }

  /** Whether the Pod's Ray container delegates token checks to Kubernetes ({@code RAY_ENABLE_K8S_TOKEN_AUTH}). */
  private static boolean checksKubernetesTokens(NodeContext context, Pod pod) {
    Container ray = pod.getSpec().getContainers().get(0);
    return "true".equalsIgnoreCase(PodEnv.of(context.client, pod, ray).get("RAY_ENABLE_K8S_TOKEN_AUTH"));
  }

  /**
   * The credentials of the Pod, written under {@code dir/secrets}, if one of its processes needs them: its Ray
   * container delegates token checks to Kubernetes, or it has the autoscaler container ({@link HeadAutoscaler}),
   * which calls the API server with them; else empty.
   */
  static Optional<PodServiceAccount> of(NodeContext context, Pod pod, Path dir) {
    boolean autoscaler = pod.getSpec().getContainers().stream()
        .anyMatch(c -> HeadAutoscaler.CONTAINER.equals(c.getName()));
    boolean kubernetesTokens = checksKubernetesTokens(context, pod);
    if (!autoscaler && !kubernetesTokens) {
      return Optional.empty();
    }
    String namespace = pod.getMetadata().getNamespace();
    String account = pod.getSpec().getServiceAccountName() == null || pod.getSpec().getServiceAccountName().isBlank()
        ? "default" : pod.getSpec().getServiceAccountName();
    TokenRequest request = new TokenRequestBuilder().withNewSpec().withExpirationSeconds(TOKEN_SECONDS)
        .withNewBoundObjectRef().withApiVersion("v1").withKind("Pod").withName(pod.getMetadata().getName())
        .withUid(pod.getMetadata().getUid()).endBoundObjectRef().endSpec().build();
    String token = context.client.serviceAccounts().inNamespace(namespace).withName(account).tokenRequest(request)
        .getStatus().getToken();
    Config config = context.client.getConfiguration();
    URI api = URI.create(config.getMasterUrl());
    Path secrets = dir.resolve("secrets");
    try {
      Path kubernetes = Files.createDirectories(secrets.resolve("kubernetes.io/serviceaccount"));
      Files.writeString(kubernetes.resolve("token"), token);
      Files.writeString(kubernetes.resolve("namespace"), namespace);
      Files.write(kubernetes.resolve("ca.crt"), caOf(config));
      Files.writeString(Files.createDirectories(secrets.resolve("ray.io/serviceaccount")).resolve("token"), token);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the service-account files of " + pod.getMetadata().getName(), e);
    }
    return Optional.of(new PodServiceAccount(secrets, kubernetesTokens, token, api.getHost(),
        api.getPort() > 0 ? api.getPort() : 443));
  }

  private static byte[] caOf(Config config) throws IOException {
    if (config.getCaCertData() != null && !config.getCaCertData().isBlank()) {
      return Base64.getDecoder().decode(config.getCaCertData().strip());
    }
    if (config.getCaCertFile() != null) {
      return Files.readAllBytes(Path.of(config.getCaCertFile()));
    }
    throw new IllegalStateException("the client's configuration has no CA certificate of the API server");
  }

  /** Whether the Pod's Ray processes check tokens with Kubernetes (else the credentials are the autoscaler's). */
  boolean kubernetesTokens() {
    return kubernetesTokens;
  }

  /** The Pod's token: what a check from outside the Pod presents (as {@code RAY_AUTH_TOKEN} or a bearer token). */
  String token() {
    return token;
  }

  /** Adds the API server's address as the Pod's {@code kubernetes} Service environment would give it. */
  void addEnvironment(Map<String, String> env) {
    env.put("KUBERNETES_SERVICE_HOST", apiHost);
    env.put("KUBERNETES_SERVICE_PORT", Integer.toString(apiPort));
    env.put("KUBERNETES_SERVICE_PORT_HTTPS", Integer.toString(apiPort));
  }

  /** The command, run in a mount namespace of its own with the Pod's secrets at {@value #SECRETS}. */
  List<String> wrap(List<String> command) {
    List<String> wrapped = new ArrayList<>(List.of("unshare", "--mount", "--propagation", "private", "--",
        "/bin/sh", "-c", "mkdir -p " + SECRETS + " && mount --bind \"$0\" " + SECRETS + " && exec \"$@\"",
        secrets.toString()));
    wrapped.addAll(command);
    return wrapped;
  }
}
