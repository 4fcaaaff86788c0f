package dev.raykube.operator.runtime;

import dev.raykube.kernel.dashboard.ServiceReads;
import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Service;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.Objects;

/**
 * The head Services of the operator's process, as the RayCluster controller's informer holds them (Services labelled
 * {@code ray.io/node-type=head} in the watched namespaces), for the other controllers to read: the RayJob controller
 * resolves a cluster's dashboard from here instead of reading the Service from the API server on every reconcile, as
 * KubeRay's controllers share one manager cache. One per {@link ControllerContext}; the RayCluster controller
 * {@linkplain #attach attaches} its informer when JOSDK prepares its event sources. What it does not hold (not
 * attached yet — e.g. no RayCluster controller runs in this process — or a Service the informer has not seen) is
 * {@code null}, so that {@link ServiceReads#orElse} asks the API server for it. Thread-safe.
 */
public final class HeadServiceCache implements ServiceReads {
  private volatile InformerEventSource<Service, RayCluster> services;

  /** Starts reading from this informer. */
  public void attach(InformerEventSource<Service, RayCluster> informer) {
    this.services = Objects.requireNonNull(informer, "informer");
  }

  /** Whether an informer is attached. */
  public boolean attached() {
    return services != null;
  }

  @Override
  public Service service(String namespace, String name) {
    InformerEventSource<Service, RayCluster> cache = services;
    return cache == null ? null : cache.get(new ResourceID(name, namespace)).orElse(null);
  }

  @Override
  public String toString() {
    return "HeadServiceCache{" + (attached() ? "attached" : "not attached") + "}";
  }
}
