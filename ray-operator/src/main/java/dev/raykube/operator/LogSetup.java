package dev.raykube.operator;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.encoder.Encoder;
import org.slf4j.LoggerFactory;

/**
 * Applies {@code --log-format} and {@code --log-level} to logback: one console appender on standard output, with a
 * text pattern or logback's built-in {@link JsonEncoder} (one JSON object per line). Until this runs, the defaults of
 * {@code logback.xml} (text, info) apply.
 */
final class LogSetup {

  /**
   * The text pattern; {@code logback.xml} uses it without the reconcile marker. Inside a reconcile a line names what is
   * reconciled ({@code RayJob ns/name}, from the {@code ReconcileMarker} MDC entries); outside one that part is empty.
   */
  static final String TEXT_PATTERN = "%d{yyyy-MM-dd'T'HH:mm:ss.SSSXXX} %-5level [%thread] %logger{36}"
      + "%replace( %X{raykube.kind} %X{raykube.namespace}/%X{raykube.name}){'^  /$', ''} - %msg%n";

  private LogSetup() {
  }

  /** Replaces the root logger's appenders with one console appender in {@code format}, at {@code level}. */
  static void apply(LogFormat format, String level) {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return; // another SLF4J binding: leave its configuration alone
    }
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.detachAndStopAllAppenders();
    ConsoleAppender<ILoggingEvent> console = new ConsoleAppender<>();
    console.setContext(context);
    console.setName("console");
    console.setEncoder(encoder(format, context));
    console.start();
    root.addAppender(console);
    root.setLevel(Level.toLevel(level, Level.INFO));
  }

  static Encoder<ILoggingEvent> encoder(LogFormat format, LoggerContext context) {
    if (format == LogFormat.JSON) {
      JsonEncoder json = new JsonEncoder();
      json.setContext(context);
      // One self-contained line per event: the formatted message instead of template plus arguments.
      json.setWithFormattedMessage(true);
      json.setWithMessage(false);
      json.setWithArguments(false);
      json.setWithSequenceNumber(false);
      json.setWithNanoseconds(false);
      json.setWithContext(false);
      json.start();
      return json;
    }
    PatternLayoutEncoder text = new PatternLayoutEncoder();
    text.setContext(context);
    text.setPattern(TEXT_PATTERN);
    text.start();
    return text;
  }
}
