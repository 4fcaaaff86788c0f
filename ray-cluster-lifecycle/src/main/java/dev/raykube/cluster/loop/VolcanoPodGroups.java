package dev.raykube.cluster.loop;

import dev.raykube.cluster.GangSize;
import dev.raykube.cluster.VolcanoPodGroup;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.ResourceDefinitionContext;
import java.util.Objects;

/**
 * Reads and writes Volcano PodGroups ({@link VolcanoPodGroup}) for a RayCluster, or for a RayJob through
 * {@code ray-job-lifecycle}: one GET, then a create when there is none, or an update (locked to the read
 * {@code resourceVersion}) when its {@code minMember} or {@code minResources} differ from the wanted size. A create
 * that finds the PodGroup already there leaves it for the next pass, as KubeRay does. The callers record the Events:
 * each kind has its own reasons.
 */
public final class VolcanoPodGroups {

  /** What {@link #sync} did. */
  public enum Result {
    /** The PodGroup was created. */
    CREATED,
    /** Its {@code minMember} / {@code minResources} were updated. */
    UPDATED,
    /** It existed with the wanted size, or appeared between the read and the create. */
    UNCHANGED
  }

  /** The PodGroup resource, for the generic client. */
  public static final ResourceDefinitionContext CONTEXT = new ResourceDefinitionContext.Builder()
      .withGroup(VolcanoPodGroup.GROUP)
      .withVersion(VolcanoPodGroup.VERSION)
      .withKind(VolcanoPodGroup.KIND)
      .withPlural(VolcanoPodGroup.PLURAL)
      .withNamespaced(true)
      .build();

  private final KubernetesClient client;

  /** PodGroups read and written through {@code client}. */
  public VolcanoPodGroups(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /**
   * Brings the owner's PodGroup to {@code size}, creating it if it is missing.
   *
   * @param owner the RayCluster or RayJob
   * @param size the wanted size
   * @return what was done
   * @throws KubernetesClientException if the read or the write fails (a 404 of the CRD included: Volcano is not
   *     installed)
   * @throws IllegalArgumentException if the owner's labels cannot make a PodGroup ({@link VolcanoPodGroup#build})
   */
  public Result sync(HasMetadata owner, GangSize size) {
    String namespace = owner.getMetadata().getNamespace();
    String name = VolcanoPodGroup.name(owner.getMetadata());
    GenericKubernetesResource live = client.genericKubernetesResources(CONTEXT).inNamespace(namespace)
        .withName(name).get();
    if (live == null) {
      GenericKubernetesResource wanted = VolcanoPodGroup.build(owner, size);
      try {
        client.genericKubernetesResources(CONTEXT).inNamespace(namespace).resource(wanted).create();
        return Result.CREATED;
      } catch (KubernetesClientException e) {
        if (e.getCode() == 409) {
          return Result.UNCHANGED;
        }
        throw e;
      }
    }
    if (!VolcanoPodGroup.needsResize(live, size)) {
      return Result.UNCHANGED;
    }
    GenericKubernetesResource resized = VolcanoPodGroup.resized(live, size);
    client.genericKubernetesResources(CONTEXT).inNamespace(namespace).resource(resized)
        .lockResourceVersion(live.getMetadata().getResourceVersion()).update();
    return Result.UPDATED;
  }

  /** The PodGroup's {@code namespace/name} for an owner, for messages. */
  public static String describe(HasMetadata owner) {
    return owner.getMetadata().getNamespace() + "/" + VolcanoPodGroup.name(owner.getMetadata());
  }
}
