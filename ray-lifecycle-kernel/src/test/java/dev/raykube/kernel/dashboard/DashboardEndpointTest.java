package dev.raykube.kernel.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class DashboardEndpointTest {

  @ParameterizedTest(name = "{0} is stored as {1}")
  @CsvSource({
      "http://head-svc.ml.svc.cluster.local:8265, head-svc.ml.svc.cluster.local:8265",
      "http://127.0.0.1:8265/, 127.0.0.1:8265",
      "HTTP://Host:1, Host:1",
      "https://ray.example.com, https://ray.example.com",
      "http://proxy:80/ray/ml, http://proxy:80/ray/ml"})
  void statusAddressIsKubeRaysFormForPlainHttp(String url, String stored) {
    DashboardEndpoint endpoint = DashboardEndpoint.of(url);
    assertThat(endpoint.statusAddress()).isEqualTo(stored);
    assertThat(DashboardEndpoint.urlOf(endpoint.statusAddress())).isEqualToIgnoringCase(endpoint.url());
  }

  @Test
  void urlOfAddsHttpOnlyWithoutScheme() {
    assertThat(DashboardEndpoint.urlOf(" head:8265 ")).isEqualTo("http://head:8265");
    assertThat(DashboardEndpoint.urlOf("https://head:8265")).isEqualTo("https://head:8265");
    assertThatThrownBy(() -> DashboardEndpoint.urlOf(" ")).isInstanceOf(IllegalArgumentException.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"head:8265", "ftp://head", "http://", "https:///path", ""})
  void rejectsWhatIsNotAnHttpUrl(String url) {
    assertThatThrownBy(() -> DashboardEndpoint.of(url)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void tokenIsNeverShownAndNeverBlank() {
    DashboardEndpoint endpoint = new DashboardEndpoint("http://head:8265", "s3cret");
    assertThat(endpoint.toString()).doesNotContain("s3cret").contains("bearer token");
    assertThat(endpoint.hasToken()).isTrue();
    assertThat(endpoint.withUrl("http://other:1")).isEqualTo(new DashboardEndpoint("http://other:1", "s3cret"));
    assertThatThrownBy(() -> new DashboardEndpoint("http://head:8265", " "))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
