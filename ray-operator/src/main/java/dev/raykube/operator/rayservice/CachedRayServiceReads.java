package dev.raykube.operator.rayservice;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.service.RayService;
import dev.raykube.service.decide.RayServiceLabels;
import dev.raykube.service.observe.RayServiceReads;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * {@link RayServiceReads} from the RayService controller's informers, which hold exactly the objects labelled
 * {@code ray.io/originated-from-crd=RayService} ({@link #SELECTOR}): the RayClusters a RayService created, the head
 * and serve Services it created, and those Services' EndpointSlices (the EndpointSlice controller copies a Service's
 * labels onto its slices). For those a miss in a synced informer is an absence, so a steady RayService costs no API
 * read. That holds for a Service too: one a user made under the same name (not labelled, so not held) reads as
 * absent, and the actuator's create then finds it existing and takes it over, as it would one it made. A cluster's
 * Pods come from the Pod informer (the RayService's clusters label their Pod templates with the same selector), none
 * held meaning none yet: the head's readiness is read off its RayCluster's {@code HeadPodReady} condition first, so
 * a Pod the informer has not seen yet delays only the head's {@code ray.io/serve} label. Until
 * the informers are {@linkplain #attach attached} (JOSDK prepares the event sources and has them synced before the
 * first reconcile) every read goes to the API server. Thread-safe.
 */
final class CachedRayServiceReads implements RayServiceReads {

  /** The label selector of the controller's informers. */
  static final String SELECTOR = RayClusterLabels.ORIGINATED_FROM_CRD + "=" + RayServiceLabels.RAY_SERVICE_KIND;

  private final RayServiceReads api;
  private volatile InformerEventSource<RayCluster, RayService> clusters;
  private volatile InformerEventSource<Service, RayService> services;
  private volatile InformerEventSource<EndpointSlice, RayService> slices;
  private volatile InformerEventSource<Pod, RayService> pods;

  /** @param api the reads of the API server, for what the informers do not hold */
  CachedRayServiceReads(RayServiceReads api) {
    this.api = Objects.requireNonNull(api, "api");
  }

  /** Starts reading from these informers. */
  void attach(InformerEventSource<RayCluster, RayService> clusters, InformerEventSource<Service, RayService> services,
      InformerEventSource<EndpointSlice, RayService> slices, InformerEventSource<Pod, RayService> pods) {
    this.clusters = Objects.requireNonNull(clusters, "clusters");
    this.services = Objects.requireNonNull(services, "services");
    this.slices = Objects.requireNonNull(slices, "slices");
    this.pods = Objects.requireNonNull(pods, "pods");
  }

  @Override
  public List<RayCluster> rayClusters(String namespace, String serviceName) {
    InformerEventSource<RayCluster, RayService> cache = clusters;
    if (cache == null) {
      return api.rayClusters(namespace, serviceName);
    }
    return cache.list(namespace, c -> labelled(c, RayServiceLabels.ORIGINATED_FROM_CR_NAME, serviceName)).toList();
  }

  @Override
  public List<Pod> pods(String namespace, String clusterName) {
    InformerEventSource<Pod, RayService> cache = pods;
    return cache == null ? api.pods(namespace, clusterName)
        : cache.list(namespace, p -> labelled(p, RayClusterLabels.CLUSTER, clusterName)).toList();
  }

  @Override
  public Service service(String namespace, String name) {
    InformerEventSource<Service, RayService> cache = services;
    return cache == null ? api.service(namespace, name) : cache.get(new ResourceID(name, namespace)).orElse(null);
  }

  @Override
  public List<EndpointSlice> endpointSlices(String namespace, String serviceName) {
    InformerEventSource<EndpointSlice, RayService> cache = slices;
    if (cache == null) {
      return api.endpointSlices(namespace, serviceName);
    }
    return cache.list(namespace, s -> labelled(s, SERVICE_NAME_LABEL, serviceName)).toList();
  }

  private static boolean labelled(HasMetadata object, String key, String value) {
    Map<String, String> labels = object.getMetadata().getLabels();
    return labels != null && value.equals(labels.get(key));
  }

  @Override
  public String toString() {
    return "RayServiceReads[informers " + (clusters == null ? "not attached" : SELECTOR) + ", else " + api + "]";
  }
}
