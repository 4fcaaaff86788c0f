package dev.raykube.reconcile;

import static dev.raykube.reconcile.RayJobFixture.NS;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@EnableKubernetesMockClient(crud = true)
class OwnedObjectsTest {

  static KubernetesClient client; // one mock server per class, reset before each test
  static KubernetesMockServer server;
  private OwnedObjects owned;

  @BeforeEach
  void setUp() {
    server.reset();
    owned = new OwnedObjects(client);
  }

  @Test
  @DisplayName("ensure creates once; a second ensure finds it existing and writes nothing")
  void ensureIsIdempotent() {
    OwnedObjects.Ensured<ConfigMap> first = owned.ensure(configMap("a"));
    assertThat(first.outcome()).isEqualTo(OwnedObjects.Ensured.Outcome.CREATED);
    assertThat(first.object().getMetadata().getUid()).isNotNull();

    OwnedObjects.Ensured<ConfigMap> again = owned.ensure(configMap("a"));
    assertThat(again.outcome()).isEqualTo(OwnedObjects.Ensured.Outcome.EXISTED);
    assertThat(again.failed()).isFalse();
    assertThat(client.configMaps().inNamespace(NS).list().getItems()).hasSize(1);
  }

  @Test
  @DisplayName("an API error is a failed ensure with the server's message, not an exception")
  void ensureFailure() {
    server.expect().post().withPath("/api/v1/namespaces/ml/configmaps").andReturn(403, "forbidden").once();
    OwnedObjects.Ensured<ConfigMap> failed = owned.ensure(configMap("a"));
    assertThat(failed.failed()).isTrue();
    assertThat(failed.problem()).isNotBlank();
  }

  @Test
  @DisplayName("remove deletes, then finds it gone; an API error is a failed removal")
  void remove() {
    owned.ensure(configMap("a"));
    assertThat(owned.remove(ConfigMap.class, NS, "a").outcome()).isEqualTo(OwnedObjects.Removed.Outcome.DELETED);
    assertThat(owned.remove(ConfigMap.class, NS, "a").outcome()).isEqualTo(OwnedObjects.Removed.Outcome.GONE);

    server.expect().delete().withPath("/api/v1/namespaces/ml/configmaps/b").andReturn(403, "forbidden").once();
    OwnedObjects.Removed failed = owned.remove(ConfigMap.class, NS, "b");
    assertThat(failed.failed()).isTrue();
    assertThat(failed.problem()).isNotBlank();
  }

  @Test
  @DisplayName("edit writes only a change, reports a missing object as gone, and retries once after a conflict")
  void edit() {
    owned.ensure(configMap("a"));
    assertThat(owned.edit(ConfigMap.class, NS, "a", cm -> cm.getData().put("k", "v2") == null).outcome())
        .isEqualTo(OwnedObjects.Edited.Outcome.UNCHANGED); // the key existed: nothing new
    assertThat(owned.edit(ConfigMap.class, NS, "a", cm -> cm.getData().put("n", "1") == null).outcome())
        .isEqualTo(OwnedObjects.Edited.Outcome.EDITED);
    assertThat(client.configMaps().inNamespace(NS).withName("a").get().getData()).containsEntry("n", "1");
    assertThat(owned.edit(ConfigMap.class, NS, "missing", cm -> true).outcome())
        .isEqualTo(OwnedObjects.Edited.Outcome.GONE);

    server.expect().put().withPath("/api/v1/namespaces/ml/configmaps/a").andReturn(409, "conflict").once();
    assertThat(owned.edit(ConfigMap.class, NS, "a", cm -> cm.getData().put("m", "1") == null).outcome())
        .isEqualTo(OwnedObjects.Edited.Outcome.EDITED);
    server.expect().put().withPath("/api/v1/namespaces/ml/configmaps/a").andReturn(409, "conflict").times(2);
    OwnedObjects.Edited conflicted = owned.edit(ConfigMap.class, NS, "a", cm -> cm.getData().put("z", "1") == null);
    assertThat(conflicted.failed()).isTrue();
  }

  @Test
  @DisplayName("mergeMetadata sets only the given labels and annotations, in one PATCH, keeping the rest")
  void mergeMetadata() throws InterruptedException {
    ConfigMap labelled = configMap("a");
    labelled.getMetadata().setLabels(Map.of("keep", "1", "ray.io/serve", "false"));
    labelled.getMetadata().setAnnotations(Map.of("note", "old"));
    owned.ensure(labelled);
    int before = server.getRequestCount();
    OwnedObjects.Edited edited = owned.mergeMetadata(ConfigMap.class, NS, "a", Map.of("ray.io/serve", "true"),
        Map.of("note", "new"));
    assertThat(edited.outcome()).isEqualTo(OwnedObjects.Edited.Outcome.EDITED);
    assertThat(server.getRequestCount() - before).as("one PATCH, no read first").isEqualTo(1);
    assertThat(server.getLastRequest().getMethod()).isEqualTo("PATCH");
    ConfigMap read = client.configMaps().inNamespace(NS).withName("a").get();
    assertThat(read.getMetadata().getLabels()).containsOnly(Map.entry("keep", "1"), Map.entry("ray.io/serve", "true"));
    assertThat(read.getMetadata().getAnnotations()).containsEntry("note", "new");
    assertThat(read.getData()).containsEntry("k", "v");

    assertThat(owned.mergeMetadata(ConfigMap.class, NS, "missing", Map.of("a", "b"), Map.of()).outcome())
        .isEqualTo(OwnedObjects.Edited.Outcome.GONE);
    assertThat(owned.mergeMetadata(ConfigMap.class, NS, "a", Map.of(), Map.of()).outcome())
        .isEqualTo(OwnedObjects.Edited.Outcome.UNCHANGED);
  }

  @Test
  @DisplayName("setField replaces one field in one PATCH, keeps the others, and reports a missing object as gone")
  void setField() {
    owned.ensure(new io.fabric8.kubernetes.api.model.ServiceBuilder().withNewMetadata().withName("svc")
        .withNamespace(NS).withLabels(Map.of("keep", "1")).endMetadata().withNewSpec()
        .withSelector(Map.of("ray.io/cluster", "old", "ray.io/serve", "true")).addNewPort().withName("serve")
        .withPort(8000).endPort().endSpec().build());
    int before = server.getRequestCount();
    OwnedObjects.Edited edited = owned.setField(io.fabric8.kubernetes.api.model.Service.class, NS, "svc",
        "/spec/selector", Map.of("ray.io/cluster", "new"));
    assertThat(edited.outcome()).isEqualTo(OwnedObjects.Edited.Outcome.EDITED);
    assertThat(server.getRequestCount() - before).as("one PATCH, no read first").isEqualTo(1);
    var read = client.services().inNamespace(NS).withName("svc").get();
    assertThat(read.getSpec().getSelector()).containsOnly(Map.entry("ray.io/cluster", "new"));
    assertThat(read.getSpec().getPorts()).hasSize(1);
    assertThat(read.getMetadata().getLabels()).containsEntry("keep", "1");
    assertThat(owned.setField(io.fabric8.kubernetes.api.model.Service.class, NS, "gone", "/spec/selector",
        Map.of("a", "b")).outcome()).isEqualTo(OwnedObjects.Edited.Outcome.GONE);
  }

  private static ConfigMap configMap(String name) {
    return new ConfigMapBuilder().withNewMetadata().withName(name).withNamespace(NS).endMetadata()
        .withData(new java.util.HashMap<>(Map.of("k", "v"))).build();
  }
}
