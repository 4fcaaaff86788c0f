package dev.raykube.cluster;

import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.ServicePortBuilder;
import io.fabric8.kubernetes.api.model.ServiceSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Builds the head Service {@code <cluster>-head-svc}, through which workers, drivers and users reach the head.
 *
 * <p>Type: {@code headGroupSpec.serviceType}, else the custom {@code headService}'s type, else {@code ClusterIP}. A
 * {@code ClusterIP} Service is <em>headless</em> ({@code clusterIP: None}, {@code publishNotReadyAddresses: true}) so
 * workers can resolve the head before its readiness probe passes, unless
 * {@link ClusterBuildSettings#headServiceClusterIp()} asks for a virtual IP or the custom Service sets
 * {@code clusterIP} itself.
 *
 * <p>Ports: those of the custom {@code headService} first, then one per port of the head's Ray container as written
 * (its name, or {@code <port>-port} when unnamed) whose name is not taken yet, or, if that container declares no ports,
 * the defaults {@code client 10001}, {@code dashboard 8265}, {@code gcs-server 6379}, {@code metrics 8080} and
 * {@code serve 8000} (GCS, dashboard and metrics ports follow {@code rayStartParams}); {@code metrics} is always
 * present. Generated ports have {@code appProtocol: tcp} and {@code targetPort} = {@code port}; all are sorted by name.
 *
 * <p>Selector: {@link RayClusterLabels#headSelector} (forced, whatever the custom Service says). Annotations: the
 * custom Service's, then {@code spec.headServiceAnnotations} (which win). Owned by the RayCluster.
 */
public final class HeadServiceFactory {

  /** Port of Ray Client. */
  public static final int DEFAULT_CLIENT_PORT = 10001;
  /** Port of Ray Serve's HTTP proxy. */
  public static final int DEFAULT_SERVE_PORT = 8000;
  /** The name of the port that serves the dashboard (and the Jobs REST API). */
  public static final String DASHBOARD_PORT_NAME = "dashboard";
  /** The name of the container port Ray Serve's HTTP proxy listens on. */
  public static final String SERVE_PORT_NAME = "serve";

  private final ClusterBuildSettings settings;

  /** A factory for the given operator settings. */
  public HeadServiceFactory(ClusterBuildSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /**
   * The port Ray Serve's proxy listens on in a Ray container: its port named {@value #SERVE_PORT_NAME}, else
   * {@value #DEFAULT_SERVE_PORT}.
   *
   * @param ray the Ray container, or null (the default then)
   */
  public static int servePort(Container ray) {
    if (ray != null && ray.getPorts() != null) {
      for (ContainerPort port : ray.getPorts()) {
        if (SERVE_PORT_NAME.equals(port.getName()) && port.getContainerPort() != null) {
          return port.getContainerPort();
        }
      }
    }
    return DEFAULT_SERVE_PORT;
  }

  /** The head Service of the cluster. */
  public Service build(RayCluster cluster) {
    HeadGroupSpec head = cluster.getSpec().getHeadGroupSpec();
    String clusterName = cluster.getMetadata().getName();
    Service custom = head.getHeadService() == null ? new Service() : new ServiceBuilder(head.getHeadService()).build();
    ObjectMeta customMeta = custom.getMetadata() == null ? new ObjectMeta() : custom.getMetadata();
    ServiceSpec spec = custom.getSpec() == null ? new ServiceSpec() : custom.getSpec();

    Map<String, String> labels = new TreeMap<>();
    if (customMeta.getLabels() != null) {
      labels.putAll(customMeta.getLabels());
    }
    labels.putAll(RayClusterLabels.forHeadService(clusterName, settings.createdBy()));
    Map<String, String> annotations = new TreeMap<>();
    if (customMeta.getAnnotations() != null) {
      annotations.putAll(customMeta.getAnnotations());
    }
    if (cluster.getSpec().getHeadServiceAnnotations() != null) {
      annotations.putAll(cluster.getSpec().getHeadServiceAnnotations());
    }

    String type = firstText(head.getServiceType(), spec.getType(), "ClusterIP");
    spec.setType(type);
    spec.setSelector(RayClusterLabels.headSelector(clusterName));
    spec.setPorts(ports(spec.getPorts(), head, cluster));
    if ("ClusterIP".equals(type) && !settings.headServiceClusterIp() && spec.getClusterIP() == null) {
      spec.setClusterIP("None");
      spec.setPublishNotReadyAddresses(true);
    }

    return new ServiceBuilder()
        .withApiVersion("v1")
        .withKind("Service")
        .withNewMetadata()
        .withName(RayClusterNames.headService(cluster))
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(labels)
        .withAnnotations(annotations.isEmpty() ? null : annotations)
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withSpec(spec)
        .build();
  }

  private static List<ServicePort> ports(List<ServicePort> customPorts, HeadGroupSpec head, RayCluster cluster) {
    Map<String, ServicePort> byName = new LinkedHashMap<>();
    if (customPorts != null) {
      customPorts.forEach(p -> byName.put(p.getName() == null ? "" : p.getName(), p));
    }
    Map<String, String> params = head.getRayStartParams() == null ? Map.of() : head.getRayStartParams();
    Container ray = head.getTemplate().getSpec().getContainers().get(0);
    List<ContainerPort> containerPorts = ray.getPorts() == null ? List.of() : ray.getPorts();
    if (containerPorts.isEmpty()) {
      byName.putIfAbsent("client", port("client", DEFAULT_CLIENT_PORT));
      byName.putIfAbsent(DASHBOARD_PORT_NAME, port(DASHBOARD_PORT_NAME,
          number(params.get(RayStartParams.DASHBOARD_PORT), RayStartParams.DEFAULT_DASHBOARD_PORT)));
      byName.putIfAbsent("gcs-server", port("gcs-server", HeadAddress.gcsPort(cluster)));
      byName.putIfAbsent("serve", port("serve", DEFAULT_SERVE_PORT));
    } else {
      for (ContainerPort containerPort : containerPorts) {
        String name = containerPort.getName() == null || containerPort.getName().isBlank()
            ? containerPort.getContainerPort() + "-port" : containerPort.getName();
        byName.putIfAbsent(name, port(name, containerPort.getContainerPort()));
      }
    }
    byName.putIfAbsent(RayPodFactory.METRICS_PORT_NAME, port(RayPodFactory.METRICS_PORT_NAME,
        number(params.get(RayStartParams.METRICS_EXPORT_PORT), RayStartParams.DEFAULT_METRICS_PORT)));
    List<ServicePort> ports = new ArrayList<>(byName.values());
    ports.sort(Comparator.comparing(p -> p.getName() == null ? "" : p.getName()));
    return ports;
  }

  private static ServicePort port(String name, int number) {
    return new ServicePortBuilder()
        .withName(name)
        .withPort(number)
        .withTargetPort(new IntOrString(number))
        .withProtocol("TCP")
        .withAppProtocol("tcp")
        .build();
  }

  private static int number(String text, int fallback) {
    if (text == null) {
      return fallback;
    }
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException notANumber) {
      return fallback;
    }
  }

  private static String firstText(String... values) {
    for (String value : values) {
      if (value != null && !value.isBlank()) {
        return value;
      }
    }
    throw new IllegalStateException("no value");
  }
}
