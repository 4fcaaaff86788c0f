package dev.raykube.operator;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.encoder.Encoder;
import dev.raykube.reconcile.ReconcileMarker;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Both log formats carry the reconcile marker: the text line names the object, the JSON line has it as fields. */
class LogSetupTest {

  private static String encode(LogFormat format, Map<String, String> mdc) {
    LoggerContext context = new LoggerContext();
    Encoder<ILoggingEvent> encoder = LogSetup.encoder(format, context);
    LoggingEvent event = new LoggingEvent("test", context.getLogger("dev.raykube.job.loop.RayJobLoop"),
        Level.INFO, "stopping Ray job {}", null, new Object[] {"train-abcde"});
    event.setMDCPropertyMap(mdc);
    return new String(encoder.encode(event), StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("a text line inside a reconcile names kind and namespace/name; outside one it has no marker")
  void text() {
    String marked = encode(LogFormat.TEXT, Map.of(ReconcileMarker.KIND, "RayJob", ReconcileMarker.NAMESPACE, "ml",
        ReconcileMarker.NAME, "train", ReconcileMarker.TRIGGER, "cleanup"));
    assertThat(marked).contains("RayJobLoop RayJob ml/train - stopping Ray job train-abcde");

    String plain = encode(LogFormat.TEXT, Map.of());
    assertThat(plain).contains("RayJobLoop - stopping Ray job train-abcde").doesNotContain("/ -");
  }

  @Test
  @DisplayName("a JSON line inside a reconcile carries kind, namespace, name and trigger as MDC fields")
  void json() {
    String marked = encode(LogFormat.JSON, Map.of(ReconcileMarker.KIND, "RayJob", ReconcileMarker.NAMESPACE, "ml",
        ReconcileMarker.NAME, "train", ReconcileMarker.TRIGGER, "cleanup"));
    assertThat(marked).contains("\"raykube.kind\":\"RayJob\"", "\"raykube.namespace\":\"ml\"",
        "\"raykube.name\":\"train\"", "\"raykube.trigger\":\"cleanup\"", "stopping Ray job train-abcde");
  }
}
