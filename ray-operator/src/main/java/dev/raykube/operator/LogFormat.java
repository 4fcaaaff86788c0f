package dev.raykube.operator;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the operator writes its log lines to standard output: {@code text} (default) or {@code json}. */
public enum LogFormat {
  /** One human-readable line per event: time, level, thread, logger, message. */
  TEXT("text"),
  /** One JSON object per line (logback's {@code JsonEncoder}), for log collectors. */
  JSON("json");

  private final String flagValue;

  LogFormat(String flagValue) {
    this.flagValue = flagValue;
  }

  /** The value used on the command line and in {@code LOG_FORMAT}. */
  public String flagValue() {
    return flagValue;
  }

  /**
   * Parses a flag value, ignoring case and surrounding space.
   *
   * @throws IllegalArgumentException naming the accepted values
   */
  public static LogFormat fromFlag(String value) {
    String v = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
    for (LogFormat format : values()) {
      if (format.flagValue.equals(v)) {
        return format;
      }
    }
    throw new IllegalArgumentException("'" + value + "' is not a log format; use one of "
        + Arrays.stream(values()).map(LogFormat::flagValue).collect(Collectors.joining(", ")));
  }
}
