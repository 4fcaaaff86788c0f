package dev.raykube.operator.rayservice;

import static dev.raykube.operator.testing.Eventually.await;

import dev.raykube.model.service.RayService;
import dev.raykube.operator.testing.RayCrds;
import dev.raykube.operator.testing.ServeEndpointSlice;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class ScratchStatusWritesTest {
  static KubernetesClient client;

  static void flatten(String prefix, JsonNode n, Map<String, String> out) {
    if (n.isObject()) {
      Iterator<Map.Entry<String, JsonNode>> it = n.fields();
      while (it.hasNext()) { var e = it.next(); flatten(prefix + "." + e.getKey(), e.getValue(), out); }
    } else if (n.isArray()) {
      for (int i = 0; i < n.size(); i++) flatten(prefix + "[" + i + "]", n.get(i), out);
    } else out.put(prefix, n.asText());
  }

  @Test
  void statuses() throws Exception {
    RayCrds.register(client);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName("serving").endMetadata().build()).create();
    List<String> seen = new ArrayList<>();
    ObjectMapper om = new ObjectMapper();
    Map<String, String>[] prev = new Map[] {new TreeMap<>()};
    client.resources(RayService.class).inNamespace("serving").watch(new Watcher<RayService>() {
      public void eventReceived(Action a, RayService r) {
        Map<String, String> now = new TreeMap<>();
        if (r.getStatus() != null) flatten("", om.valueToTree(r.getStatus()), now);
        StringBuilder sb = new StringBuilder(a + " rv=" + r.getMetadata().getResourceVersion() + ":");
        for (var e : now.entrySet()) if (!e.getValue().equals(prev[0].get(e.getKey())) && !e.getKey().contains("lastTransitionTime") && !e.getKey().contains("lastUpdateTime")) sb.append("\n   ").append(e.getKey()).append("=").append(e.getValue());
        for (var k : prev[0].keySet()) if (!now.containsKey(k)) sb.append("\n   -").append(k);
        prev[0] = now;
        synchronized (seen) { seen.add(sb.toString()); }
      }
      public void onClose(WatcherException e) {}
    });
    try (RayServiceRuntime runtime = RayServiceRuntime.start(client, "serving")) {
      runtime.create(RayServiceRuntime.greeter("greeter"));
      await("svc", () -> runtime.serveService("greeter") != null);
      ServeEndpointSlice.create(client, runtime.serveService("greeter"), "10.0.0.1");
      await("Ready", () -> runtime.hasCondition("greeter", "Ready", "True", "NonZeroServeEndpoints"));
      Thread.sleep(3000);
    }
    synchronized (seen) { seen.forEach(System.out::println); }
  }
}
