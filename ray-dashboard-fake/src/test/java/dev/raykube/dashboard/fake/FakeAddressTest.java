package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.net.InetAddress;
import org.junit.jupiter.api.Test;

class FakeAddressTest {

  @Test
  void fakesOnDistinctLoopbackAddressesShareOnePortAndKeepTheirJobsApart() throws Exception {
    InetAddress first = InetAddress.getByName("127.0.0.2");
    InetAddress second = InetAddress.getByName("127.0.0.3");
    try (FakeRayDashboard a = FakeRayDashboard.builder().address(first).build().start();
        FakeRayDashboard b = FakeRayDashboard.builder().address(second).port(a.port()).build().start()) {
      assertThat(a.url()).isEqualTo("http://127.0.0.2:" + a.port());
      assertThat(b.url()).isEqualTo("http://127.0.0.3:" + a.port());

      TestHttp.Reply submitted = new TestHttp(a.url()).post("/api/jobs/", "{\"entrypoint\": \"true\"}");
      assertThat(submitted.code()).isEqualTo(200);
      assertThat(a.submissionIds()).hasSize(1);
      assertThat(b.submissionIds()).isEmpty();
      assertThat(b.requests()).isEmpty();
    }
  }

  @Test
  void aTakenAddressAndPortNamesBoth() throws Exception {
    InetAddress address = InetAddress.getByName("127.0.0.4");
    try (FakeRayDashboard a = FakeRayDashboard.builder().address(address).build().start();
        FakeRayDashboard b = FakeRayDashboard.builder().address(address).port(a.port()).build()) {
      assertThatThrownBy(b::start).isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining("127.0.0.4:" + a.port());
    }
  }
}
