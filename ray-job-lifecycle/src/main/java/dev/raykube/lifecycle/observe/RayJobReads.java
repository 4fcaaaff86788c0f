package dev.raykube.lifecycle.observe;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;

/**
 * Where {@link RayJobObserver} reads the Kubernetes objects next to a RayJob: its RayCluster (owned or selected) and
 * its K8sJobMode submitter Job. {@link #fromApi} asks the API server every time; an operator with informers passes
 * its caches first and the API server as the fallback ({@link #orElse}), so a steady RayJob costs no API read while
 * an object the cache has not seen yet (just created) is still found.
 *
 * <p>Implementations must be thread-safe; they read, never write.
 */
public interface RayJobReads {

  /**
   * The RayCluster, or {@code null} when this source does not have it.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  RayCluster rayCluster(String namespace, String name);

  /**
   * The submitter Job, or {@code null} when this source does not have it.
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  Job submitter(String namespace, String name);

  /** Reads from the API server on every call. */
  static RayJobReads fromApi(KubernetesClient client) {
    Objects.requireNonNull(client, "client");
    return new RayJobReads() {
      @Override
      public RayCluster rayCluster(String namespace, String name) {
        return client.resources(RayCluster.class).inNamespace(namespace).withName(name).get();
      }

      @Override
      public Job submitter(String namespace, String name) {
        return client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
      }
    };
  }

  /** Reads from this source, and from {@code fallback} only for what this one does not have. */
  default RayJobReads orElse(RayJobReads fallback) {
    Objects.requireNonNull(fallback, "fallback");
    RayJobReads first = this;
    return new RayJobReads() {
      @Override
      public RayCluster rayCluster(String namespace, String name) {
        RayCluster cluster = first.rayCluster(namespace, name);
        return cluster != null ? cluster : fallback.rayCluster(namespace, name);
      }

      @Override
      public Job submitter(String namespace, String name) {
        Job job = first.submitter(namespace, name);
        return job != null ? job : fallback.submitter(namespace, name);
      }
    };
  }
}
