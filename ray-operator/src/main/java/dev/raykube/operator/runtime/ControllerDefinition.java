package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import java.util.Objects;
import java.util.function.Function;

/**
 * One controller of the operator: its name, the custom resource it reconciles, and how to build its reconciler from
 * the runtime's collaborators. The runtime registers every definition with the same operator configuration, applies
 * the watched namespaces, and checks before starting that the cluster serves {@link #resourceClass()}.
 *
 * @param <P> the primary resource type
 */
public interface ControllerDefinition<P extends HasMetadata> {

  /** The controller's name, unique in the operator (used in logs, metrics and the JOSDK configuration). */
  String name();

  /** The primary resource the controller reconciles. */
  Class<P> resourceClass();

  /** Builds the reconciler. Called once, before the operator starts. */
  Reconciler<P> reconciler(ControllerContext context);

  /**
   * Adjusts the controller's configuration beyond what the runtime sets (name and namespaces); for example a finalizer
   * name or a maximum reconciliation interval. Does nothing by default.
   */
  default void configure(ControllerConfigurationOverrider<P> configuration, ControllerContext context) {
  }

  /** A definition that needs no configuration beyond name and namespaces. */
  static <P extends HasMetadata> ControllerDefinition<P> of(String name, Class<P> resourceClass,
      Function<ControllerContext, Reconciler<P>> reconciler) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(resourceClass, "resourceClass");
    Objects.requireNonNull(reconciler, "reconciler");
    return new ControllerDefinition<>() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public Class<P> resourceClass() {
        return resourceClass;
      }

      @Override
      public Reconciler<P> reconciler(ControllerContext context) {
        return reconciler.apply(context);
      }

      @Override
      public String toString() {
        return "ControllerDefinition[" + name + ", " + resourceClass.getSimpleName() + "]";
      }
    };
  }
}
