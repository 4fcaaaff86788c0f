package dev.raykube.service.observe;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.model.cluster.RayClusterStatus;
import dev.raykube.service.decide.ServeDeployment;
import io.fabric8.kubernetes.api.model.ConditionBuilder;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointBuilder;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSlice;
import io.fabric8.kubernetes.api.model.discovery.v1.EndpointSliceBuilder;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The observer's small parts: the deployment memory, the endpoint count, head readiness, the proxy probe. */
class ObservedValuesTest {

  @Test
  @DisplayName("the deployment memory is keyed by cluster uid, bounded, and forgets clusters that are gone")
  void lastServeDeployments() {
    LastServeDeployments memory = new LastServeDeployments(2);
    memory.remember("ns", "a", "uid-1", ServeDeployment.accepted("h1"));
    memory.remember("ns", "a", "uid-2", ServeDeployment.rejected("h2", "bad"));
    memory.remember("ns", "b", "uid-3", ServeDeployment.accepted("h3"));

    assertThat(memory.size()).isEqualTo(2);
    assertThat(memory.last("uid-1")).as("the least recently used went first").isEmpty();
    assertThat(memory.last("uid-2")).contains(ServeDeployment.rejected("h2", "bad"));

    memory.retainOnly("ns", "a", Set.of());
    assertThat(memory.last("uid-2")).isEmpty();
    assertThat(memory.last("uid-3")).as("another RayService's cluster stays").isPresent();
    memory.forgetService("ns", "b");
    assertThat(memory.size()).isZero();
  }

  @Test
  @DisplayName("ready endpoints: distinct Pods across slices; ready unless conditions.ready is false")
  void endpointCount() {
    EndpointSlice one = slice(endpoint("p1", true), endpoint("p2", false), endpoint("p3", null));
    EndpointSlice two = slice(endpoint("p1", true));
    assertThat(ServeEndpointCount.of(List.of(one, two))).isEqualTo(2);
    assertThat(ServeEndpointCount.of(List.of())).isZero();
  }

  @Test
  @DisplayName("head readiness: the cluster's HeadPodReady condition, else a running, ready head Pod")
  void headReadiness() {
    RayCluster cluster = new RayCluster();
    cluster.setMetadata(new ObjectMetaBuilder().withName("c").build());
    assertThat(RayPodReadiness.headPodReady(cluster, List.of())).isFalse();
    assertThat(RayPodReadiness.headPodReady(cluster, List.of(pod("head", "True")))).isTrue();
    assertThat(RayPodReadiness.headPodReady(cluster, List.of(pod("worker", "True")))).isFalse();
    assertThat(RayPodReadiness.headPodReady(cluster, List.of(pod("head", "False")))).isFalse();
    RayClusterStatus status = new RayClusterStatus();
    status.setConditions(List.of(new ConditionBuilder().withType("HeadPodReady").withStatus("True").build()));
    cluster.setStatus(status);
    assertThat(RayPodReadiness.headPodReady(cluster, List.of())).isTrue();
    assertThat(RayPodReadiness.servePort(pod("head", "True"))).isEqualTo(8000);
  }

  @Test
  @DisplayName("the HTTP proxy probe: 200 on /-/healthz is healthy; another status or no answer is not")
  void httpProbe() throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    int[] status = {200};
    server.createContext("/-/healthz", exchange -> {
      exchange.sendResponseHeaders(status[0], -1);
      exchange.close();
    });
    server.start();
    try {
      // Generous: the first request of a JDK HTTP client starts its selector thread, slow on a loaded machine; the
      // timeout only costs time when the probe fails, and the failing cases below are answered at once.
      ServeProxyProbe probe = ServeProxyProbe.http(Duration.ofSeconds(10));
      int port = server.getAddress().getPort();
      assertThat(probe.healthy("127.0.0.1", port)).isTrue();
      status[0] = 503;
      assertThat(probe.healthy("127.0.0.1", port)).isFalse();
    } finally {
      server.stop(0);
    }
    assertThat(ServeProxyProbe.http(Duration.ofMillis(200)).healthy("127.0.0.1", 1)).isFalse();
  }

  private static Pod pod(String type, String ready) {
    return new PodBuilder().withNewMetadata().withName("p-" + type).withLabels(Map.of("ray.io/node-type", type))
        .endMetadata().withNewStatus().withPhase("Running").withPodIP("10.0.0.1").addNewCondition()
        .withType("Ready").withStatus(ready).endCondition().endStatus().build();
  }

  private static io.fabric8.kubernetes.api.model.discovery.v1.Endpoint endpoint(String pod, Boolean ready) {
    return new EndpointBuilder().withAddresses("10.0.0.1").withNewConditions().withReady(ready).endConditions()
        .withNewTargetRef().withKind("Pod").withNamespace("ns").withName(pod).endTargetRef().build();
  }

  private static EndpointSlice slice(io.fabric8.kubernetes.api.model.discovery.v1.Endpoint... endpoints) {
    return new EndpointSliceBuilder().withNewMetadata().withName("s").endMetadata().withAddressType("IPv4")
        .withEndpoints(endpoints).build();
  }
}
