package dev.raykube.service.loop;

import static org.assertj.core.api.Assertions.assertThat;

import dev.raykube.kernel.dashboard.DashboardAccess;
import dev.raykube.kernel.dashboard.DashboardClients;
import dev.raykube.kernel.finalizer.FinalizerNames;
import dev.raykube.model.cluster.RayCluster;
import dev.raykube.reconcile.CleanedUp;
import dev.raykube.reconcile.EventRecorder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.time.Clock;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link RayServiceLoop#standard} wires a working loop. */
@EnableKubernetesMockClient(crud = true)
class StandardLoopTest {

  static KubernetesMockServer server;
  static KubernetesClient client;

  @Test
  @DisplayName("the loop with its defaults creates the first cluster, and its cleanup deletes it and lets the finalizer go")
  void standardLoop() {
    try (ServiceBed bed = new ServiceBed(client, server); DashboardClients clients = new DashboardClients()) {
      RayServiceLoop loop = RayServiceLoop.builder(client).dashboardAccess(DashboardAccess.fixed(bed.fake.url()))
          .dashboards(clients).proxyProbe((ip, port) -> true)
          .events(new EventRecorder(client, "raykube-test", null, Clock.systemUTC())).build();
      bed.create(spec -> { });

      loop.reconcile(bed.stored());

      assertThat(client.resources(RayCluster.class).inNamespace(ServiceBed.NS).list().getItems()).hasSize(1);
      assertThat(loop.deletionCleanup().finalizer()).isEqualTo(FinalizerNames.RAYSERVICE);
      client.resource(bed.stored()).delete();
      CleanedUp cleaned = loop.cleanup(bed.stored());
      assertThat(cleaned.removeFinalizer()).isTrue();
      assertThat(client.resources(RayCluster.class).inNamespace(ServiceBed.NS).list().getItems()).isEmpty();
    }
  }
}
