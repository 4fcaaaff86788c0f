package dev.raykube.kernel.dashboard;

import dev.raykube.cluster.HeadServiceFactory;
import dev.raykube.cluster.RayClusterNames;
import dev.raykube.cluster.RayStartParams;
import dev.raykube.cluster.TokenAuth;
import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The dashboard of a RayCluster as seen from inside the Kubernetes cluster, the way KubeRay addresses it:
 * {@code http://<head service>.<namespace>.svc.<cluster domain>:<dashboard port>}.
 *
 * <ul>
 *   <li>Head Service: {@code status.head.serviceName}, else {@code spec.headGroupSpec.headService.metadata.name}, else
 *       {@code <cluster>-head-svc}. While it does not exist the endpoint is empty ("not yet").</li>
 *   <li>Port: the Service port named {@code dashboard}; if the Service has none, the head's
 *       {@code rayStartParams.dashboard-port}, else 8265.</li>
 *   <li>Token: only with {@code spec.authOptions.mode: token}, from key {@code auth_token} of the Secret
 *       {@code authOptions.secretName} (default: the cluster's name). A missing Secret or key is a
 *       {@link DashboardAccessException}.</li>
 * </ul>
 *
 * <p>The Service is read through {@link ServiceReads}: from the API server on every call by default
 * ({@link #InClusterDashboardAccess(KubernetesClient, String)}, for a program without informers), or from the
 * caller's informer cache first ({@link #InClusterDashboardAccess(ServiceReads, KubernetesClient, String)}; the
 * reference operator passes the RayCluster controller's head Service informer, so a RayJob reconcile with the head
 * Service in the cache makes no Kubernetes read). The Secret (only with token auth) is read through the client on
 * every call. Thread-safe.
 */
public final class InClusterDashboardAccess implements DashboardAccess {

  /** The usual Kubernetes DNS domain. */
  public static final String DEFAULT_CLUSTER_DOMAIN = "cluster.local";
  /** The {@code authOptions.mode} that turns token authentication on: {@link TokenAuth#MODE_TOKEN}. */
  public static final String TOKEN_MODE = TokenAuth.MODE_TOKEN;
  /** The key of the token in the auth Secret: {@link TokenAuth#SECRET_KEY}. */
  public static final String TOKEN_KEY = TokenAuth.SECRET_KEY;

  private final ServiceReads services;
  private final KubernetesClient client;
  private final String clusterDomain;

  /**
   * Access that reads the head Service from the API server on every call.
   *
   * @param client reads the head Service and the auth token Secret
   * @param clusterDomain the Kubernetes cluster's DNS domain, e.g. {@code cluster.local}
   */
  public InClusterDashboardAccess(KubernetesClient client, String clusterDomain) {
    this(ServiceReads.fromApi(Objects.requireNonNull(client, "client")), client, clusterDomain);
  }

  /**
   * Access that reads the head Service through {@code services} (e.g. an informer cache, then the API server).
   *
   * @param services where the head Service is read
   * @param client reads the auth token Secret
   * @param clusterDomain the Kubernetes cluster's DNS domain, e.g. {@code cluster.local}
   */
  public InClusterDashboardAccess(ServiceReads services, KubernetesClient client, String clusterDomain) {
    this.services = Objects.requireNonNull(services, "services");
    this.client = Objects.requireNonNull(client, "client");
    Objects.requireNonNull(clusterDomain, "clusterDomain");
    String domain = clusterDomain.strip();
    if (domain.isEmpty() || domain.startsWith(".") || domain.endsWith(".")) {
      throw new IllegalArgumentException("not a DNS domain: '" + clusterDomain + "'");
    }
    this.clusterDomain = domain;
  }

  @Override
  public Optional<DashboardEndpoint> endpoint(RayCluster cluster) {
    Objects.requireNonNull(cluster, "cluster");
    String namespace = cluster.getMetadata().getNamespace();
    String serviceName = headServiceName(cluster);
    Service service = services.service(namespace, serviceName);
    if (service == null) {
      return Optional.empty();
    }
    int port = dashboardPort(service).orElseGet(() -> configuredDashboardPort(cluster));
    String url = "http://" + serviceName + "." + namespace + ".svc." + clusterDomain + ":" + port;
    return Optional.of(new DashboardEndpoint(url, token(cluster).orElse(null)));
  }

  /**
   * The token of a cluster with token authentication, read from its Secret.
   *
   * @return the token, or empty when the cluster does not use token authentication
   * @throws DashboardAccessException if the Secret or its {@code auth_token} key is missing or empty
   */
  public Optional<String> token(RayCluster cluster) {
    if (!usesToken(cluster)) {
      return Optional.empty();
    }
    String namespace = cluster.getMetadata().getNamespace();
    String secretName = tokenSecretName(cluster);
    Secret secret = client.secrets().inNamespace(namespace).withName(secretName).get();
    if (secret == null) {
      throw new DashboardAccessException("RayCluster " + cluster.getMetadata().getName() + " uses token "
          + "authentication, but its Secret " + namespace + "/" + secretName + " does not exist");
    }
    String token = null;
    Map<String, String> data = secret.getData();
    if (data != null && data.get(TOKEN_KEY) != null) {
      try {
        token = new String(Base64.getDecoder().decode(data.get(TOKEN_KEY).strip()), StandardCharsets.UTF_8);
      } catch (IllegalArgumentException notBase64) {
        throw new DashboardAccessException("Key " + TOKEN_KEY + " of Secret " + namespace + "/" + secretName
            + " is not base64", notBase64);
      }
    } else if (secret.getStringData() != null) {
      token = secret.getStringData().get(TOKEN_KEY);
    }
    if (token == null || token.isBlank()) {
      throw new DashboardAccessException("Secret " + namespace + "/" + secretName + " of RayCluster "
          + cluster.getMetadata().getName() + " has no non-empty key " + TOKEN_KEY);
    }
    return Optional.of(token.strip());
  }

  /** Whether the cluster's {@code spec.authOptions.mode} is {@code token} ({@link TokenAuth#isEnabled}). */
  public static boolean usesToken(RayCluster cluster) {
    return TokenAuth.isEnabled(cluster.getSpec());
  }

  /** The auth token Secret's name ({@link TokenAuth#secretName}): {@code authOptions.secretName}, or the cluster's. */
  public static String tokenSecretName(RayCluster cluster) {
    String name = TokenAuth.secretName(cluster);
    return name == null ? null : name.strip();
  }

  /**
   * The head Service's name: {@code status.head.serviceName}, else the name the operator gives it
   * ({@link RayClusterNames#headService}: {@code headGroupSpec.headService.metadata.name}, else
   * {@code <cluster>-head-svc}).
   */
  public static String headServiceName(RayCluster cluster) {
    if (cluster.getStatus() != null && cluster.getStatus().getHead() != null) {
      String reported = cluster.getStatus().getHead().getServiceName();
      if (reported != null && !reported.isBlank()) {
        return reported;
      }
    }
    return RayClusterNames.headService(cluster);
  }

  /**
   * The head's {@code rayStartParams.dashboard-port}, else Ray's default {@link RayStartParams#DEFAULT_DASHBOARD_PORT}
   * (also for a value that is not a port).
   */
  public static int configuredDashboardPort(RayCluster cluster) {
    HeadGroupSpec head = cluster.getSpec() == null ? null : cluster.getSpec().getHeadGroupSpec();
    Map<String, String> params = head == null ? null : head.getRayStartParams();
    String value = params == null ? null : params.get(RayStartParams.DASHBOARD_PORT);
    if (value != null) {
      try {
        int port = Integer.parseInt(value.strip());
        if (port >= 1 && port <= 65535) {
          return port;
        }
      } catch (NumberFormatException notANumber) {
        // the default below; the RayCluster validator reports the bad value
      }
    }
    return RayStartParams.DEFAULT_DASHBOARD_PORT;
  }

  private static Optional<Integer> dashboardPort(Service service) {
    if (service.getSpec() == null || service.getSpec().getPorts() == null) {
      return Optional.empty();
    }
    for (ServicePort port : service.getSpec().getPorts()) {
      if (HeadServiceFactory.DASHBOARD_PORT_NAME.equals(port.getName()) && port.getPort() != null) {
        return Optional.of(port.getPort());
      }
    }
    return Optional.empty();
  }

  @Override
  public String toString() {
    return "InClusterDashboardAccess{" + clusterDomain + "}";
  }
}
