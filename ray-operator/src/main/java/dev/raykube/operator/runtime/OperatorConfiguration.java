package dev.raykube.operator.runtime;

import dev.raykube.operator.OperatorSettings;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.extended.leaderelection.LeaderCallbacks;
import io.javaoperatorsdk.operator.api.config.ConfigurationServiceOverrider;
import io.javaoperatorsdk.operator.api.config.LeaderElectionConfigurationBuilder;
import io.javaoperatorsdk.operator.monitoring.micrometer.MicrometerMetrics;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The Java Operator SDK configuration of the operator — the single place where it is decided, used by production and
 * by every test that starts the operator.
 *
 * <ul>
 *   <li><b>No server-side apply.</b> Finalizers on the primary resource are patched with JSON Patch, statuses are
 *       replaced with {@code updateStatus} locked to the observed resourceVersion, and dependent resources are matched without SSA. fabric8's CRUD mock server rejects SSA (HTTP 415), and
 *       one patching strategy everywhere keeps tests and production identical. Controllers that replace whole objects
 *       use {@code update} with the object's {@code resourceVersion} (optimistic locking).</li>
 *   <li>{@code reconcileConcurrency} reconciliation threads (JOSDK never runs two reconciliations of one object at
 *       once).</li>
 *   <li>Reconcile counts, durations and errors as Micrometer meters, without per-resource tags.</li>
 *   <li>Leader election with a Lease when enabled. JOSDK's own exit on lost leadership is off: it calls
 *       {@code System.exit(1)} from the elector callback, which also fires when the operator is stopped and would
 *       deadlock a shutdown hook. {@link Leadership} reports the loss instead and the main exits.</li>
 *   <li>The client is the runtime's; JOSDK does not close it.</li>
 * </ul>
 */
final class OperatorConfiguration {

  private OperatorConfiguration() {
  }

  /**
   * The overrider for {@code new Operator(...)}.
   *
   * @param leaseNamespace the Lease namespace, present exactly when leader election is on
   */
  static Consumer<ConfigurationServiceOverrider> of(OperatorSettings settings, KubernetesClient client,
      MeterRegistry registry, RuntimeOptions options, Optional<String> leaseNamespace, LeaderCallbacks callbacks) {
    return overrider -> {
      overrider
          .withKubernetesClient(client)
          .withCloseClientOnStop(false)
          .withUseSSAToPatchPrimaryResource(false)
          .withSSABasedCreateUpdateMatchForDependentResources(false)
          .withConcurrentReconciliationThreads(settings.reconcileConcurrency())
          .withMetrics(MicrometerMetrics.withoutPerResourceMetrics(registry))
          .withReconciliationTerminationTimeout(options.reconciliationTerminationTimeout())
          .withStopOnInformerErrorDuringStartup(true);
      leaseNamespace.ifPresent(namespace -> overrider.withLeaderElectionConfiguration(
          LeaderElectionConfigurationBuilder.aLeaderElectionConfiguration(settings.leaseName())
              .withLeaseNamespace(namespace)
              .withLeaseDuration(options.leaseDuration())
              .withRenewDeadline(options.renewDeadline())
              .withRetryPeriod(options.retryPeriod())
              .withLeaderCallbacks(callbacks)
              .withExitOnStopLeading(false)
              .build()));
    };
  }
}
