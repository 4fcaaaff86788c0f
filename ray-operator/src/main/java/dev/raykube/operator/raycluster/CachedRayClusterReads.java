package dev.raykube.operator.raycluster;

import dev.raykube.cluster.loop.RayClusterReads;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.Collection;
import java.util.Objects;

/**
 * {@link RayClusterReads} from the RayCluster controller's informers (the Ray Pods and head Services of the watched
 * namespaces, mapped to their cluster by {@code ray.io/cluster}). Until they are {@linkplain #attach attached} (JOSDK
 * prepares the event sources and has them synced before the first reconcile) it reads the API server instead, as a
 * reconciler built without JOSDK's event sources does (the direct tests). Thread-safe.
 */
final class CachedRayClusterReads implements RayClusterReads {
  private final RayClusterReads fallback;
  private volatile InformerEventSource<Pod, RayCluster> pods;
  private volatile InformerEventSource<Service, RayCluster> services;

  /** @param fallback the reads before the informers are attached */
  CachedRayClusterReads(RayClusterReads fallback) {
    this.fallback = Objects.requireNonNull(fallback, "fallback");
  }

  /** Starts reading from these informers. */
  void attach(InformerEventSource<Pod, RayCluster> pods, InformerEventSource<Service, RayCluster> services) {
    this.pods = Objects.requireNonNull(pods, "pods");
    this.services = Objects.requireNonNull(services, "services");
  }

  @Override
  public Collection<Pod> pods(RayCluster cluster) {
    InformerEventSource<Pod, RayCluster> cache = pods;
    return cache == null ? fallback.pods(cluster) : cache.getSecondaryResources(cluster);
  }

  @Override
  public Collection<Service> services(RayCluster cluster) {
    InformerEventSource<Service, RayCluster> cache = services;
    return cache == null ? fallback.services(cluster) : cache.getSecondaryResources(cluster);
  }
}
