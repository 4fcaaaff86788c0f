package dev.raykube.service.decide;

import dev.raykube.model.cluster.RayCluster;
import java.util.Objects;

/**
 * One RayCluster of a RayService as the caller saw it. The caller lists the RayClusters labelled
 * {@code ray.io/originated-from-crd=RayService} and {@code ray.io/originated-from-cr-name=<service>} in the
 * RayService's namespace (and owned by it, when owner references are set) and reports each of them, terminating ones
 * included.
 *
 * @param cluster the RayCluster as read; not null, with a name
 * @param headPodReady whether its head Pod is running and ready (the Pod's {@code Ready} condition, or the cluster's
 *     {@code HeadPodReady} condition)
 * @param serve what its dashboard's Serve said; ask only when the head Pod is ready, else {@link ServeLookup#notQueried()}
 * @param lastDeployment the serve config last sent to it and Serve's answer, {@code null} when none was sent yet
 */
public record ObservedCluster(RayCluster cluster, boolean headPodReady, ServeLookup serve,
    ServeDeployment lastDeployment) {

  /** Checks the cluster and its name; a null lookup means not queried. */
  public ObservedCluster {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(cluster.getMetadata(), "cluster.metadata");
    Objects.requireNonNull(cluster.getMetadata().getName(), "cluster.metadata.name");
    serve = serve == null ? ServeLookup.notQueried() : serve;
  }

  /** A cluster whose head is not ready yet: the dashboard was not asked, nothing was deployed. */
  public static ObservedCluster starting(RayCluster cluster) {
    return new ObservedCluster(cluster, false, ServeLookup.notQueried(), null);
  }

  /** A cluster with a ready head, whose Serve said {@code serve}, and the last deployment to it (or {@code null}). */
  public static ObservedCluster ready(RayCluster cluster, ServeLookup serve, ServeDeployment lastDeployment) {
    return new ObservedCluster(cluster, true, serve, lastDeployment);
  }

  /** The cluster's name. */
  public String name() {
    return cluster.getMetadata().getName();
  }

  /** Whether the cluster is being deleted ({@code metadata.deletionTimestamp} is set). */
  public boolean terminating() {
    return cluster.getMetadata().getDeletionTimestamp() != null;
  }

  /** Returns a copy with another Serve answer. */
  public ObservedCluster withServe(ServeLookup value) {
    return new ObservedCluster(cluster, headPodReady, value, lastDeployment);
  }

  /** Returns a copy with another last deployment. */
  public ObservedCluster withLastDeployment(ServeDeployment value) {
    return new ObservedCluster(cluster, headPodReady, serve, value);
  }
}
