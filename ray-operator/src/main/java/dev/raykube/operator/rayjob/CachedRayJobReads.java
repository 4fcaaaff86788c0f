package dev.raykube.operator.rayjob;

import dev.raykube.job.observe.RayJobReads;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.Objects;

/**
 * {@link RayJobReads} from the RayJob controller's informers (every RayCluster and batch Job of the watched
 * namespaces). Once they are {@linkplain #attach attached} (JOSDK prepares the event sources and has them synced
 * before the first reconcile) a miss means the object does not exist ({@link #knowsAbsence()}), so no reconcile reads
 * the API server: not for a RayCluster still to be created, nor for one deleted after the job ended. Until then it
 * holds nothing and knows nothing, so that {@link RayJobReads#orElse} asks the API server (a reconciler built without
 * JOSDK's event sources, as in the direct tests). Thread-safe.
 */
final class CachedRayJobReads implements RayJobReads {
  private volatile InformerEventSource<RayCluster, RayJob> clusters;
  private volatile InformerEventSource<Job, RayJob> submitters;

  /** Starts reading from these informers. */
  void attach(InformerEventSource<RayCluster, RayJob> clusters, InformerEventSource<Job, RayJob> submitters) {
    this.clusters = Objects.requireNonNull(clusters, "clusters");
    this.submitters = Objects.requireNonNull(submitters, "submitters");
  }

  @Override
  public boolean knowsAbsence() {
    return clusters != null && submitters != null;
  }

  @Override
  public RayCluster rayCluster(String namespace, String name) {
    InformerEventSource<RayCluster, RayJob> cache = clusters;
    return cache == null ? null : cache.get(new ResourceID(name, namespace)).orElse(null);
  }

  @Override
  public Job submitter(String namespace, String name) {
    InformerEventSource<Job, RayJob> cache = submitters;
    return cache == null ? null : cache.get(new ResourceID(name, namespace)).orElse(null);
  }
}
