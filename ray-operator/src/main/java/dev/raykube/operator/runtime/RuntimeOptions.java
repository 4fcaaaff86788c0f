package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.client.http.Interceptor;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How the runtime behaves beyond the user-facing settings: leader-election timing, where the pod namespace file is,
 * and extra HTTP interceptors for the Kubernetes client. Production uses {@link #production()}; tests shorten the
 * timings and add request recorders.
 *
 * @param leaseDuration how long a Lease stays valid without renewal
 * @param renewDeadline how long the leader keeps trying to renew before giving up
 * @param retryPeriod pause between acquire/renew attempts
 * @param serviceAccountNamespaceFile the pod namespace file, consulted for the Lease namespace
 * @param reconciliationTerminationTimeout how long stopping waits for running reconciliations
 * @param extraInterceptors interceptors added to the Kubernetes client, by name
 */
public record RuntimeOptions(
    Duration leaseDuration,
    Duration renewDeadline,
    Duration retryPeriod,
    Path serviceAccountNamespaceFile,
    Duration reconciliationTerminationTimeout,
    Map<String, Interceptor> extraInterceptors) {

  /** Checks the timings and copies the interceptors. */
  public RuntimeOptions {
    Objects.requireNonNull(leaseDuration, "leaseDuration");
    Objects.requireNonNull(renewDeadline, "renewDeadline");
    Objects.requireNonNull(retryPeriod, "retryPeriod");
    Objects.requireNonNull(serviceAccountNamespaceFile, "serviceAccountNamespaceFile");
    Objects.requireNonNull(reconciliationTerminationTimeout, "reconciliationTerminationTimeout");
    if (renewDeadline.compareTo(leaseDuration) >= 0 || retryPeriod.compareTo(renewDeadline) >= 0) {
      throw new IllegalArgumentException("leader election needs retryPeriod < renewDeadline < leaseDuration");
    }
    extraInterceptors = Map.copyOf(new LinkedHashMap<>(extraInterceptors));
  }

  /** Lease 15 s, renew deadline 10 s, retry 2 s (JOSDK's and client-go's defaults); 10 s to finish reconciliations. */
  public static RuntimeOptions production() {
    return new RuntimeOptions(Duration.ofSeconds(15), Duration.ofSeconds(10), Duration.ofSeconds(2),
        LeaseNamespace.SERVICE_ACCOUNT_NAMESPACE_FILE, Duration.ofSeconds(10), Map.of());
  }

  /** A copy with other leader-election timings. */
  public RuntimeOptions withLeaderElectionTimings(Duration lease, Duration renew, Duration retry) {
    return new RuntimeOptions(lease, renew, retry, serviceAccountNamespaceFile, reconciliationTerminationTimeout,
        extraInterceptors);
  }

  /** A copy reading the pod namespace from another file. */
  public RuntimeOptions withServiceAccountNamespaceFile(Path file) {
    return new RuntimeOptions(leaseDuration, renewDeadline, retryPeriod, file, reconciliationTerminationTimeout,
        extraInterceptors);
  }

  /** A copy with one more client interceptor. */
  public RuntimeOptions withInterceptor(String name, Interceptor interceptor) {
    Map<String, Interceptor> all = new LinkedHashMap<>(extraInterceptors);
    all.put(name, interceptor);
    return new RuntimeOptions(leaseDuration, renewDeadline, retryPeriod, serviceAccountNamespaceFile,
        reconciliationTerminationTimeout, all);
  }
}
