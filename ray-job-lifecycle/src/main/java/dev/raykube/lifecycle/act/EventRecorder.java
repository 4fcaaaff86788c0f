package dev.raykube.lifecycle.act;

import dev.raykube.lifecycle.job.EventType;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes Events ({@code core/v1} {@code Event}) about an object, the way {@code kubectl describe} shows
 * them: reason, type, message, involved object, source component, first and last time and a count. The same Event
 * (same object, type, reason and message) recorded again within the aggregation window increments the count of the
 * existing Event instead of creating another one, as Kubernetes' own recorders do.
 *
 * <p>Recording is best effort: an API error is logged, never thrown, so an Event can never fail a reconcile. Messages
 * are cut to 1024 characters. Thread-safe; it remembers at most 1024 recent Events for aggregation.
 */
public final class EventRecorder {
  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);

  /** Longest message kept; longer ones are cut with an ellipsis. */
  public static final int MAX_MESSAGE_LENGTH = 1024;

  /** Default time within which a repeated Event increments the count of the previous one. */
  public static final java.time.Duration DEFAULT_AGGREGATION_WINDOW = java.time.Duration.ofMinutes(10);

  private static final int REMEMBERED = 1024;

  private record Recorded(String name, String namespace, int count, String firstTimestamp, Instant last) {
  }

  private final KubernetesClient client;
  private final String component;
  private final String instance;
  private final Clock clock;
  private final java.time.Duration window;
  private final AtomicLong sequence = new AtomicLong();
  private final Map<String, Recorded> recent = new LinkedHashMap<>(64, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Recorded> eldest) {
      return size() > REMEMBERED;
    }
  };

  /**
   * @param client writes the Events
   * @param component {@code source.component} and {@code reportingComponent}, e.g. {@code raykube-operator}
   * @param instance {@code source.host} and {@code reportingInstance} (e.g. the Pod name), or {@code null}
   * @param clock the time source for timestamps and aggregation
   */
  public EventRecorder(KubernetesClient client, String component, String instance, Clock clock) {
    this(client, component, instance, clock, DEFAULT_AGGREGATION_WINDOW);
  }

  /**
   * @param client writes the Events
   * @param component {@code source.component} and {@code reportingComponent}
   * @param instance {@code source.host} and {@code reportingInstance}, or {@code null}
   * @param clock the time source
   * @param window within how long a repeated Event counts up instead of creating a new one
   */
  public EventRecorder(KubernetesClient client, String component, String instance, Clock clock,
      java.time.Duration window) {
    this.client = Objects.requireNonNull(client, "client");
    this.component = requireText(component, "component");
    this.instance = instance == null || instance.isBlank() ? null : instance;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.window = Objects.requireNonNull(window, "window");
  }

  /**
   * Records an Event about {@code involved}.
   *
   * @param involved the object the Event is about; needs kind, name and namespace (its uid is recorded if set)
   * @param type Normal or Warning
   * @param reason a short CamelCase reason, e.g. {@code CreatedRayCluster}
   * @param message the text for people
   */
  public void record(HasMetadata involved, EventType type, String reason, String message) {
    Objects.requireNonNull(involved, "involved");
    Objects.requireNonNull(type, "type");
    requireText(reason, "reason");
    String text = shorten(message == null ? "" : message);
    String namespace = involved.getMetadata().getNamespace();
    String key = involved.getKind() + "/" + namespace + "/" + involved.getMetadata().getName() + "/"
        + involved.getMetadata().getUid() + "/" + type + "/" + reason + "/" + text;
    Instant exact = clock.instant();
    Instant now = exact.truncatedTo(ChronoUnit.SECONDS);
    String timestamp = DateTimeFormatter.ISO_INSTANT.format(now);
    try {
      Recorded previous;
      synchronized (recent) {
        previous = recent.get(key);
      }
      if (previous != null && now.isBefore(previous.last().plus(window)) && increment(previous, now, timestamp)) {
        synchronized (recent) {
          recent.put(key, new Recorded(previous.name(), previous.namespace(), previous.count() + 1,
              previous.firstTimestamp(), now));
        }
        return;
      }
      Event event = new EventBuilder()
          .withNewMetadata()
          .withName(involved.getMetadata().getName() + "." + Long.toHexString(exact.toEpochMilli() * 1_000_000L
              + sequence.incrementAndGet() % 1_000_000L))
          .withNamespace(namespace)
          .endMetadata()
          .withInvolvedObject(reference(involved))
          .withType(type.value())
          .withReason(reason)
          .withMessage(text)
          .withCount(1)
          .withFirstTimestamp(timestamp)
          .withLastTimestamp(timestamp)
          .withNewSource().withComponent(component).withHost(instance).endSource()
          .withReportingComponent(component)
          .withReportingInstance(instance)
          .build();
      Event created = client.v1().events().inNamespace(namespace).resource(event).create();
      synchronized (recent) {
        recent.put(key, new Recorded(created.getMetadata().getName(), namespace, 1, timestamp, now));
      }
    } catch (KubernetesClientException e) {
      LOG.warn("Could not record Event {} {} on {} {}/{}: {}", type.value(), reason, involved.getKind(), namespace,
          involved.getMetadata().getName(), e.getMessage());
    }
  }

  /** Counts up an Event recorded before; false if it is gone (expired or deleted), so a new one must be made. */
  private boolean increment(Recorded previous, Instant now, String timestamp) {
    try {
      Event updated = client.v1().events().inNamespace(previous.namespace()).withName(previous.name())
          .edit(e -> new EventBuilder(e).withCount(previous.count() + 1).withLastTimestamp(timestamp).build());
      return updated != null;
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return false;
      }
      throw e;
    }
  }

  private static ObjectReference reference(HasMetadata involved) {
    return new ObjectReferenceBuilder()
        .withApiVersion(involved.getApiVersion())
        .withKind(involved.getKind())
        .withName(involved.getMetadata().getName())
        .withNamespace(involved.getMetadata().getNamespace())
        .withUid(involved.getMetadata().getUid())
        .withResourceVersion(involved.getMetadata().getResourceVersion())
        .build();
  }

  private static String shorten(String message) {
    return message.length() <= MAX_MESSAGE_LENGTH ? message : message.substring(0, MAX_MESSAGE_LENGTH - 1) + "…";
  }

  private static String requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(name + " must not be blank");
    }
    return value;
  }
}
