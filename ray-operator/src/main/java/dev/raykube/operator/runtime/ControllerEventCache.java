package dev.raykube.operator.runtime;

import dev.raykube.reconcile.PrimaryCache;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.controller.ControllerEventSource;
import java.util.List;

/**
 * Java Operator SDK's cache of a controller's primary resources as the {@link PrimaryCache} of the status recorder:
 * every status the controller writes is put into JOSDK's controller event source at once (as JOSDK's own
 * {@code PrimaryUpdateAndCacheUtils} does), so the next reconcile does not decide from the copy before the write. The
 * event source is known only inside a reconcile, so the reconciler {@linkplain #attach attaches} it from its first
 * {@link Context}; until then (and with a testing context that has none) writes are not cached, which costs at most a
 * conflict and a new decision. Thread-safe.
 *
 * @param <R> the primary resource type
 */
public final class ControllerEventCache<R extends HasMetadata> implements PrimaryCache<R> {

  private volatile ControllerEventSource<R> source;

  /**
   * Takes the controller event source from a reconcile's context, once.
   *
   * @param context the context of a reconcile
   */
  public void attach(Context<R> context) {
    if (source == null && context.eventSourceRetriever() != null) {
      source = context.eventSourceRetriever().getControllerEventSource();
    }
  }

  @Override
  public void written(R before, R after) {
    ControllerEventSource<R> events = source;
    if (events != null && after != null) {
      events.handleRecentResourceUpdate(ResourceID.fromResource(after), after, before);
    }
  }

  /** The primary resources in JOSDK's cache now; none before the first reconcile attached it. */
  public List<R> list() {
    ControllerEventSource<R> events = source;
    return events == null ? List.of() : events.list().toList();
  }
}
