package dev.raykube.bench.soak;

import dev.raykube.bench.BenchClusters;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.job.RayJob;
import dev.raykube.model.service.RayService;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The end of a soak: every RayJob and RayService deleted, then every RayCluster (while the operator runs), then
 * whatever is still there after {@code timeout} named: an object kept by a finalizer, or a Pod, Service or submitter
 * Job that nothing owns any longer.
 */
final class Leftovers {

  private Leftovers() {}

  static List<String> check(KubernetesClient admin, List<String> namespaces, Duration timeout) {
    for (String namespace : namespaces) {
      admin.resources(RayJob.class).inNamespace(namespace).delete();
      admin.resources(RayService.class).inNamespace(namespace).delete();
    }
    Instant deadline = Instant.now().plus(timeout);
    awaitEmpty(admin, namespaces, deadline, true); // the RayJobs and RayServices
    for (String namespace : namespaces) {
      admin.resources(RayCluster.class).inNamespace(namespace).delete();
    }
    awaitEmpty(admin, namespaces, deadline, false);
    List<String> left = new ArrayList<>();
    for (String namespace : namespaces) {
      describe(admin.resources(RayJob.class).inNamespace(namespace).list().getItems(), left);
      describe(admin.resources(RayService.class).inNamespace(namespace).list().getItems(), left);
      describe(admin.resources(RayCluster.class).inNamespace(namespace).list().getItems(), left);
      describe(admin.pods().inNamespace(namespace).list().getItems(), left);
      describe(admin.services().inNamespace(namespace).list().getItems(), left);
      describe(admin.batch().v1().jobs().inNamespace(namespace).list().getItems(), left);
    }
    return left;
  }

  private static void awaitEmpty(KubernetesClient admin, List<String> namespaces, Instant deadline,
      boolean ownersOnly) {
    try {
      BenchClusters.await(Duration.between(Instant.now(), deadline).isNegative() ? Duration.ZERO
          : Duration.between(Instant.now(), deadline), Duration.ofSeconds(1), "the soak's objects gone",
          () -> namespaces.stream().allMatch(n -> admin.resources(RayJob.class).inNamespace(n).list().getItems()
              .isEmpty() && admin.resources(RayService.class).inNamespace(n).list().getItems().isEmpty()
              && (ownersOnly || (admin.resources(RayCluster.class).inNamespace(n).list().getItems().isEmpty()
              && admin.pods().inNamespace(n).list().getItems().isEmpty()
              && admin.services().inNamespace(n).list().getItems().isEmpty()
              && admin.batch().v1().jobs().inNamespace(n).list().getItems().isEmpty()))));
    } catch (IllegalStateException timedOut) {
      // named below
    }
  }

  private static void describe(List<? extends HasMetadata> objects, List<String> left) {
    for (HasMetadata o : objects) {
      left.add(o.getKind() + " " + o.getMetadata().getNamespace() + "/" + o.getMetadata().getName() + " left behind"
          + (o.getMetadata().getFinalizers() == null || o.getMetadata().getFinalizers().isEmpty() ? ""
          : " (finalizers " + o.getMetadata().getFinalizers() + ")")
          + (o.getMetadata().getDeletionTimestamp() == null ? "" : ", deleting since "
          + o.getMetadata().getDeletionTimestamp()));
    }
  }
}
