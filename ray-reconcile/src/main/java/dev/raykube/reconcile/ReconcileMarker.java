package dev.raykube.reconcile;

import io.fabric8.kubernetes.api.model.HasMetadata;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.slf4j.MDC;

/**
 * Marks every log line written during one reconcile with what is being reconciled and why, through the SLF4J
 * {@link MDC}: {@value #KIND}, {@value #NAMESPACE}, {@value #NAME} and {@value #TRIGGER}. A JSON log encoder writes
 * them as fields, so the lines of one object can be found among those of all others. Opened at the start of a
 * reconcile on the reconciling thread and closed at its end (try-with-resources), which restores what the thread's
 * MDC held before. Not thread-safe: one marker belongs to one thread.
 */
public final class ReconcileMarker implements AutoCloseable {

  /** MDC key of the reconciled object's kind, e.g. {@code RayJob}. */
  public static final String KIND = "raykube.kind";
  /** MDC key of the reconciled object's namespace. */
  public static final String NAMESPACE = "raykube.namespace";
  /** MDC key of the reconciled object's name. */
  public static final String NAME = "raykube.name";
  /** MDC key of what started the reconcile, e.g. {@code reconcile}, {@code cleanup} or {@code retry 2}. */
  public static final String TRIGGER = "raykube.trigger";

  private final Map<String, String> previous = new LinkedHashMap<>();

  private ReconcileMarker(Map<String, String> values) {
    values.forEach((key, value) -> {
      previous.put(key, MDC.get(key));
      if (value == null) {
        MDC.remove(key);
      } else {
        MDC.put(key, value);
      }
    });
  }

  /**
   * Marks the log lines of this thread until {@link #close()}.
   *
   * @param resource the reconciled object
   * @param trigger what started the reconcile
   * @return the marker to close at the end of the reconcile
   */
  public static ReconcileMarker open(HasMetadata resource, String trigger) {
    Objects.requireNonNull(resource, "resource");
    Map<String, String> values = new LinkedHashMap<>();
    values.put(KIND, resource.getKind());
    values.put(NAMESPACE, resource.getMetadata().getNamespace());
    values.put(NAME, resource.getMetadata().getName());
    values.put(TRIGGER, Objects.requireNonNull(trigger, "trigger"));
    return new ReconcileMarker(values);
  }

  /** Restores the MDC entries this marker replaced. */
  @Override
  public void close() {
    previous.forEach((key, value) -> {
      if (value == null) {
        MDC.remove(key);
      } else {
        MDC.put(key, value);
      }
    });
  }
}
