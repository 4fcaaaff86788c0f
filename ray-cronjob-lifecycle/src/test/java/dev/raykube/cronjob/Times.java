package dev.raykube.cronjob;

import java.time.Instant;
import java.util.regex.Pattern;

/** Short UTC times for the test tables: {@code 10:01} is on 2026-08-20, {@code 03-08T06:00} in 2026. */
final class Times {

  private static final Pattern TIME_OF_DAY = Pattern.compile("\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?");
  private static final Pattern DAY_AND_TIME = Pattern.compile("\\d\\d-\\d\\dT\\d\\d:\\d\\d(:\\d\\d(\\.\\d+)?)?");

  private Times() {
  }

  /** The RFC 3339 text of a short time ({@code 10:01} is {@code 2026-08-20T10:01:00Z}); other text unchanged. */
  static String text(String shortTime) {
    if (shortTime == null) {
      return null;
    }
    String seconds = shortTime.length() - shortTime.lastIndexOf('T') == 6 || shortTime.length() == 5 ? ":00" : "";
    if (TIME_OF_DAY.matcher(shortTime).matches()) {
      return "2026-08-20T" + shortTime + seconds + "Z";
    }
    if (DAY_AND_TIME.matcher(shortTime).matches()) {
      return "2026-" + shortTime + seconds + "Z";
    }
    return shortTime;
  }

  /** The instant of a short time, or of a full RFC 3339 UTC time. */
  static Instant at(String shortTime) {
    return Instant.parse(text(shortTime));
  }
}
