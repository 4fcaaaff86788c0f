package dev.raykube.operator.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ManagedFieldsEntryBuilder;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServiceBuilder;
import io.javaoperatorsdk.operator.processing.event.source.informer.TransformingItemStore;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WithoutManagedFieldsTest {

  private static Service headService() {
    return new ServiceBuilder()
        .withNewMetadata().withName("c-head-svc").withNamespace("ray").withUid("u-1").withResourceVersion("42")
        .withLabels(Map.of("ray.io/cluster", "c")).withAnnotations(Map.of("a", "b"))
        .addToOwnerReferences(new OwnerReferenceBuilder().withName("c").build())
        .withManagedFields(new ManagedFieldsEntryBuilder().withManager("raykube-operator").withOperation("Update")
            .build())
        .endMetadata()
        .withNewSpec().withClusterIP("None").endSpec()
        .build();
  }

  @Test
  void dropsOnlyTheManagedFields() {
    Service expected = headService();
    expected.getMetadata().setManagedFields(null);

    Service trimmed = WithoutManagedFields.of(headService());

    assertThat(trimmed.getMetadata().getManagedFields()).isNullOrEmpty();
    assertThat(trimmed).isEqualTo(expected);
  }

  @Test
  void theItemStoreKeepsTrimmedObjectsUnderTheirKey() {
    TransformingItemStore<Service> store = WithoutManagedFields.itemStore();
    Service service = headService();

    store.put(store.getKey(service), service);

    Service cached = store.get("ray/c-head-svc");
    assertThat(cached.getMetadata().getManagedFields()).isNullOrEmpty();
    assertThat(cached.getMetadata().getResourceVersion()).isEqualTo("42");
    assertThat(cached.getMetadata().getLabels()).containsEntry("ray.io/cluster", "c");
    assertThat(cached.getSpec().getClusterIP()).isEqualTo("None");
  }
}
