package dev.raykube.examples.platform;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.cluster.loop.RayClusterLoop;
import dev.raykube.cluster.loop.RayClusterReads;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.Informable;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The platform's own RayCluster controller, glue around {@code ray-cluster-lifecycle}'s {@link RayClusterLoop}:
 * informers on RayClusters and on the Pods and Services labelled {@code ray.io/cluster} (indexed by cluster) put
 * RayCluster keys into a {@link WorkQueue}; each reconcile reads the RayCluster, hands the loop its Pods and Services
 * from the informers' caches, and comes back when the loop asks. The loop does the rest: head Service, head and worker
 * Pods, status, Events.
 */
final class RayClusterReconciler implements AutoCloseable {

  private static final String BY_CLUSTER = "by-cluster";

  private final KubernetesClient client;
  private final RayClusterLoop loop;
  private final SharedIndexInformer<RayCluster> clusters;
  private final SharedIndexInformer<Pod> pods;
  private final SharedIndexInformer<Service> services;
  private final WorkQueue queue;

  /**
   * @param client the Kubernetes client
   * @param namespace the namespace to watch, or {@code null} for all
   * @param clock the time source
   */
  RayClusterReconciler(KubernetesClient client, String namespace, Clock clock) {
    this.client = client;
    this.clusters = scope(client.resources(RayCluster.class), namespace, false).runnableInformer(0);
    this.pods = scope(client.pods(), namespace, true).runnableInformer(0);
    this.services = scope(client.services(), namespace, true).runnableInformer(0);
    this.loop = RayClusterLoop.builder(client)
        .reads(new RayClusterReads() { // the informers' caches, indexed by cluster
          @Override
          public Collection<Pod> pods(RayCluster cluster) {
            return pods.getIndexer().byIndex(BY_CLUSTER, key(cluster));
          }

          @Override
          public Collection<Service> services(RayCluster cluster) {
            return services.getIndexer().byIndex(BY_CLUSTER, key(cluster));
          }
        })
        .events(new EventRecorder(client, "raykube-custom-platform", null, clock))
        .clock(clock)
        .build();
    this.queue = new WorkQueue(2, this::reconcile);
  }

  /**
   * Starts the informers and waits until they have listed everything.
   *
   * @throws IllegalStateException if they do not sync within a minute
   */
  void start() {
    clusters.addEventHandler(new ResourceEventHandler<RayCluster>() {
      @Override
      public void onAdd(RayCluster cluster) {
        enqueue(cluster.getMetadata().getNamespace(), cluster.getMetadata().getName());
      }

      @Override
      public void onUpdate(RayCluster before, RayCluster after) {
        enqueue(after.getMetadata().getNamespace(), after.getMetadata().getName());
      }

      @Override
      public void onDelete(RayCluster cluster, boolean finalStateUnknown) {
        loop.forget(cluster);
      }
    });
    pods.addIndexers(Map.of(BY_CLUSTER, RayClusterReconciler::clusterKey));
    services.addIndexers(Map.of(BY_CLUSTER, RayClusterReconciler::clusterKey));
    pods.addEventHandler(childHandler());
    services.addEventHandler(childHandler());
    try {
      for (SharedIndexInformer<?> informer : List.of(pods, services, clusters)) {
        informer.start().toCompletableFuture().get(1, TimeUnit.MINUTES);
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new IllegalStateException("the RayCluster informers did not start: " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while starting the RayCluster informers", e);
    }
  }

  /** One reconcile of RayCluster {@code namespace/name}; when to come back, if the loop asks. */
  private Optional<Duration> reconcile(String key) {
    int slash = key.indexOf('/');
    RayCluster cluster = client.resources(RayCluster.class).inNamespace(key.substring(0, slash))
        .withName(key.substring(slash + 1)).get();
    if (cluster == null) {
      return Optional.empty();
    }
    return loop.reconcile(cluster).requeueAfter();
  }

  private static String key(RayCluster cluster) {
    return cluster.getMetadata().getNamespace() + "/" + cluster.getMetadata().getName();
  }

  @Override
  public void close() {
    clusters.stop();
    pods.stop();
    services.stop();
    queue.close();
  }

  private void enqueue(String namespace, String name) {
    queue.add(namespace + "/" + name, Duration.ZERO);
  }

  private <T extends HasMetadata> ResourceEventHandler<T> childHandler() {
    return new ResourceEventHandler<>() {
      @Override
      public void onAdd(T child) {
        clusterKey(child).forEach(key -> queue.add(key, Duration.ZERO));
      }

      @Override
      public void onUpdate(T before, T after) {
        clusterKey(after).forEach(key -> queue.add(key, Duration.ZERO));
      }

      @Override
      public void onDelete(T child, boolean finalStateUnknown) {
        clusterKey(child).forEach(key -> queue.add(key, Duration.ZERO));
      }
    };
  }

  /** {@code namespace/<ray.io/cluster>} of a cluster's Pod or Service. */
  private static List<String> clusterKey(HasMetadata child) {
    Map<String, String> labels = child.getMetadata().getLabels();
    String cluster = labels == null ? null : labels.get(RayClusterLabels.CLUSTER);
    return cluster == null ? List.of() : List.of(child.getMetadata().getNamespace() + "/" + cluster);
  }

  private static <T extends HasMetadata> Informable<T> scope(MixedOperation<T, ?, ?> objects, String namespace,
      boolean labelled) {
    if (namespace == null) {
      return labelled ? objects.inAnyNamespace().withLabel(RayClusterLabels.CLUSTER) : objects.inAnyNamespace();
    }
    return labelled ? objects.inNamespace(namespace).withLabel(RayClusterLabels.CLUSTER) : objects.inNamespace(namespace);
  }
}
