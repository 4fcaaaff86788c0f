package dev.raykube.cronjob;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The duration of {@code @every <duration>}, in the syntax KubeRay accepts there (Go's {@code time.ParseDuration},
 * strictly: unlike the kernel's lenient reading of annotations, a bare number of seconds is not a duration here): an
 * optional sign, then {@code 0} or one or more decimal numbers each followed by a unit, for example {@code 90s},
 * {@code 1h30m}, {@code 1.5h} or {@code 500ms}. Units: {@code ns}, {@code us} ({@code µs}), {@code ms}, {@code s},
 * {@code m}, {@code h}; there is no day unit. Like Go, the duration must fit in a signed 64-bit count of nanoseconds
 * (about 292 years), and the fraction of each term below a nanosecond is dropped.
 */
final class EveryDuration {

  private static final String NUMBER = "(?:\\d+\\.?\\d*|\\.\\d+)";
  private static final String UNIT = "(?:ns|us|\u00b5s|\u03bcs|ms|s|m|h)";
  private static final Pattern WHOLE = Pattern.compile("([-+]?)(0|(?:" + NUMBER + UNIT + ")+)");
  private static final Pattern TERM = Pattern.compile("(" + NUMBER + ")(" + UNIT + ")");

  private static final Map<String, Long> NANOS_PER_UNIT = Map.of(
      "ns", 1L, "us", 1_000L, "\u00b5s", 1_000L, "\u03bcs", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L,
      "m", 60_000_000_000L, "h", 3_600_000_000_000L);

  private static final BigInteger MAX_NANOS = BigInteger.valueOf(Long.MAX_VALUE);

  private EveryDuration() {
  }

  /**
   * Reads a duration.
   *
   * @param text the duration, for example {@code 1h30m}
   * @return the duration, negative for a leading {@code -}
   * @throws IllegalArgumentException if the text is not a duration in this syntax or is too long
   */
  static Duration parse(String text) {
    Matcher whole = WHOLE.matcher(text);
    if (!whole.matches()) {
      throw new IllegalArgumentException("'" + text + "' is not a duration: write a number and a unit, or several, "
          + "for example 90s, 15m, 1h30m or 1.5h (units: ns, us, ms, s, m, h)");
    }
    BigInteger nanos = BigInteger.ZERO;
    Matcher term = TERM.matcher(whole.group(2));
    while (term.find()) {
      BigDecimal value = new BigDecimal(term.group(1).endsWith(".") ? term.group(1) + "0" : term.group(1));
      nanos = nanos.add(value.multiply(BigDecimal.valueOf(NANOS_PER_UNIT.get(term.group(2)))).toBigInteger());
    }
    boolean negative = whole.group(1).equals("-");
    BigInteger limit = negative ? MAX_NANOS.add(BigInteger.ONE) : MAX_NANOS;
    if (nanos.compareTo(limit) > 0) {
      throw new IllegalArgumentException("'" + text + "' is too long a duration: at most about 292 years (2562047h)");
    }
    return Duration.ofNanos(negative ? nanos.negate().longValue() : nanos.longValue());
  }
}
