package dev.raykube.reconcile;

import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectReference;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records Kubernetes Events ({@code core/v1} {@code Event}) about an object, the way {@code kubectl describe} shows
 * them: reason, type, message, involved object, source component, first and last time and a count. The same Event
 * (same object, type, reason and message) recorded again within the aggregation window after its last occurrence
 * counts up the existing Event (a read and a patch of {@code count} and {@code lastTimestamp}) instead of creating
 * another one, as Kubernetes' own recorders do, unless its reason is not {@linkplain EventReason#aggregated()
 * aggregated}.
 *
 * <p>Recording is best effort: an API error is logged, never thrown, so an Event can never fail a reconcile. Messages
 * are cut to {@value #MAX_MESSAGE_LENGTH} characters. Thread-safe; it remembers at most {@value #REMEMBERED} recent
 * Events for aggregation, least recently used forgotten first, and {@link #forget} drops those of an object that is
 * gone.
 *
 * <p>Where the writes run is the caller's choice: by default in the thread that records (the Event exists when
 * {@link #record} returns), or in the {@link Executor} given to the constructor, e.g. {@link BackgroundEventWrites},
 * so that a reconcile does not wait for its Events (as client-go's recorder does not). The time of an Event is taken
 * when it is recorded either way; with one writer thread, Events and {@link #forget} keep the order they were called
 * in.
 */
public final class EventRecorder {
  private static final Logger LOG = LoggerFactory.getLogger(EventRecorder.class);

  /** Longest message kept; longer ones are cut with an ellipsis. */
  public static final int MAX_MESSAGE_LENGTH = 1024;

  /** Default time after the last occurrence within which a repeated Event counts up the previous one. */
  public static final Duration DEFAULT_AGGREGATION_WINDOW = Duration.ofMinutes(10);

  /** How many distinct recent Events are remembered for aggregation. */
  public static final int REMEMBERED = 4096;

  private record Recorded(String name, String namespace, int count, Instant last) {
  }

  private final KubernetesClient client;
  private final String component;
  private final String instance;
  private final Clock clock;
  private final Duration window;
  private final Executor writes;
  private final AtomicLong sequence = new AtomicLong();
  private final Map<String, Recorded> recent = new LinkedHashMap<>(64, 0.75f, true) {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Recorded> eldest) {
      return size() > REMEMBERED;
    }
  };

  /**
   * A recorder with {@link #DEFAULT_AGGREGATION_WINDOW}.
   *
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
   * @param window within how long after its last occurrence a repeated Event counts up instead of creating a new one
   */
  public EventRecorder(KubernetesClient client, String component, String instance, Clock clock, Duration window) {
    this(client, component, instance, clock, window, Runnable::run);
  }

  /**
   * A recorder whose API writes run in {@code writes}.
   *
   * @param client writes the Events
   * @param component {@code source.component} and {@code reportingComponent}
   * @param instance {@code source.host} and {@code reportingInstance}, or {@code null}
   * @param clock the time source
   * @param window within how long after its last occurrence a repeated Event counts up instead of creating a new one
   * @param writes runs each Event's API requests; an Event it rejects is dropped and logged. One thread keeps the
   *     order; {@code Runnable::run} writes in the recording thread
   */
  public EventRecorder(KubernetesClient client, String component, String instance, Clock clock, Duration window,
      Executor writes) {
    this.client = Objects.requireNonNull(client, "client");
    this.component = requireText(component, "component");
    this.instance = instance == null || instance.isBlank() ? null : instance;
    this.clock = Objects.requireNonNull(clock, "clock");
    this.window = Objects.requireNonNull(window, "window");
    this.writes = Objects.requireNonNull(writes, "writes");
  }

  /**
   * Records an Event about {@code involved}.
   *
   * @param involved the object the Event is about; needs kind, name and namespace (its uid is recorded if set)
   * @param type Normal or Warning
   * @param reason the reason, from the enum of the involved object's kind
   * @param message the text for people
   */
  public void record(HasMetadata involved, EventType type, EventReason reason, String message) {
    Objects.requireNonNull(involved, "involved");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(reason, "reason");
    requireText(reason.value(), "reason");
    String text = shorten(message == null ? "" : message);
    Instant exact = clock.instant();
    ObjectReference about = reference(involved);
    run(() -> write(about, type, reason, text, exact), "Event " + type.value() + " " + reason.value() + " on "
        + about.getKind() + " " + about.getNamespace() + "/" + about.getName());
  }

  /** Creates the Event, or counts up the same one; {@code about} is a copy taken when it was recorded. */
  private void write(ObjectReference about, EventType type, EventReason reason, String text, Instant exact) {
    String namespace = about.getNamespace();
    String key = prefix(namespace, about.getUid()) + about.getKind() + "/" + about.getName() + "/" + type + "/"
        + reason.value() + "/" + text;
    Instant now = exact.truncatedTo(ChronoUnit.SECONDS);
    String timestamp = DateTimeFormatter.ISO_INSTANT.format(now);
    try {
      Recorded previous;
      synchronized (recent) {
        previous = recent.get(key);
      }
      if (previous != null && now.isBefore(previous.last().plus(window)) && increment(previous, timestamp)) {
        synchronized (recent) {
          recent.put(key, new Recorded(previous.name(), previous.namespace(), previous.count() + 1, now));
        }
        return;
      }
      Event event = new EventBuilder()
          .withNewMetadata()
          .withName(about.getName() + "." + Long.toHexString(exact.toEpochMilli() * 1_000_000L
              + sequence.incrementAndGet() % 1_000_000L))
          .withNamespace(namespace)
          .endMetadata()
          .withInvolvedObject(about)
          .withType(type.value())
          .withReason(reason.value())
          .withMessage(text)
          .withCount(1)
          .withFirstTimestamp(timestamp)
          .withLastTimestamp(timestamp)
          .withNewSource().withComponent(component).withHost(instance).endSource()
          .withReportingComponent(component)
          .withReportingInstance(instance)
          .build();
      Event created = client.v1().events().inNamespace(namespace).resource(event).create();
      if (reason.aggregated()) {
        synchronized (recent) {
          recent.put(key, new Recorded(created.getMetadata().getName(), namespace, 1, now));
        }
      }
    } catch (KubernetesClientException e) {
      LOG.warn("Could not record Event {} {} on {} {}/{}: {}", type.value(), reason.value(), about.getKind(),
          namespace, about.getName(), e.getMessage());
    }
  }

  /**
   * Forgets the aggregation state of an object that is gone, so the memory holds only live objects.
   *
   * @param namespace the object's namespace
   * @param uid the object's uid
   */
  public void forget(String namespace, String uid) {
    String prefix = prefix(namespace, uid);
    run(() -> {
      synchronized (recent) {
        recent.keySet().removeIf(key -> key.startsWith(prefix));
      }
    }, "forgetting the Events of " + namespace + "/" + uid);
  }

  private void run(Runnable write, String what) {
    try {
      writes.execute(write);
    } catch (RejectedExecutionException e) {
      LOG.warn("Dropped {}: the Event writer is full or stopped", what);
    }
  }

  private static String prefix(String namespace, String uid) {
    return namespace + "/" + uid + "/";
  }

  /** Counts up an Event recorded before; false if it is gone (expired or deleted), so a new one must be made. */
  private boolean increment(Recorded previous, String timestamp) {
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
