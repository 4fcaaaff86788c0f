package dev.raykube.service.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.Service;
import java.util.Map;
import java.util.TreeMap;

/**
 * The names and selectors of a RayService's own Services: {@code <service>-head-svc} selecting the active cluster's
 * head Pod, and the serve Service (the name of a user {@code spec.serveService} if it has one, else
 * {@code <service>-serve-svc}) selecting the active cluster's Pods labelled {@code ray.io/serve=true}.
 */
public final class ServiceNames {

  private ServiceNames() {
  }

  /** {@code <service>-head-svc}. */
  public static String headService(RayService service) {
    return service.getMetadata().getName() + "-head-svc";
  }

  /** {@code spec.serveService.metadata.name} when set, else {@code <service>-serve-svc}. */
  public static String serveService(RayService service) {
    Service custom = service.getSpec() == null ? null : service.getSpec().getServeService();
    if (custom != null && custom.getMetadata() != null && custom.getMetadata().getName() != null
        && !custom.getMetadata().getName().isBlank()) {
      return custom.getMetadata().getName();
    }
    return service.getMetadata().getName() + "-serve-svc";
  }

  /** The head Service's selector for a cluster: the cluster's head Pod. */
  public static Map<String, String> headSelector(String clusterName) {
    return RayClusterLabels.headSelector(clusterName);
  }

  /** The serve Service's selector for a cluster: {@code ray.io/cluster=<cluster>}, {@code ray.io/serve=true}. */
  public static Map<String, String> serveSelector(String clusterName) {
    Map<String, String> selector = new TreeMap<>();
    selector.put(RayClusterLabels.CLUSTER, clusterName);
    selector.put(RayServiceLabels.SERVE, "true");
    return selector;
  }
}
