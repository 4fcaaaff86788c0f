package dev.raykube.operator.rayservice;

import dev.raykube.model.service.RayService;
import dev.raykube.operator.runtime.ControllerContext;
import dev.raykube.operator.runtime.ControllerDefinition;
import io.javaoperatorsdk.operator.api.config.ControllerConfigurationOverrider;
import io.javaoperatorsdk.operator.api.reconciler.Cleaner;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.DeleteControl;
import io.javaoperatorsdk.operator.api.reconciler.EventSourceContext;
import io.javaoperatorsdk.operator.api.reconciler.Reconciler;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import io.javaoperatorsdk.operator.processing.event.source.EventSource;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The RayService controller as given, counting the reconciles of each RayService (by name) that have finished — the
 * loop's actions included: a test can bound the reconciles of a RayService that should be left alone, or wait for
 * one to be over before it looks at what it did. Everything else is the controller's own: name, configuration
 * (finalizer), event sources, reconcile and cleanup.
 */
final class CountedReconciles implements ControllerDefinition<RayService> {

  private final ControllerDefinition<RayService> controller;
  private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();

  /** @param controller the RayService controller whose reconciles are counted */
  CountedReconciles(ControllerDefinition<RayService> controller) {
    this.controller = Objects.requireNonNull(controller, "controller");
  }

  /** How many reconciles of RayService {@code name} (any namespace) have finished so far. */
  int of(String name) {
    AtomicInteger count = counts.get(name);
    return count == null ? 0 : count.get();
  }

  @Override
  public String name() {
    return controller.name();
  }

  @Override
  public Class<RayService> resourceClass() {
    return controller.resourceClass();
  }

  @Override
  public void configure(ControllerConfigurationOverrider<RayService> configuration, ControllerContext context) {
    controller.configure(configuration, context);
  }

  @Override
  public Reconciler<RayService> reconciler(ControllerContext context) {
    Reconciler<RayService> reconciler = controller.reconciler(context);
    if (!(reconciler instanceof Cleaner<?>)) {
      throw new IllegalStateException("the RayService reconciler " + reconciler + " does not clean up");
    }
    @SuppressWarnings("unchecked")
    Cleaner<RayService> cleaner = (Cleaner<RayService>) reconciler;
    return new Counting(reconciler, cleaner);
  }

  private final class Counting implements Reconciler<RayService>, Cleaner<RayService> {
    private final Reconciler<RayService> reconciler;
    private final Cleaner<RayService> cleaner;

    Counting(Reconciler<RayService> reconciler, Cleaner<RayService> cleaner) {
      this.reconciler = reconciler;
      this.cleaner = cleaner;
    }

    @Override
    public List<EventSource<?, RayService>> prepareEventSources(EventSourceContext<RayService> context) {
      return reconciler.prepareEventSources(context);
    }

    @Override
    public UpdateControl<RayService> reconcile(RayService rayService, Context<RayService> context) throws Exception {
      try {
        return reconciler.reconcile(rayService, context);
      } finally {
        counts.computeIfAbsent(rayService.getMetadata().getName(), name -> new AtomicInteger()).incrementAndGet();
      }
    }

    @Override
    public DeleteControl cleanup(RayService rayService, Context<RayService> context) throws Exception {
      return cleaner.cleanup(rayService, context);
    }
  }
}
