package dev.raykube.kernel.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.raykube.dashboard.RayDashboardClient;
import org.junit.jupiter.api.Test;

class DashboardClientsTest {

  private static final DashboardEndpoint A = DashboardEndpoint.of("http://a-head-svc.ml.svc.cluster.local:8265");
  private static final DashboardEndpoint B = new DashboardEndpoint("http://b-head-svc.ml.svc.cluster.local:8265",
      "token-b");

  @Test
  void oneClientPerEndpointSharedByTheClustersUsingIt() {
    try (DashboardClients clients = new DashboardClients()) {
      RayDashboardClient first = clients.client("ml", "a", A);
      assertThat(clients.client("ml", "a", A)).isSameAs(first);
      assertThat(clients.client("ml", "fixed-too", A)).as("another cluster, same endpoint").isSameAs(first);
      assertThat(clients.client("ml", "b", B)).isNotSameAs(first);
      assertThat(clients.client("ml", "b", B).toString()).contains("bearer token");
      assertThat(clients.size()).isEqualTo(2);

      clients.forget("ml", "a");
      assertThat(clients.size()).as("still used by fixed-too").isEqualTo(2);
      assertThat(clients.client("ml", "fixed-too", A)).isSameAs(first);
      clients.forget("ml", "fixed-too");
      assertThat(clients.size()).isEqualTo(1);
      assertThat(clients.client("ml", "a", A)).as("made again after it was closed").isNotSameAs(first);
      clients.forget("other", "unknown");
      assertThat(clients.size()).isEqualTo(2);
    }
  }

  @Test
  void aChangedEndpointReplacesTheClusterClient() {
    try (DashboardClients clients = new DashboardClients()) {
      RayDashboardClient old = clients.client("ml", "b", B);
      DashboardEndpoint rotated = new DashboardEndpoint(B.url(), "token-b-2");
      RayDashboardClient renewed = clients.client("ml", "b", rotated);
      assertThat(renewed).isNotSameAs(old);
      assertThat(clients.size()).as("the client with the old token is closed").isEqualTo(1);
    }
  }

  @Test
  void closedClientsGiveNoClient() {
    DashboardClients clients = new DashboardClients();
    clients.client("ml", "a", A);
    clients.close();
    clients.close();
    assertThat(clients.size()).isZero();
    assertThatThrownBy(() -> clients.client("ml", "a", A)).isInstanceOf(IllegalStateException.class);
  }
}
