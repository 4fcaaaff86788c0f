package dev.raykube.operator.testing;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.config.ControllerConfiguration;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.IndexedResourceCache;
import io.javaoperatorsdk.operator.api.reconciler.RetryInfo;
import io.javaoperatorsdk.operator.api.reconciler.dependent.managed.ManagedWorkflowAndDependentResourceContext;
import io.javaoperatorsdk.operator.processing.event.EventSourceRetriever;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;

/**
 * The {@link Context} of one reconcile called directly by a test, without the JOSDK runtime: the client and the primary
 * resource. No secondary resources (the reconcilers read the API server without their informers), no retry, no event
 * sources, no workflow: calling what needs them fails the test loudly.
 *
 * @param <P> the primary resource type
 */
public final class TestingContext<P extends HasMetadata> implements Context<P> {

  private final KubernetesClient client;
  private final P primary;
  private boolean primaryDeleted;

  private TestingContext(KubernetesClient client, P primary) {
    this.client = client;
    this.primary = primary;
  }

  /**
   * A context for reconciling {@code primary}.
   *
   * @param client the test's client
   * @param primary the resource being reconciled
   * @param <P> its type
   * @return the context
   */
  public static <P extends HasMetadata> TestingContext<P> of(KubernetesClient client, P primary) {
    return new TestingContext<>(client, primary);
  }

  /**
   * Marks the primary resource as deleted, as JOSDK does for the last reconcile of a resource that is gone (its last
   * known copy, {@link #isPrimaryResourceDeleted()} true).
   *
   * @return this context
   */
  public TestingContext<P> primaryDeleted() {
    primaryDeleted = true;
    return this;
  }

  @Override
  public Optional<RetryInfo> getRetryInfo() {
    return Optional.empty();
  }

  @Override
  public <R> Set<R> getSecondaryResources(Class<R> type) {
    return Set.of();
  }

  @Override
  public <R> Optional<R> getSecondaryResource(Class<R> type, String eventSourceName) {
    return Optional.empty();
  }

  @Override
  public ControllerConfiguration<P> getControllerConfiguration() {
    throw new UnsupportedOperationException("no controller configuration in a direct reconcile");
  }

  @Override
  public ManagedWorkflowAndDependentResourceContext managedWorkflowAndDependentResourceContext() {
    throw new UnsupportedOperationException("no managed workflow in a direct reconcile");
  }

  /** None: the reconcilers do without (their caches are not kept in step; the API server is read instead). */
  @Override
  public EventSourceRetriever<P> eventSourceRetriever() {
    return null;
  }

  @Override
  public KubernetesClient getClient() {
    return client;
  }

  @Override
  public ExecutorService getWorkflowExecutorService() {
    throw new UnsupportedOperationException("no workflow executor in a direct reconcile");
  }

  @Override
  public P getPrimaryResource() {
    return primary;
  }

  @Override
  public IndexedResourceCache<P> getPrimaryCache() {
    throw new UnsupportedOperationException("no primary cache in a direct reconcile");
  }

  @Override
  public boolean isNextReconciliationImminent() {
    return false;
  }

  @Override
  public boolean isPrimaryResourceDeleted() {
    return primaryDeleted;
  }

  @Override
  public boolean isPrimaryResourceFinalStateUnknown() {
    return false;
  }
}
