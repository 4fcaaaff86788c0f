package dev.raykube.cluster.loop;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The Ray auth token a new token Secret gets. */
class ClusterObjectsTest {

  @Test
  void newTokensAreRandomAndUrlSafe() {
    String token = ClusterObjects.newToken();

    assertThat(token).matches("[A-Za-z0-9_-]{43}").isNotEqualTo(ClusterObjects.newToken());
  }
}
