package dev.raykube.operator.testing;

import dev.raykube.service.observe.RayServiceReads;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.HashMap;
import java.util.Map;

/**
 * Plays the EndpointSlice controller for a RayService's serve Service on the CRUD mock (which has none): writes the
 * slice a real one would, with the Service's labels (so the RayService controller's label-selected informer sees
 * it), {@value RayServiceReads#SERVICE_NAME_LABEL} naming the Service, and one ready endpoint.
 */
public final class ServeEndpointSlice {

  private ServeEndpointSlice() {
  }

  /**
   * Creates the slice of {@code service} with one ready endpoint at {@code address}.
   *
   * @param client the test's client
   * @param service the serve Service as stored
   * @param address the endpoint's IPv4 address
   * @return the slice as stored
   */
  public static EndpointSlice create(KubernetesClient client, Service service, String address) {
    Map<String, String> labels = new HashMap<>(service.getMetadata().getLabels());
    labels.put(RayServiceReads.SERVICE_NAME_LABEL, service.getMetadata().getName());
    EndpointSlice slice = new EndpointSliceBuilder()
        .withNewMetadata().withName(service.getMetadata().getName() + "-abcde")
        .withNamespace(service.getMetadata().getNamespace()).withLabels(labels).endMetadata()
        .withAddressType("IPv4")
        .addNewEndpoint().withAddresses(address).withNewConditions().withReady(true).endConditions().endEndpoint()
        .build();
    return client.resource(slice).create();
  }
}
