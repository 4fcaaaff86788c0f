package dev.raykube.service.observe;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.service.decide.RayServiceLabels;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Objects;

/**
 * Where {@link RayServiceObserver} reads the Kubernetes objects around a RayService: its RayClusters, the Pods of a
 * cluster, its Services and the serve Service's EndpointSlices. {@link #fromApi} asks the API server every time; an
 * operator with informers implements this interface over its caches (a synced informer of every object of the kind
 * answers a miss itself), so that a steady RayService costs no API read.
 *
 * <p>Implementations must be thread-safe; they read, never write.
 */
public interface RayServiceReads {

  /** The label of an EndpointSlice that names its Service. */
  String SERVICE_NAME_LABEL = "kubernetes.io/service-name";

  /**
   * The RayClusters of a RayService: those labelled {@code ray.io/originated-from-crd=RayService} and
   * {@code ray.io/originated-from-cr-name=<serviceName>}, terminating ones included.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  List<RayCluster> rayClusters(String namespace, String serviceName);

  /**
   * The Pods of a RayCluster ({@code ray.io/cluster=<clusterName>}).
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  List<Pod> pods(String namespace, String clusterName);

  /**
   * A Service, or {@code null} when it does not exist.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  Service service(String namespace, String name);

  /**
   * The EndpointSlices of a Service ({@value #SERVICE_NAME_LABEL}{@code =<serviceName>}); empty when it has none.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  List<EndpointSlice> endpointSlices(String namespace, String serviceName);

  /** Reads from the API server on every call. */
  static RayServiceReads fromApi(KubernetesClient client) {
    Objects.requireNonNull(client, "client");
    return new RayServiceReads() {
      @Override
      public List<RayCluster> rayClusters(String namespace, String serviceName) {
        return client.resources(RayCluster.class).inNamespace(namespace)
            .withLabel(RayServiceLabels.ORIGINATED_FROM_CR_NAME, serviceName)
            .withLabel(RayClusterLabels.ORIGINATED_FROM_CRD, RayServiceLabels.RAY_SERVICE_KIND)
            .list().getItems();
      }

      @Override
      public List<Pod> pods(String namespace, String clusterName) {
        return client.pods().inNamespace(namespace).withLabel(RayClusterLabels.CLUSTER, clusterName).list()
            .getItems();
      }

      @Override
      public Service service(String namespace, String name) {
        return client.services().inNamespace(namespace).withName(name).get();
      }

      @Override
      public List<EndpointSlice> endpointSlices(String namespace, String serviceName) {
        return client.discovery().v1().endpointSlices().inNamespace(namespace)
            .withLabel(SERVICE_NAME_LABEL, serviceName).list().getItems();
      }

      @Override
      public String toString() {
        return "RayServiceReads.fromApi";
      }
    };
  }
}
