package dev.raykube.service.loop;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.model.cluster.ClusterState;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterConditionType;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.service.decide.RayServiceLabels;
import dev.raykube.service.observe.RayServiceReads;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.discovery.v1.Endpoint;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * What the CRUD mock lacks and a real cluster does: a RayCluster controller that brings every cluster's head up
 * (status {@code HeadPodReady=True}, a running, ready head Pod with an IP) and an EndpointSlice controller that lists
 * the ready Pods a Service selects.
 */
final class SimulatedKube {
  private final KubernetesClient client;
  private final String namespace;
  private final AtomicInteger ips = new AtomicInteger(10);

  SimulatedKube(KubernetesClient client, String namespace) {
    this.client = client;
    this.namespace = namespace;
  }

  /** Brings the heads of new clusters up and refreshes the EndpointSlices of the RayService's Services. */
  void settle() {
    for (RayCluster cluster : client.resources(RayCluster.class).inNamespace(namespace).list().getItems()) {
      if (cluster.getMetadata().getDeletionTimestamp() == null && !headReady(cluster)) {
        bringUp(cluster);
      }
    }
    for (Service service : client.services().inNamespace(namespace)
        .withLabel(RayClusterLabels.ORIGINATED_FROM_CRD, RayServiceLabels.RAY_SERVICE_KIND).list().getItems()) {
      slice(service);
    }
  }

  private static boolean headReady(RayCluster cluster) {
    return cluster.getStatus() != null && cluster.getStatus().getConditions() != null
        && cluster.getStatus().getConditions().stream()
            .anyMatch(c -> RayClusterConditionType.HEAD_POD_READY.value().equals(c.getType()));
  }

  private void bringUp(RayCluster cluster) {
    String name = cluster.getMetadata().getName();
    Pod head = new PodBuilder().withNewMetadata().withName(name + "-head").withNamespace(namespace)
        .withLabels(RayClusterLabels.headSelector(name)).endMetadata()
        .withNewSpec().addNewContainer().withName("ray-head").withImage("rayproject/ray:2.60.0").endContainer()
        .endSpec()
        .withNewStatus().withPhase("Running").withPodIP("10.0.0." + ips.incrementAndGet())
        .addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus()
        .build();
    Pod created = client.resource(head).create();
    if (created.getStatus() == null || created.getStatus().getPodIP() == null) {
      created.setStatus(head.getStatus());
      client.resource(created).updateStatus();
    }
    RayClusterStatus status = new RayClusterStatus();
    status.setState(ClusterState.READY);
    status.setConditions(List.of(new ConditionBuilder().withType(RayClusterConditionType.HEAD_POD_READY.value())
        .withStatus("True").withReason("HeadPodRunningAndReady").withLastTransitionTime("2026-01-01T00:00:00Z")
        .build()));
    cluster.setStatus(status);
    client.resource(cluster).updateStatus();
  }

  private void slice(Service service) {
    Map<String, String> selector = service.getSpec().getSelector();
    List<Endpoint> endpoints = client.pods().inNamespace(namespace).withLabels(selector).list().getItems().stream()
        .map(pod -> new EndpointBuilder().withAddresses(pod.getStatus().getPodIP())
            .withNewConditions().withReady(true).endConditions()
            .withNewTargetRef().withKind("Pod").withNamespace(namespace).withName(pod.getMetadata().getName())
            .endTargetRef().build())
        .toList();
    EndpointSlice slice = new EndpointSliceBuilder().withNewMetadata()
        .withName(service.getMetadata().getName() + "-slice").withNamespace(namespace)
        .withLabels(Map.of(RayServiceReads.SERVICE_NAME_LABEL, service.getMetadata().getName())).endMetadata()
        .withAddressType("IPv4").withEndpoints(endpoints).build();
    EndpointSlice existing = client.discovery().v1().endpointSlices().inNamespace(namespace)
        .withName(slice.getMetadata().getName()).get();
    if (existing == null) {
      client.resource(slice).create();
    } else if (!existing.getEndpoints().equals(slice.getEndpoints())) {
      slice.getMetadata().setResourceVersion(existing.getMetadata().getResourceVersion());
      client.resource(slice).update();
    }
  }
}
