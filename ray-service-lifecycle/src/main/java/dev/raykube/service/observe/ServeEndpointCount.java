package dev.raykube.service.observe;

import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.discovery.v1.Endpoint;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Counts the distinct ready endpoints of a Service's EndpointSlices ({@code status.numServeEndpoints}): an endpoint is
 * ready unless its {@code conditions.ready} is {@code false} (unset means ready, as Kubernetes says consumers should
 * read it), and one Pod in several slices counts once. Pure.
 */
public final class ServeEndpointCount {

  private ServeEndpointCount() {
  }

  /** The number of distinct ready endpoints in {@code slices}. */
  public static int of(List<EndpointSlice> slices) {
    Set<String> ready = new HashSet<>();
    for (EndpointSlice slice : slices) {
      if (slice.getEndpoints() == null) {
        continue;
      }
      for (Endpoint endpoint : slice.getEndpoints()) {
        if (endpoint.getConditions() != null && Boolean.FALSE.equals(endpoint.getConditions().getReady())) {
          continue;
        }
        String identity = identity(endpoint);
        if (identity != null) {
          ready.add(identity);
        }
      }
    }
    return ready.size();
  }

  private static String identity(Endpoint endpoint) {
    ObjectReference target = endpoint.getTargetRef();
    if (target != null && target.getName() != null) {
      return (target.getKind() == null ? "" : target.getKind()) + "/" + target.getNamespace() + "/"
          + target.getName();
    }
    List<String> addresses = endpoint.getAddresses();
    return addresses == null || addresses.isEmpty() ? null : "address/" + addresses.get(0);
  }
}
