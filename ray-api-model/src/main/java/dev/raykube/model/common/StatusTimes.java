package dev.raykube.model.common;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Optional;

/** RFC 3339 times as Kubernetes writes them in status fields and annotations: UTC, whole seconds. */
public final class StatusTimes {

  private StatusTimes() {
  }

  /** Formats a time as Kubernetes does ({@code 2026-01-02T03:04:05Z}), dropping fractions of a second. */
  public static String format(Instant time) {
    return DateTimeFormatter.ISO_INSTANT.format(time.truncatedTo(ChronoUnit.SECONDS));
  }

  /** Parses an RFC 3339 time with any offset; empty for null, blank or unparseable text. */
  public static Optional<Instant> parse(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(OffsetDateTime.parse(text.trim()).toInstant());
    } catch (DateTimeParseException notRfc3339) {
      return Optional.empty();
    }
  }
}
