package dev.raykube.e2e.support;

import dev.raykube.operator.testing.Eventually;
import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A namespace of its own for a test class, named {@code <prefix>-<random>}: created at once, usable once the
 * controller-manager gave it its {@code default} ServiceAccount (ServiceAccount admission refuses Pods before), and
 * deleted on close (the namespace controller empties it; close does not wait).
 */
public final class TestNamespace implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TestNamespace.class);

  private final KubernetesClient client;
  private final String name;

  private TestNamespace(KubernetesClient client, String name) {
    this.client = client;
    this.name = name;
  }

  /** Creates the namespace and waits for its {@code default} ServiceAccount. */
  public static TestNamespace create(KubernetesClient client, String prefix) {
    String name = prefix + "-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20, 1 << 30), 36);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name)
        .addToLabels("app.kubernetes.io/part-of", "raykube-e2e").endMetadata().build()).create();
    Eventually.await(Duration.ofSeconds(60), E2eWaits.POLL, "ServiceAccount default in namespace " + name,
        () -> client.serviceAccounts().inNamespace(name).withName("default").get() != null);
    log.info("namespace {} ready", name);
    return new TestNamespace(client, name);
  }

  public String name() {
    return name;
  }

  @Override
  public void close() {
    client.namespaces().withName(name).delete();
    log.info("namespace {} deleted", name);
  }
}
