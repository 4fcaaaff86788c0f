package dev.raykube.service.decide;

import dev.raykube.model.common.StatusTimes;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;

/**
 * Clusters of the RayService that are neither active nor pending: each is marked with the time it became dangling
 * ({@link RayServiceLabels#DANGLING_SINCE}, on the RayCluster so that it survives an operator restart) and deleted
 * {@code rayClusterDeletionDelaySeconds} later. A cluster without the mark gets it now.
 */
final class DanglingClusters {

  private DanglingClusters() {
  }

  static void decide(ServiceDraft d) {
    String active = d.activeName();
    String pending = d.pendingName();
    for (ObservedCluster cluster : d.observed.clusters()) {
      String name = cluster.name();
      if (name.equals(active) || name.equals(pending) || cluster.terminating() || d.deleted.contains(name)) {
        continue;
      }
      Optional<Instant> marked = since(cluster);
      Instant since = marked.orElse(d.now);
      if (marked.isEmpty()) {
        d.act(new RayServiceAction.MarkDangling(name, d.now));
      }
      Instant deadline = since.plus(d.deletionDelay());
      if (!d.now.isBefore(deadline) && marked.isPresent()) {
        d.deleteCluster(name);
      } else {
        d.requeueAt(deadline);
      }
    }
  }

  /** When the cluster was marked dangling, if it was (and the mark is readable). */
  static Optional<Instant> since(ObservedCluster cluster) {
    Map<String, String> annotations = cluster.cluster().getMetadata().getAnnotations();
    return annotations == null ? Optional.empty() : StatusTimes.parse(annotations.get(RayServiceLabels.DANGLING_SINCE));
  }
}
