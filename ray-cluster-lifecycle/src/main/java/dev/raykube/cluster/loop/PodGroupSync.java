package dev.raykube.cluster.loop;

import dev.raykube.cluster.BatchScheduler;
import dev.raykube.cluster.ClusterBuildSettings;
import dev.raykube.cluster.GangSize;
import dev.raykube.cluster.SchedulerPluginsPodGroup;
import dev.raykube.cluster.VolcanoPodGroup;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Objects;

/**
 * The batch scheduler's step of the RayCluster loop, run before the cluster's Pods are reconciled, as KubeRay runs it:
 * with {@code --batch-scheduler=volcano}, the cluster's PodGroup is created or resized to its {@link GangSize}
 * ({@link VolcanoPodGroups}); a RayCluster a RayJob created has none of its own. With
 * {@code --batch-scheduler=scheduler-plugins}, a cluster labelled {@code ray.io/gang-scheduling-enabled} gets its
 * {@link SchedulerPluginsPodGroup} created once, never updated. A suspended cluster is left as it is.
 * A failure is a Warning Event and stops the Pods from being reconciled in this pass, so that no Pod reaches Volcano
 * without its group. The PodGroup goes with the RayCluster (owner reference); it is never deleted here.
 */
final class PodGroupSync {

  /** The scheduler-plugins PodGroup resource, for the generic client. */
  static final ResourceDefinitionContext SCHEDULER_PLUGINS = new ResourceDefinitionContext.Builder()
      .withGroup(SchedulerPluginsPodGroup.GROUP)
      .withVersion(SchedulerPluginsPodGroup.VERSION)
      .withKind(SchedulerPluginsPodGroup.KIND)
      .withPlural(SchedulerPluginsPodGroup.PLURAL)
      .withNamespaced(true)
      .build();

  private final KubernetesClient client;
  private final VolcanoPodGroups podGroups;
  private final EventRecorder events;
  private final BatchScheduler scheduler;

  PodGroupSync(KubernetesClient client, ClusterBuildSettings settings, EventRecorder events) {
    this.client = Objects.requireNonNull(client, "client");
    this.podGroups = new VolcanoPodGroups(client);
    this.events = Objects.requireNonNull(events, "events");
    this.scheduler = settings.batchScheduler();
  }

  /**
   * Creates or resizes the cluster's PodGroup when it needs one.
   *
   * @return what failed (Pods must wait), or {@code null}
   */
  String sync(RayCluster cluster) {
    if (Boolean.TRUE.equals(cluster.getSpec().getSuspend())) {
      return null;
    }
    if (scheduler == BatchScheduler.SCHEDULER_PLUGINS && SchedulerPluginsPodGroup.wantedFor(cluster.getMetadata())) {
      return createOnce(cluster);
    }
    if (scheduler != BatchScheduler.VOLCANO || !VolcanoPodGroup.wantedFor(cluster.getMetadata())) {
      return null;
    }
    String what = "Volcano PodGroup " + VolcanoPodGroups.describe(cluster);
    GangSize size = GangSize.of(cluster.getSpec());
    try {
      switch (podGroups.sync(cluster, size)) {
        case CREATED -> record(cluster, ClusterEventReason.CREATED_POD_GROUP, "Created " + what + " (minMember "
            + size.minMember() + ")");
        case UPDATED -> record(cluster, ClusterEventReason.UPDATED_POD_GROUP, "Resized " + what + " to minMember "
            + size.minMember() + ", minResources " + size.minResources());
        case UNCHANGED -> {
        }
      }
      return null;
    } catch (KubernetesClientException | IllegalArgumentException e) {
      String message = "Failed to create or resize " + what + "; no Pod is created until it exists: " + e.getMessage();
      record(cluster, ClusterEventReason.FAILED_TO_SYNC_POD_GROUP, message);
      return message;
    }
  }

  /** scheduler-plugins: the PodGroup is created if it is missing, and never changed. */
  private String createOnce(RayCluster cluster) {
    String namespace = cluster.getMetadata().getNamespace();
    String what = "PodGroup " + namespace + "/" + cluster.getMetadata().getName() + " (scheduler-plugins)";
    try {
      if (client.genericKubernetesResources(SCHEDULER_PLUGINS).inNamespace(namespace)
          .withName(cluster.getMetadata().getName()).get() != null) {
        return null;
      }
      GenericKubernetesResource podGroup = SchedulerPluginsPodGroup.build(cluster);
      client.genericKubernetesResources(SCHEDULER_PLUGINS).inNamespace(namespace).resource(podGroup).create();
      record(cluster, ClusterEventReason.CREATED_POD_GROUP, "Created " + what);
      return null;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        return null;
      }
      String message = "Failed to create " + what + "; no Pod is created until it exists: " + e.getMessage();
      record(cluster, ClusterEventReason.FAILED_TO_SYNC_POD_GROUP, message);
      return message;
    }
  }

  private void record(RayCluster cluster, ClusterEventReason reason, String message) {
    events.record(cluster, reason.type(), reason, message);
  }
}
