package dev.raykube.bench.rayjob;

import java.util.Arrays;
import java.util.List;

/** A sample of durations in milliseconds: its size, median and 90th percentile (nearest rank). */
record Latencies(double[] millis) {

  Latencies {
    millis = millis.clone();
    Arrays.sort(millis);
  }

  static Latencies ofNanos(List<Long> nanos) {
    return new Latencies(nanos.stream().mapToDouble(n -> n / 1e6).toArray());
  }

  static Latencies ofMillis(List<Double> millis) {
    return new Latencies(millis.stream().mapToDouble(Double::doubleValue).toArray());
  }

  int n() {
    return millis.length;
  }

  double median() {
    return percentile(50);
  }

  double p90() {
    return percentile(90);
  }

  /** The nearest-rank percentile; NaN for an empty sample. */
  double percentile(int p) {
    if (millis.length == 0) {
      return Double.NaN;
    }
    int rank = (int) Math.ceil(p / 100.0 * millis.length);
    return millis[Math.max(0, rank - 1)];
  }

  /** {@code median 512 ms, p90 870 ms, n 24}. */
  String describe() {
    return String.format("median %7.1f ms, p90 %7.1f ms, n %3d", median(), p90(), n());
  }
}
