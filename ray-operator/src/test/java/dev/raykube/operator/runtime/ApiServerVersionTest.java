package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.fabric8.kubernetes.client.VersionInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@link ApiServerCheck#verifyVersionAtLeast}: a feature that needs Kubernetes 1.35 against what /version says. */
class ApiServerVersionTest {

  private static VersionInfo version(String major, String minor) {
    return new VersionInfo.Builder().withMajor(major).withMinor(minor).build();
  }

  @ParameterizedTest(name = "{0}.{1} is new enough")
  @CsvSource(textBlock = """
      1, 35
      1, 36
      1, 35+
      1, 40-gke.1
      2, 0
      """)
  void newEnoughPasses(String major, String minor) {
    assertThatCode(() -> ApiServerCheck.verifyVersionAtLeast(version(major, minor), 1, 35, "The feature gate X"))
        .doesNotThrowAnyException();
  }

  @ParameterizedTest(name = "{0}.{1} -> {2}")
  @CsvSource(delimiter = '|', nullValues = "none", textBlock = """
      1    | 34   | The feature gate X needs Kubernetes 1.35 or newer; the API server is 1.34.
      1    | 34+  | The feature gate X needs Kubernetes 1.35 or newer; the API server is 1.34.
      0    | 99   | The feature gate X needs Kubernetes 1.35 or newer; the API server is 0.99.
      1    | none | The feature gate X needs Kubernetes 1.35 or newer, and the API server's version (1.null) cannot be read.
      v1   | 35   | The feature gate X needs Kubernetes 1.35 or newer, and the API server's version (v1.35) cannot be read.
      """)
  void olderOrUnreadableFailsTheStart(String major, String minor, String message) {
    assertThatThrownBy(() -> ApiServerCheck.verifyVersionAtLeast(version(major, minor), 1, 35, "The feature gate X"))
        .isInstanceOf(StartupFailure.class).hasMessage(message);
  }
}
