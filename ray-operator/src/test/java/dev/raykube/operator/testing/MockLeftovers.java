package dev.raykube.operator.testing;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.KubernetesResourceList;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.dsl.AnyNamespaceOperation;
import io.fabric8.kubernetes.client.dsl.MixedOperation;
import io.fabric8.kubernetes.client.dsl.Resource;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a test leaves on the CRUD mock, which has no garbage collector: the controllers' primary resources, and the
 * RayClusters, Pods, Services, EndpointSlices, Jobs and Events they made.
 */
public final class MockLeftovers {

  private MockLeftovers() {
  }

  /** Removes them from {@code namespace} (null: from every namespace), the finalizers of each taken off first. */
  public static void remove(KubernetesClient client, String namespace,
      Collection<? extends Class<? extends HasMetadata>> primaries) {
    Set<Class<? extends HasMetadata>> kinds = new LinkedHashSet<>(primaries);
    kinds.addAll(List.of(RayCluster.class, Pod.class, Service.class, EndpointSlice.class, Job.class, Event.class));
    kinds.forEach(kind -> remove(client, namespace, kind));
  }

  private static <T extends HasMetadata> void remove(KubernetesClient client, String namespace, Class<T> kind) {
    MixedOperation<T, KubernetesResourceList<T>, Resource<T>> all = client.resources(kind);
    AnyNamespaceOperation<T, KubernetesResourceList<T>, Resource<T>> scope =
        namespace == null ? all.inAnyNamespace() : all.inNamespace(namespace);
    scope.list().getItems().stream().filter(object -> !object.getFinalizers().isEmpty())
        .forEach(object -> client.resource(object).edit(o -> {
          o.getMetadata().setFinalizers(new ArrayList<>());
          return o;
        }));
    scope.delete();
  }
}
