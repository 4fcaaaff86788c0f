package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.networking.v1.IngressBuilder;
import io.fabric8.kubernetes.api.model.networking.v1.IngressSpec;
import io.fabric8.kubernetes.api.model.networking.v1.IngressSpecBuilder;
import java.util.ArrayList;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether the head's live Ingress must be updated to match the one {@link HeadIngressFactory} builds, and to what (as
 * KubeRay v1.7.0 decides it): labels and annotations are replaced wholesale when they differ, and so is the spec; when
 * the RayCluster requests no Ingress class, the live {@code spec.ingressClassName} (an admission default, say) is kept
 * and does not count as a difference.
 */
public final class HeadIngressDrift {

  private HeadIngressDrift() {
  }

  /**
   * The Ingress to write, or empty when {@code live} already matches.
   *
   * @param live the Ingress read from the API server (controlled by the cluster)
   * @param desired what {@link HeadIngressFactory#build} made
   * @return {@code live} (a copy, with its resourceVersion for an update locked to it) with the desired labels,
   *     annotations and spec; or empty
   */
  public static Optional<Ingress> update(Ingress live, Ingress desired) {
    IngressSpec wantedSpec = normalised(desired.getSpec());
    IngressSpec liveSpec = normalised(live.getSpec());
    if (wantedSpec.getIngressClassName() == null) {
      wantedSpec.setIngressClassName(liveSpec.getIngressClassName());
    }
    boolean same = sameMap(live.getMetadata().getLabels(), desired.getMetadata().getLabels())
        && sameMap(live.getMetadata().getAnnotations(), desired.getMetadata().getAnnotations())
        && Objects.equals(liveSpec, wantedSpec);
    if (same) {
      return Optional.empty();
    }
    return Optional.of(new IngressBuilder(live)
        .editMetadata()
        .withLabels(desired.getMetadata().getLabels())
        .withAnnotations(desired.getMetadata().getAnnotations())
        .endMetadata()
        .withSpec(wantedSpec)
        .build());
  }

  /** A copy in which a missing list is an empty one, as the API server's JSON does not tell them apart. */
  private static IngressSpec normalised(IngressSpec spec) {
    IngressSpec copy = spec == null ? new IngressSpec() : new IngressSpecBuilder(spec).build();
    if (copy.getTls() == null) {
      copy.setTls(new ArrayList<>());
    }
    if (copy.getRules() == null) {
      copy.setRules(new ArrayList<>());
    }
    return copy;
  }

  private static boolean sameMap(Map<String, String> a, Map<String, String> b) {
    return Objects.equals(a == null ? Map.of() : a, b == null ? Map.of() : b);
  }
}
