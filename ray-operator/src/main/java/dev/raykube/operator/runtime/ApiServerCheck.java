package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.api.model.APIResource;
import io.fabric8.kubernetes.api.model.APIResourceList;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.VersionInfo;
import io.fabric8.kubernetes.client.http.HttpClient;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import javax.net.ssl.SSLException;

/**
 * Checks, before the operator framework starts, that the API server answers and that the custom resources of the
 * registered controllers exist; each failure becomes a {@link StartupFailure} whose message is one sentence naming what
 * was tried.
 */
public final class ApiServerCheck {

  /** How long the reachability check waits for a TCP/TLS connection. */
  public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);
  /** How long the reachability check waits for the answer to {@code GET /version}. */
  public static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);

  private ApiServerCheck() {
  }

  /**
   * Asks {@code GET /version} once, without the client's retries and with short timeouts.
   *
   * @param config where and how to connect
   * @param interceptors installs the operator's HTTP interceptors on the probe client too

   * @return the server's version
   * @throws StartupFailure if the server cannot be reached or rejects the credentials
   */
  public static VersionInfo verifyReachable(Config config, Consumer<HttpClient.Builder> interceptors)
      throws StartupFailure {
    ApiServerTarget target = ApiServerTarget.of(config, Config.getKubeconfigFilenames());
    Config probeConfig = new ConfigBuilder(config)
        .withRequestRetryBackoffLimit(0)
        .withConnectionTimeout((int) CONNECT_TIMEOUT.toMillis())
        .withRequestTimeout((int) REQUEST_TIMEOUT.toMillis())
        .build();
    try (KubernetesClient probe = new KubernetesClientBuilder().withConfig(probeConfig)
        .withHttpClientBuilderConsumer(interceptors).build()) {
      return probe.getKubernetesVersion();
    } catch (KubernetesClientException e) {
      throw new StartupFailure(unreachableSentence(target, e), e);
    } catch (RuntimeException e) {
      throw new StartupFailure("Cannot reach the Kubernetes API server at " + target.describe() + ": "
          + ClientConfigs.rootMessage(e) + ".", e);
    }
  }

  /**
   * Checks that the API server is Kubernetes {@code major.minor} or newer, for a feature that needs it. A minor version
   * with a suffix ({@code 35+}, as some providers report it) counts by its digits.
   *
   * @param version what {@code GET /version} answered
   * @param feature the feature that needs the version, for the message
   * @throws StartupFailure if the version is older or cannot be read
   */
  public static void verifyVersionAtLeast(VersionInfo version, int major, int minor, String feature)
      throws StartupFailure {
    int[] actual = majorMinor(version);
    String needed = major + "." + minor;
    if (actual == null) {
      throw new StartupFailure(feature + " needs Kubernetes " + needed + " or newer, and the API server's version ("
          + (version == null ? "none" : version.getMajor() + "." + version.getMinor()) + ") cannot be read.");
    }
    if (actual[0] < major || actual[0] == major && actual[1] < minor) {
      throw new StartupFailure(feature + " needs Kubernetes " + needed + " or newer; the API server is "
          + actual[0] + "." + actual[1] + ".");
    }
  }

  private static int[] majorMinor(VersionInfo version) {
    if (version == null || version.getMajor() == null || version.getMinor() == null) {
      return null;
    }
    String major = version.getMajor().replaceAll("\\D.*$", "");
    String minor = version.getMinor().replaceAll("\\D.*$", "");
    if (major.isEmpty() || minor.isEmpty()) {
      return null;
    }
    try {
      return new int[] {Integer.parseInt(major), Integer.parseInt(minor)};
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Checks through API discovery ({@code GET /apis/<group>/<version>}, allowed to every authenticated user) that the
   * cluster serves each custom resource type.
   *
   * @throws StartupFailure naming the missing resources and how to install them
   */
  public static void verifyResourcesServed(KubernetesClient client, Collection<Class<? extends HasMetadata>> types)
      throws StartupFailure {
    Map<String, Set<String>> wantedByGroupVersion = new LinkedHashMap<>();
    for (Class<? extends HasMetadata> type : types) {
      wantedByGroupVersion.computeIfAbsent(HasMetadata.getApiVersion(type), k -> new TreeSet<>())
          .add(HasMetadata.getPlural(type));
    }
    Set<String> missing = new TreeSet<>();
    for (Map.Entry<String, Set<String>> entry : wantedByGroupVersion.entrySet()) {
      APIResourceList served;
      try {
        served = client.getApiResources(entry.getKey());
      } catch (KubernetesClientException e) {
        throw new StartupFailure("Cannot list the resources of " + entry.getKey() + " on the Kubernetes API server at "
            + client.getConfiguration().getMasterUrl() + ": " + ClientConfigs.rootMessage(e) + ".", e);
      }
      Set<String> names = served == null ? Set.of()
          : served.getResources().stream().map(APIResource::getName).collect(Collectors.toSet());
      String group = entry.getKey().contains("/") ? entry.getKey().substring(0, entry.getKey().indexOf('/')) : "";
      entry.getValue().stream().filter(plural -> !names.contains(plural))
          .forEach(plural -> missing.add(plural + (group.isEmpty() ? "" : "." + group)));
    }
    if (!missing.isEmpty()) {
      throw new StartupFailure("The custom resource definitions " + String.join(", ", missing)
          + " are not installed on the Kubernetes API server at " + client.getConfiguration().getMasterUrl()
          + "; install them with 'kubectl apply -k ray-operator/deploy/crds'.");
    }
  }

  private static String unreachableSentence(ApiServerTarget target, KubernetesClientException e) {
    int code = e.getCode();
    if (code == 401) {
      return "The Kubernetes API server at " + target.describe()
          + " rejected the operator's credentials (HTTP 401 Unauthorized).";
    }
    if (code == 403) {
      return "The Kubernetes API server at " + target.describe()
          + " refused the operator's request for /version (HTTP 403 Forbidden).";
    }
    if (code > 0) {
      return "The Kubernetes API server at " + target.describe() + " answered GET /version with HTTP " + code + ".";
    }
    return "Cannot reach the Kubernetes API server at " + target.describe() + ": " + reason(e) + ".";
  }

  private static String reason(Throwable e) {
    for (Throwable t : causes(e)) {
      if (t instanceof ConnectException) {
        return "connection refused";
      }
      if (t instanceof UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
      if (t instanceof NoRouteToHostException) {
        return "no route to host";
      }
      if (t instanceof HttpTimeoutException || t instanceof TimeoutException) {
        return "no answer within " + REQUEST_TIMEOUT.toSeconds() + " s";
      }
      if (t instanceof SSLException) {
        return "TLS handshake failed (" + ClientConfigs.rootMessage(t) + ")";
      }
    }
    return ClientConfigs.rootMessage(e);
  }

  private static List<Throwable> causes(Throwable e) {
    List<Throwable> chain = new java.util.ArrayList<>();
    for (Throwable t = e; t != null && !chain.contains(t); t = t.getCause()) {
      chain.add(t);
    }
    return chain;
  }
}
