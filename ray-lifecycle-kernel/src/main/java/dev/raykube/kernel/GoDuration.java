package dev.raykube.kernel;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a duration as KubeRay's Go code parses it (e.g. RayService's {@code ray.io/initializing-timeout} annotation):
 * a Go duration ({@code 300ms}, {@code 90s},
 * {@code 5m}, {@code 1h30m}, {@code 1.5h}; units {@code ns}, {@code us}/{@code µs}, {@code ms}, {@code s}, {@code m},
 * {@code h}) or a whole number of seconds ({@code 300}).
 */
public final class GoDuration {

  private static final Pattern SECONDS = Pattern.compile("\\d+");
  private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)(ns|us|µs|ms|s|m|h)");
  private static final Map<String, Long> NANOS = Map.of("ns", 1L, "us", 1_000L, "µs", 1_000L, "ms", 1_000_000L,
      "s", 1_000_000_000L, "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  private GoDuration() {
  }

  /**
   * Parses a duration.
   *
   * @param text the annotation's value
   * @return the duration, or empty when the text is null, blank or not a duration
   */
  public static Optional<Duration> parse(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    String value = text.trim();
    if (SECONDS.matcher(value).matches()) {
      return value.length() > 12 ? Optional.empty() : Optional.of(Duration.ofSeconds(Long.parseLong(value)));
    }
    Matcher m = PART.matcher(value);
    int end = 0;
    BigDecimal nanos = BigDecimal.ZERO;
    while (m.find()) {
      if (m.start() != end) {
        return Optional.empty();
      }
      nanos = nanos.add(new BigDecimal(m.group(1)).multiply(BigDecimal.valueOf(NANOS.get(m.group(2)))));
      end = m.end();
    }
    if (end == 0 || end != value.length() || nanos.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      return Optional.empty();
    }
    return Optional.of(Duration.ofNanos(nanos.longValue()));
  }
}
