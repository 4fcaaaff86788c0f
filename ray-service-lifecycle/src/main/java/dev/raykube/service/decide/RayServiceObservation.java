package dev.raykube.service.decide;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the caller observed for one decision about a RayService.
 *
 * @param clusters every RayCluster of the RayService (see {@link ObservedCluster}), in any order; unmodifiable
 * @param headService which cluster {@code <service>-head-svc} selects
 * @param serveService which cluster the serve Service ({@link ServiceNames#serveService}) selects
 * @param readyServeEndpoints distinct ready endpoints (Pods) in the serve Service's EndpointSlices; 0 when it is absent
 * @param servePods the serve-eligible Pods of the active and pending clusters with their proxy health; unmodifiable
 */
public record RayServiceObservation(List<ObservedCluster> clusters, ServiceTarget headService,
    ServiceTarget serveService, int readyServeEndpoints, List<ServePod> servePods) {

  /** Replaces nulls with the "nothing" values and copies. */
  public RayServiceObservation {
    clusters = clusters == null ? List.of() : List.copyOf(clusters);
    headService = headService == null ? ServiceTarget.absent() : headService;
    serveService = serveService == null ? ServiceTarget.absent() : serveService;
    if (readyServeEndpoints < 0) {
      throw new IllegalArgumentException("readyServeEndpoints must not be negative: " + readyServeEndpoints);
    }
    servePods = servePods == null ? List.of() : List.copyOf(servePods);
  }

  /** The observation of nothing at all: no cluster, no Service, no endpoint. */
  public static RayServiceObservation nothing() {
    return new RayServiceObservation(null, null, null, 0, null);
  }

  /** An observation of these clusters, with no Service, no endpoint and no serve Pod. */
  public static RayServiceObservation of(ObservedCluster... clusters) {
    return new RayServiceObservation(List.of(clusters), null, null, 0, null);
  }

  /** The observed cluster of that name, if any. */
  public Optional<ObservedCluster> cluster(String name) {
    if (name == null) {
      return Optional.empty();
    }
    return clusters.stream().filter(c -> c.name().equals(name)).findFirst();
  }

  /** Returns a copy with one more (or a replaced, by name) cluster. */
  public RayServiceObservation withCluster(ObservedCluster value) {
    List<ObservedCluster> list = new ArrayList<>();
    clusters.stream().filter(c -> !c.name().equals(value.name())).forEach(list::add);
    list.add(value);
    return new RayServiceObservation(list, headService, serveService, readyServeEndpoints, servePods);
  }

  /** Returns a copy in which both Services select {@code clusterName}. */
  public RayServiceObservation withServicesSelecting(String clusterName) {
    Objects.requireNonNull(clusterName, "clusterName");
    return new RayServiceObservation(clusters, ServiceTarget.selects(clusterName), ServiceTarget.selects(clusterName),
        readyServeEndpoints, servePods);
  }

  /** Returns a copy with other Service targets. */
  public RayServiceObservation withServices(ServiceTarget head, ServiceTarget serve) {
    return new RayServiceObservation(clusters, head, serve, readyServeEndpoints, servePods);
  }

  /** Returns a copy with another count of ready serve endpoints. */
  public RayServiceObservation withReadyServeEndpoints(int value) {
    return new RayServiceObservation(clusters, headService, serveService, value, servePods);
  }

  /** Returns a copy with other serve Pods. */
  public RayServiceObservation withServePods(ServePod... value) {
    return new RayServiceObservation(clusters, headService, serveService, readyServeEndpoints, List.of(value));
  }
}
