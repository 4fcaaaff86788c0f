package dev.raykube.testkit;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A namespace of its own for a test class, named {@code <prefix>-<random>} and labelled
 * {@code app.kubernetes.io/part-of: raykube-test-kit}: created at once, usable once the controller-manager gave it its
 * {@code default} ServiceAccount (ServiceAccount admission refuses Pods before), deleted on close (the namespace
 * controller empties it; close does not wait).
 */
public final class TestNamespace implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(TestNamespace.class);
  /** The label every test namespace carries. */
  public static final String PART_OF = "app.kubernetes.io/part-of";

  private final KubernetesClient client;
  private final String name;

  private TestNamespace(KubernetesClient client, String name) {
    this.client = client;
    this.name = name;
  }

  /**
   * Creates the namespace and waits (at most a minute) for its {@code default} ServiceAccount.
   *
   * @param prefix a DNS label prefix, e.g. {@code my-controller}
   * @throws IllegalStateException if the ServiceAccount does not appear (no controller-manager?)
   */
  public static TestNamespace create(KubernetesClient client, String prefix) {
    String name = prefix + "-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20, 1 << 30), 36);
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(name)
        .addToLabels(PART_OF, "raykube-test-kit").endMetadata().build()).create();
    try {
      client.serviceAccounts().inNamespace(name).withName("default").waitUntilCondition(sa -> sa != null, 60,
          TimeUnit.SECONDS);
    } catch (RuntimeException e) {
      throw new IllegalStateException("namespace " + name + " got no default ServiceAccount within 60 s: is the "
          + "kube-controller-manager running?", e);
    }
    log.info("namespace {} ready", name);
    return new TestNamespace(client, name);
  }

  /** The namespace's name. */
  public String name() {
    return name;
  }

  /** Deletes the namespace (background; the namespace controller removes what is in it). */
  @Override
  public void close() {
    client.namespaces().withName(name).delete();
    log.info("namespace {} deleted", name);
  }
}
