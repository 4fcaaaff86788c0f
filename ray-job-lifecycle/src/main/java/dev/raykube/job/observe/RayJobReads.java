package dev.raykube.job.observe;

import dev.raykube.model.cluster.RayCluster;
import dev.raykube.cluster.RayClusterLabels;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.Objects;

/**
 * Where {@link RayJobObserver} reads the Kubernetes objects next to a RayJob: its RayCluster (owned or selected) and
 * its K8sJobMode submitter Job, and for SidecarMode its cluster's head Pod. {@link #fromApi} asks the API server every time; an operator with informers passes
 * its caches first and the API server as the fallback ({@link #orElse}), so a steady RayJob costs no API read. A
 * cache that {@linkplain #knowsAbsence() knows absence} (a synced informer of every object of the kind) answers a miss
 * itself, so an object that is not there (not created yet, or deleted) costs no read either; a cache that does not
 * asks the fallback, so an object it has not seen yet (just created) is still found.
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

  /**
   * The head Pod of a RayCluster (labels {@code ray.io/cluster=<cluster>}, {@code ray.io/node-type=head}), read for a
   * SidecarMode RayJob's submitter, or {@code null} when this source does not have it. Default: {@code null}, so that
   * {@link #orElse} asks the fallback (a source without Pods never answers for them, whatever
   * {@link #knowsAbsence()} says).
   *
   * @throws io.fabric8.kubernetes.client.KubernetesClientException if the API server cannot be read
   */
  default Pod headPod(String namespace, String cluster) {
    return null;
  }

  /**
   * Whether {@code null} from this source means the object does not exist, so that {@link #orElse} asks no fallback:
   * true for the API server and for a synced informer that holds every object of its kind; false (the default) for a
   * source that may simply not have seen it. An informer lags the API server by its watch: an object created a moment
   * ago may be reported absent once (a create then answers "already exists"), one deleted a moment ago present once (a
   * delete then answers "gone"); both are outcomes the loop already handles.
   */
  default boolean knowsAbsence() {
    return false;
  }

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

      @Override
      public Pod headPod(String namespace, String cluster) {
        return client.pods().inNamespace(namespace).withLabel(RayClusterLabels.CLUSTER, cluster)
            .withLabel(RayClusterLabels.NODE_TYPE, "head").list().getItems().stream().findFirst().orElse(null);
      }

      @Override
      public boolean knowsAbsence() {
        return true;
      }
    };
  }

  /**
   * Reads from this source, and from {@code fallback} only for what this one does not have and does not
   * {@linkplain #knowsAbsence() know to be absent}.
   */
  default RayJobReads orElse(RayJobReads fallback) {
    Objects.requireNonNull(fallback, "fallback");
    RayJobReads first = this;
    return new RayJobReads() {
      @Override
      public RayCluster rayCluster(String namespace, String name) {
        RayCluster cluster = first.rayCluster(namespace, name);
        return cluster != null || first.knowsAbsence() ? cluster : fallback.rayCluster(namespace, name);
      }

      @Override
      public Job submitter(String namespace, String name) {
        Job job = first.submitter(namespace, name);
        return job != null || first.knowsAbsence() ? job : fallback.submitter(namespace, name);
      }

      @Override
      public Pod headPod(String namespace, String cluster) {
        Pod head = first.headPod(namespace, cluster);
        return head != null ? head : fallback.headPod(namespace, cluster);
      }

      @Override
      public boolean knowsAbsence() {
        return first.knowsAbsence() || fallback.knowsAbsence();
      }
    };
  }
}
