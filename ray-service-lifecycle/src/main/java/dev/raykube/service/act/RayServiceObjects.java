package dev.raykube.service.act;

import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.HeadServiceFactory;
import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.kernel.ControllerReference;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterSpec;
import dev.raykube.model.service.RayService;
import dev.raykube.service.decide.RayServiceAction;
import dev.raykube.service.decide.RayServiceLabels;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.ServicePortBuilder;
import io.fabric8.kubernetes.api.model.ServiceSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds what a RayService creates, each with the RayService as controller owner. Pure.
 *
 * <ul>
 *   <li>A RayCluster ({@link RayServiceAction.CreateCluster}): the action's name, spec, labels and annotations.</li>
 *   <li>The head Service {@code <service>-head-svc}: built by the RayCluster controller's {@link HeadServiceFactory}
 *       for the cluster it selects (type, ports, headless by default, annotations), renamed, with the action's
 *       selector. Its labels are {@code app.kubernetes.io/name}, {@code app.kubernetes.io/created-by} and the
 *       {@code ray.io/originated-from-*} pair, not the cluster's head-Service labels, so the RayCluster controller
 *       never takes it for the cluster's own head Service.</li>
 *   <li>The serve Service: the user's {@code spec.serveService} if given (its name, type, ports, labels and
 *       annotations), else {@code <service>-serve-svc} of type {@code ClusterIP}; ports: the user's, else the head
 *       container's ports named {@code serve} or {@code serve-*}, else {@code serve 8000}; the action's selector
 *       always.</li>
 * </ul>
 */
public final class RayServiceObjects {

  private RayServiceObjects() {
  }

  /**
   * The RayCluster of a {@link RayServiceAction.CreateCluster}.
   *
   * @param rayService the RayService as read (uid required)
   * @param action the action; its spec is used as it is (it is already a copy)
   */
  public static RayCluster cluster(RayService rayService, RayServiceAction.CreateCluster action) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder()
        .withName(action.name())
        .withNamespace(rayService.getMetadata().getNamespace())
        .withLabels(new LinkedHashMap<>(action.labels()))
        .withAnnotations(action.annotations().isEmpty() ? null : new LinkedHashMap<>(action.annotations()))
        .withOwnerReferences(List.of(ControllerReference.of(rayService)))
        .build());
    cluster.setSpec(action.spec());
    return cluster;
  }

  /**
   * The head Service of a {@link RayServiceAction.PointServices}.
   *
   * @param rayService the RayService as read (uid required)
   * @param target the cluster it selects, as read (or, when it was not observed, one made of the RayService's
   *     {@code rayClusterConfig} under its name: {@link #clusterNamed})
   * @param action the action
   * @param settings the cluster build settings (created-by, head Service virtual IP)
   */
  public static Service headService(RayService rayService, RayCluster target, RayServiceAction.PointServices action,
      ClusterBuildSettings settings) {
    Service built = new HeadServiceFactory(settings).build(target);
    ObjectMeta meta = built.getMetadata();
    meta.setName(action.headServiceName());
    meta.setNamespace(rayService.getMetadata().getNamespace());
    meta.setLabels(labels(rayService, null, settings));
    meta.setOwnerReferences(List.of(ControllerReference.of(rayService)));
    built.getSpec().setSelector(new TreeMap<>(action.headSelector()));
    return built;
  }

  /**
   * The serve Service of a {@link RayServiceAction.PointServices}.
   *
   * @param rayService the RayService as read (uid required)
   * @param target the cluster it selects (its head container's ports name the serve port)
   * @param action the action
   * @param settings the cluster build settings (created-by)
   */
  public static Service serveService(RayService rayService, RayCluster target, RayServiceAction.PointServices action,
      ClusterBuildSettings settings) {
    Service custom = rayService.getSpec().getServeService();
    Service service = custom == null ? new Service() : new ServiceBuilder(custom).build();
    ObjectMeta customMeta = service.getMetadata() == null ? new ObjectMeta() : service.getMetadata();
    ServiceSpec spec = service.getSpec() == null ? new ServiceSpec() : service.getSpec();
    if (spec.getType() == null || spec.getType().isBlank()) {
      spec.setType("ClusterIP");
    }
    if (spec.getPorts() == null || spec.getPorts().isEmpty()) {
      spec.setPorts(servePorts(target));
    }
    spec.setSelector(new TreeMap<>(action.serveSelector()));
    return new ServiceBuilder()
        .withApiVersion("v1")
        .withKind("Service")
        .withMetadata(new ObjectMetaBuilder()
            .withName(action.serveServiceName())
            .withNamespace(rayService.getMetadata().getNamespace())
            .withLabels(labels(rayService, customMeta.getLabels(), settings))
            .withAnnotations(customMeta.getAnnotations() == null || customMeta.getAnnotations().isEmpty() ? null
                : new TreeMap<>(customMeta.getAnnotations()))
            .withOwnerReferences(List.of(ControllerReference.of(rayService)))
            .build())
        .withSpec(spec)
        .build();
  }

  /**
   * A RayCluster that was not observed, as the Services are built for it: its name and namespace, the RayService's
   * {@code rayClusterConfig} as spec.
   */
  public static RayCluster clusterNamed(RayService rayService, String clusterName) {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName(clusterName)
        .withNamespace(rayService.getMetadata().getNamespace()).build());
    RayClusterSpec spec = rayService.getSpec().getRayClusterConfig();
    cluster.setSpec(spec);
    return cluster;
  }

  private static Map<String, String> labels(RayService rayService, Map<String, String> custom,
      ClusterBuildSettings settings) {
    Map<String, String> labels = new TreeMap<>();
    if (custom != null) {
      labels.putAll(custom);
    }
    labels.put(RayClusterLabels.APP_NAME, RayClusterLabels.APP_NAME_VALUE);
    labels.put(RayClusterLabels.CREATED_BY, settings.createdBy());
    labels.put(RayServiceLabels.ORIGINATED_FROM_CR_NAME, rayService.getMetadata().getName());
    labels.put(RayClusterLabels.ORIGINATED_FROM_CRD, RayServiceLabels.RAY_SERVICE_KIND);
    return labels;
  }

  private static List<ServicePort> servePorts(RayCluster target) {
    List<ServicePort> ports = new ArrayList<>();
    List<Container> containers = target.getSpec() == null || target.getSpec().getHeadGroupSpec() == null
        || target.getSpec().getHeadGroupSpec().getTemplate() == null
        || target.getSpec().getHeadGroupSpec().getTemplate().getSpec() == null ? List.of()
        : target.getSpec().getHeadGroupSpec().getTemplate().getSpec().getContainers();
    List<ContainerPort> declared = containers == null || containers.isEmpty() || containers.get(0).getPorts() == null
        ? List.of() : containers.get(0).getPorts();
    for (ContainerPort port : declared) {
      String name = port.getName();
      if (name != null && (name.equals("serve") || name.startsWith("serve-")) && port.getContainerPort() != null) {
        ports.add(port(name, port.getContainerPort()));
      }
    }
    if (ports.isEmpty()) {
      ports.add(port("serve", HeadServiceFactory.DEFAULT_SERVE_PORT));
    }
    return ports;
  }

  private static ServicePort port(String name, int number) {
    return new ServicePortBuilder().withName(name).withPort(number).withTargetPort(new IntOrString(number))
        .withProtocol("TCP").build();
  }
}
