package dev.raykube.cluster;

import dev.raykube.model.cluster.HeadGroupSpec;
import dev.raykube.model.cluster.IngressOptions;
import dev.raykube.model.cluster.IngressPathType;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPath;
import io.fabric8.kubernetes.api.model.networking.v1.HTTPIngressPathBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRule;
import io.fabric8.kubernetes.api.model.networking.v1.IngressRuleBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLS;
import io.fabric8.kubernetes.api.model.networking.v1.IngressTLSBuilder;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Builds the {@code networking.k8s.io/v1} Ingress of a RayCluster with {@code headGroupSpec.enableIngress: true}, as
 * KubeRay v1.7.0 does.
 *
 * <p>Name: {@link RayClusterNames#headIngress}. Labels: {@code ray.io/cluster},
 * {@code ray.io/identifier=<cluster>-head}, {@code app.kubernetes.io/name=kuberay} and
 * {@code app.kubernetes.io/created-by} ({@link ClusterBuildSettings#createdBy()}). Annotations: every annotation of
 * the RayCluster but {@value #INGRESS_CLASS_ANNOTATION}, whose value becomes {@code spec.ingressClassName} (no class
 * without it). One rule (for {@code ingressOptions.host}, any host when unset) with one path
 * ({@code ingressOptions.path}, default {@value #DEFAULT_PATH}; {@code pathType}, default {@code Prefix}) to the head
 * Service ({@link RayClusterNames#headService}) on the number of its port named {@code dashboard} (8265 without
 * one); {@code spec.tls} is {@code ingressOptions.tls}. Owned (controller) by the RayCluster.
 */
public final class HeadIngressFactory {

  /** The RayCluster annotation whose value becomes the Ingress's {@code spec.ingressClassName}. */
  public static final String INGRESS_CLASS_ANNOTATION = "kubernetes.io/ingress.class";
  /** The path when {@code ingressOptions.path} is unset. */
  public static final String DEFAULT_PATH = "/";
  /** The path type when {@code ingressOptions.pathType} is unset. */
  public static final IngressPathType DEFAULT_PATH_TYPE = IngressPathType.PREFIX;

  private final HeadServiceFactory headServices;
  private final ClusterBuildSettings settings;

  /** A factory for the given operator settings. */
  public HeadIngressFactory(ClusterBuildSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.headServices = new HeadServiceFactory(settings);
  }

  /** Whether the cluster asks for an Ingress ({@code headGroupSpec.enableIngress: true}). */
  public static boolean isEnabled(RayCluster cluster) {
    HeadGroupSpec head = cluster.getSpec() == null ? null : cluster.getSpec().getHeadGroupSpec();
    return head != null && Boolean.TRUE.equals(head.getEnableIngress());
  }

  /** The Ingress of the cluster's head (whether or not {@link #isEnabled} says it is wanted). */
  public Ingress build(RayCluster cluster) {
    String clusterName = cluster.getMetadata().getName();
    IngressOptions options = cluster.getSpec().getHeadGroupSpec().getIngressOptions();
    if (options == null) {
      options = new IngressOptions();
    }
    Map<String, String> annotations = new TreeMap<>();
    if (cluster.getMetadata().getAnnotations() != null) {
      annotations.putAll(cluster.getMetadata().getAnnotations());
    }
    String ingressClass = annotations.remove(INGRESS_CLASS_ANNOTATION);

    HTTPIngressPath path = new HTTPIngressPathBuilder()
        .withPath(options.getPath() == null ? DEFAULT_PATH : options.getPath())
        .withPathType(options.getPathTypeValue() == null ? DEFAULT_PATH_TYPE.value() : options.getPathTypeValue())
        .withNewBackend()
        .withNewService()
        .withName(RayClusterNames.headService(cluster))
        .withNewPort().withNumber(dashboardPort(cluster)).endPort()
        .endService()
        .endBackend()
        .build();
    IngressRule rule = new IngressRuleBuilder()
        .withHost(options.getHost())
        .withNewHttp().withPaths(path).endHttp()
        .build();
    List<IngressTLS> tls = options.getTls() == null ? null
        : options.getTls().stream().map(t -> new IngressTLSBuilder(t).build()).toList();

    return new IngressBuilder()
        .withApiVersion("networking.k8s.io/v1")
        .withKind("Ingress")
        .withNewMetadata()
        .withName(RayClusterNames.headIngress(clusterName))
        .withNamespace(cluster.getMetadata().getNamespace())
        .withLabels(labels(clusterName))
        .withAnnotations(annotations.isEmpty() ? null : annotations)
        .withOwnerReferences(ClusterOwnerReference.of(cluster))
        .endMetadata()
        .withNewSpec()
        .withIngressClassName(ingressClass)
        .withRules(rule)
        .withTls(tls)
        .endSpec()
        .build();
  }

  private Map<String, String> labels(String clusterName) {
    Map<String, String> labels = new TreeMap<>();
    labels.put(RayClusterLabels.CLUSTER, clusterName);
    labels.put(RayClusterLabels.IDENTIFIER, RayClusterLabels.identifier(clusterName, RayNodeType.HEAD));
    labels.put(RayClusterLabels.APP_NAME, RayClusterLabels.APP_NAME_VALUE);
    labels.put(RayClusterLabels.CREATED_BY, settings.createdBy());
    return labels;
  }

  /** The head Service's port named {@code dashboard}, else {@value RayStartParams#DEFAULT_DASHBOARD_PORT}. */
  private int dashboardPort(RayCluster cluster) {
    for (ServicePort port : headServices.build(cluster).getSpec().getPorts()) {
      if (HeadServiceFactory.DASHBOARD_PORT_NAME.equals(port.getName()) && port.getPort() != null) {
        return port.getPort();
      }
    }
    return RayStartParams.DEFAULT_DASHBOARD_PORT;
  }
}
