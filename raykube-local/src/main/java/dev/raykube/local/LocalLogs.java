package dev.raykube.local;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import java.nio.file.Path;
import org.slf4j.LoggerFactory;

/**
 * Where the operator's and the sandbox's log goes under {@code raykube local}: one file (INFO and up), so that the
 * terminal shows only what the command itself prints.
 */
final class LocalLogs {

  private LocalLogs() {
  }

  /** Sends every log line to {@code file} (appended), none to the console. */
  static void toFile(Path file) {
    if (!(LoggerFactory.getILoggerFactory() instanceof LoggerContext context)) {
      return;
    }
    Logger root = context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
    root.detachAndStopAllAppenders();
    PatternLayoutEncoder encoder = new PatternLayoutEncoder();
    encoder.setContext(context);
    encoder.setPattern("%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n");
    encoder.start();
    FileAppender<ILoggingEvent> appender = new FileAppender<>();
    appender.setContext(context);
    appender.setName("file");
    appender.setFile(file.toString());
    appender.setAppend(true);
    appender.setEncoder(encoder);
    appender.start();
    root.addAppender(appender);
    root.setLevel(Level.INFO);
  }
}
