package dev.raykube.operator.raycluster;

import dev.raykube.model.cluster.RayCluster;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records core/v1 Kubernetes Events about RayClusters ({@code kubectl describe raycluster} shows them), with a
 * reason, a type and the RayCluster as {@code involvedObject}.
 *
 * <p>Repeats are aggregated the way client-go's event correlator does: the same type, reason and message about the
 * same RayCluster within {@link #AGGREGATION_WINDOW} bumps {@code count} and {@code lastTimestamp} of the Event
 * already recorded (one JSON merge patch) instead of creating another. Only Warnings are remembered for this: they are
 * what a reconcile repeats while a problem lasts, whereas Normal Events report one create or delete of a uniquely
 * named Pod and never repeat. The memory of recent Warnings is bounded ({@link #REMEMBERED_EVENTS}, least recently
 * used forgotten first). Recording never fails the caller: an Event that cannot be written is logged and dropped.
 * Thread-safe.
 */
public final class RayClusterEvents {

  /** Repeats within this window bump the count of one Event. */
  public static final Duration AGGREGATION_WINDOW = Duration.ofMinutes(10);
  /** How many distinct recent Warnings are remembered for aggregation. */
  public static final int REMEMBERED_EVENTS = 4096;
  /** The Event source component. */
  public static final String COMPONENT = "raykube-operator";

  private static final Logger log = LoggerFactory.getLogger(RayClusterEvents.class);
  private static final int MAX_MESSAGE = 1024;

  private final KubernetesClient client;
  private final Clock clock;
  private final AtomicLong sequence;
  private final Map<String, Recorded> recent = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Recorded> eldest) {
      return size() > REMEMBERED_EVENTS;
    }
  };

  private record Recorded(String namespace, String eventName, int count, Instant first) {
  }

  /** Records with {@code client}; {@code clock} stamps the Events. */
  public RayClusterEvents(KubernetesClient client, Clock clock) {
    this.client = Objects.requireNonNull(client, "client");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.sequence = new AtomicLong(clock.millis() * 1_000_000L);
  }

  /** Records an Event of the reason's type about {@code cluster}. */
  public void record(RayCluster cluster, ClusterEventReason reason, String message) {
    Objects.requireNonNull(reason, "reason");
    String text = message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE - 3) + "...";
    String namespace = cluster.getMetadata().getNamespace();
    String key = namespace + "/" + cluster.getMetadata().getUid() + "/" + reason.value() + "/" + text;
    Instant now = clock.instant();
    Recorded previous;
    synchronized (recent) {
      previous = recent.get(key);
    }
    try {
      Recorded recorded = previous != null && now.isBefore(previous.first().plus(AGGREGATION_WINDOW))
          ? bump(previous, now) : null;
      if (recorded == null) {
        recorded = create(cluster, reason, text, now);
      }
      if (reason.type() == ClusterEventReason.Type.WARNING) {
        synchronized (recent) {
          recent.put(key, recorded);
        }
      }
    } catch (KubernetesClientException e) {
      log.warn("Could not record Event {} on RayCluster {}/{} ({}): {}", reason.value(), namespace,
          cluster.getMetadata().getName(), text, e.getMessage());
    }
  }

  /** Forgets the aggregation state of a RayCluster that is gone. */
  public void forget(String namespace, String uid) {
    String prefix = namespace + "/" + uid + "/";
    synchronized (recent) {
      recent.keySet().removeIf(key -> key.startsWith(prefix));
    }
  }

  /** Bumps count and lastTimestamp; {@code null} if the Event no longer exists. */
  private Recorded bump(Recorded previous, Instant now) {
    int count = previous.count() + 1;
    String patch = "{\"count\":" + count + ",\"lastTimestamp\":\"" + timestamp(now) + "\"}";
    try {
      client.v1().events().inNamespace(previous.namespace()).withName(previous.eventName())
          .patch(PatchContext.of(PatchType.JSON_MERGE), patch);
      return new Recorded(previous.namespace(), previous.eventName(), count, previous.first());
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return null;
      }
      throw e;
    }
  }

  private Recorded create(RayCluster cluster, ClusterEventReason reason, String message, Instant now) {
    String namespace = cluster.getMetadata().getNamespace();
    String name = cluster.getMetadata().getName() + "." + Long.toHexString(sequence.incrementAndGet());
    String time = timestamp(now);
    Event event = new EventBuilder()
        .withNewMetadata().withName(name).withNamespace(namespace).endMetadata()
        .withInvolvedObject(new ObjectReferenceBuilder()
            .withApiVersion(HasMetadata.getApiVersion(RayCluster.class))
            .withKind(HasMetadata.getKind(RayCluster.class))
            .withNamespace(namespace)
            .withName(cluster.getMetadata().getName())
            .withUid(cluster.getMetadata().getUid())
            .withResourceVersion(cluster.getMetadata().getResourceVersion())
            .build())
        .withType(reason.type().value())
        .withReason(reason.value())
        .withMessage(message)
        .withNewSource().withComponent(COMPONENT).endSource()
        .withReportingComponent(COMPONENT)
        .withFirstTimestamp(time)
        .withLastTimestamp(time)
        .withCount(1)
        .build();
    client.v1().events().inNamespace(namespace).resource(event).create();
    return new Recorded(namespace, name, 1, now);
  }

  private static String timestamp(Instant instant) {
    return instant.truncatedTo(ChronoUnit.SECONDS).toString();
  }
}
