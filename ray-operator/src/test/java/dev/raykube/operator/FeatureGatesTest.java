package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every KubeRay v1.7.0 feature gate at both values, and what RayKube does with it. */
class FeatureGatesTest {

  @ParameterizedTest(name = "{0}={1}: {2}")
  @CsvSource(delimiter = '|', textBlock = """
      RayClusterStatusConditions       | true  | accepted
      RayClusterStatusConditions       | false | RayKube always writes a RayCluster's status conditions
      RayJobDeletionPolicy             | true  | accepted
      RayJobDeletionPolicy             | false | RayKube always honours a RayJob's deletionStrategy
      RayMultiHostIndexing             | true  | accepted
      RayMultiHostIndexing             | false | one by one
      RayServiceIncrementalUpgrade     | true  | RayKube does not have this feature yet
      RayServiceIncrementalUpgrade     | false | accepted
      RayCronJob                       | true  | accepted
      RayCronJob                       | false | no RayCronJob controller
      SidecarSubmitterRestart          | true  | restarting sidecar submitter
      SidecarSubmitterRestart          | false | accepted
      RayClusterNetworkPolicy          | true  | network policies
      RayClusterNetworkPolicy          | false | accepted
      GCSFaultToleranceEmbeddedStorage | true  | RayKube supports GCS fault tolerance with Redis only
      GCSFaultToleranceEmbeddedStorage | false | accepted
      RayClusterMTLS                   | true  | RayKube has no mTLS between Ray nodes
      RayClusterMTLS                   | false | accepted
      RayClusterHistoryServer          | true  | RayKube has no history-server collector
      RayClusterHistoryServer          | false | accepted
      KubernetesWAS                    | true  | RayKube does not have this feature yet
      KubernetesWAS                    | false | accepted
      """)
  void eachGateAtEachValue(String gate, boolean on, String outcome) {
    String value = gate + "=" + on;
    switch (outcome) {
      case "accepted" -> assertThat(FeatureGates.parse(value)).as("as without the gate")
          .isEqualTo(FeatureGates.defaults());
      case "network policies" -> assertThat(FeatureGates.parse(value).rayClusterNetworkPolicy()).isTrue();
      case "no RayCronJob controller" -> assertThat(FeatureGates.parse(value).rayCronJobs()).isFalse();
      case "restarting sidecar submitter" -> assertThat(FeatureGates.parse(value).sidecarSubmitterRestart()).isTrue();
      case "one by one" -> assertThat(FeatureGates.parse(value)).satisfies(g -> {
        assertThat(g.rayMultiHostIndexing()).isFalse();
        assertThat(g.rayCronJobs()).isTrue();
      });
      default -> assertThatThrownBy(() -> FeatureGates.parse(value)).isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("--feature-gates " + value + " is not supported: " + outcome);
    }
  }

  @ParameterizedTest(name = "''{0}'': {1}")
  @CsvSource(delimiter = '|', textBlock = """
      AsyncJobInfoQuery=true                  | Unknown feature gate 'AsyncJobInfoQuery' in --feature-gates
      RayCronJob                              | Invalid value for feature gate RayCronJob: 'RayCronJob'
      RayCronJob=yes                          | Invalid value for feature gate RayCronJob: 'RayCronJob=yes'
      RayCronJob=false,KubernetesWAS=true | KubernetesWAS=true is not supported
      """)
  void badValuesAreRefusedNamingTheGate(String value, String message) {
    assertThatThrownBy(() -> FeatureGates.parse(value)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @ParameterizedTest(name = "''{0}''")
  @CsvSource(delimiter = '|', textBlock = """
      ''                                                   | true
      ' RayCronJob=false , RayClusterStatusConditions=true ' | false
      'RayCronJob=false,RayCronJob=true'                   | true
      """)
  void listsAreReadInOrderWithSpacesAndEmptyItems(String value, boolean rayCronJobs) {
    assertThat(FeatureGates.parse(value).rayCronJobs()).isEqualTo(rayCronJobs);
    assertThat(FeatureGates.defaults().rayCronJobs()).isTrue();
    assertThat(FeatureGates.defaults().rayMultiHostIndexing()).isTrue();
    assertThat(FeatureGates.defaults().rayClusterNetworkPolicy()).isFalse();
  }
}
