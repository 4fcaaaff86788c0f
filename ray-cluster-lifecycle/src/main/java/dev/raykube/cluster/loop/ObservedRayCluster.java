package dev.raykube.cluster.loop;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.Service;
import java.util.List;

/**
 * What one RayCluster reconcile decided from: the cluster's Pods as the caller's cache holds them, corrected by the
 * loop's expectations of its own recent writes, and its head Service. Immutable.
 *
 * @param pods the Pods
 * @param headService the head Service, or {@code null} when there is none
 */
public record ObservedRayCluster(List<Pod> pods, Service headService) {

  /** Copies the Pods. */
  public ObservedRayCluster {
    pods = List.copyOf(pods);
  }
}
