package dev.raykube.service.decide;

import dev.raykube.cluster.RayClusterLabels;
import dev.raykube.kernel.NameSuffixes;
import dev.raykube.kernel.Violation;
import dev.raykube.model.service.RayService;
import dev.raykube.model.service.RayServiceConditionType;
import dev.raykube.reconcile.EventType;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The RayService state machine as a pure function: from a RayService (spec, metadata and stored status), what was
 * observed ({@link RayServiceObservation}) and the current time to the next status, the actions and when to decide
 * again. It calls no client, reads no clock and draws no randomness except through the injected
 * {@link NameSuffixes}; the same inputs give the same decision. Thread-safe when its {@link NameSuffixes} is.
 *
 * <p>In order:
 * <ol>
 *   <li>A RayService being deleted ({@code deletionTimestamp}) or whose {@code spec.managedBy} names another
 *       controller gets the empty decision; deletion is the finalizer's clean-up, not decided here.</li>
 *   <li>{@code status.observedGeneration} follows {@code metadata.generation}.</li>
 *   <li>Invalid ({@link RayServiceValidator}): {@code Ready=False/ValidationFailed} with every violation, a Warning
 *       when the message is new, no action, no requeue; existing clusters are left as they are.</li>
 *   <li>Failed with {@code InitializingTimeout} before: terminal; what is left of it is deleted.</li>
 *   <li>Suspend ({@link SuspendPhase}), then resume.</li>
 *   <li>{@code ray.io/initializing-timeout} passed while initializing ({@link InitializingTimeout}).</li>
 *   <li>Otherwise serving ({@link ServingPhase}): the first cluster, in-place updates, pending clusters and the
 *       switch, Serve deployments, the Services, dangling clusters, conditions.</li>
 * </ol>
 */
public final class RayServiceStateMachine {

  private final RayServiceSettings settings;
  private final NameSuffixes suffixes;

  /**
   * Creates a state machine.
   *
   * @param settings the operator-wide settings
   * @param suffixes the source of the random part of cluster names
   */
  public RayServiceStateMachine(RayServiceSettings settings, NameSuffixes suffixes) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.suffixes = Objects.requireNonNull(suffixes, "suffixes");
  }

  /** Creates a state machine with {@link RayServiceSettings#defaults()} and {@link NameSuffixes#random()}. */
  public static RayServiceStateMachine withDefaults() {
    return new RayServiceStateMachine(RayServiceSettings.defaults(), NameSuffixes.random());
  }

  /** The settings this state machine decides with. */
  public RayServiceSettings settings() {
    return settings;
  }

  /**
   * Decides what comes next for a RayService. The inputs are never changed.
   *
   * @param service the RayService as stored; not null, with metadata
   * @param observed what the caller observed; not null
   * @param now the current time; not null
   * @return the next status (a new object), the actions in order, and the requeue delay
   */
  public RayServiceDecision decide(RayService service, RayServiceObservation observed, Instant now) {
    Objects.requireNonNull(service, "service");
    Objects.requireNonNull(service.getMetadata(), "service.metadata");
    Objects.requireNonNull(observed, "observed");
    Objects.requireNonNull(now, "now");
    ServiceDraft d = new ServiceDraft(service, observed, now, settings, suffixes);
    if (service.getMetadata().getDeletionTimestamp() != null) {
      return d.unchanged();
    }
    String managedBy = service.getSpec() == null ? null : service.getSpec().getManagedBy();
    if (managedBy != null && !managedBy.equals(RayClusterLabels.MANAGED_BY_KUBERAY)) {
      return d.unchanged();
    }
    if (service.getMetadata().getGeneration() != null) {
      d.next.setObservedGeneration(service.getMetadata().getGeneration());
    }
    List<Violation> violations = RayServiceValidator.validate(service);
    if (!violations.isEmpty()) {
      validationFailed(d, violations);
      return d.build();
    }
    if (InitializingTimeout.failed(d)) {
      InitializingTimeout.keepFailed(d);
      return d.build();
    }
    if (SuspendPhase.applies(d)) {
      SuspendPhase.decide(d);
      return d.build();
    }
    SuspendPhase.resumeIfSuspended(d);
    if (InitializingTimeout.check(d)) {
      return d.build();
    }
    ServingPhase.decide(d);
    return d.build();
  }

  private static void validationFailed(ServiceDraft d, List<Violation> violations) {
    String message = violations.stream().map(Violation::message).collect(Collectors.joining("; "));
    boolean known = d.storedMessage(RayServiceConditionType.READY, RayServiceConditionReason.VALIDATION_FAILED)
        .filter(message::equals).isPresent();
    d.conditions.set(RayServiceConditionType.READY, false, RayServiceConditionReason.VALIDATION_FAILED, message);
    d.next.setServiceStatus(null);
    if (known) {
      return;
    }
    String metadata = violations.stream().filter(Violation::aboutMetadata).map(Violation::message)
        .collect(Collectors.joining("; "));
    String spec = violations.stream().filter(v -> !v.aboutMetadata()).map(Violation::message)
        .collect(Collectors.joining("; "));
    if (!metadata.isEmpty()) {
      d.event(EventType.WARNING, RayServiceEventReason.INVALID_METADATA, metadata);
    }
    if (!spec.isEmpty()) {
      d.event(EventType.WARNING, RayServiceEventReason.INVALID_SPEC, spec);
    }
  }
}
