package dev.raykube.dashboard;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** Tolerant field access on parsed JSON trees: wrong types read as absent, numbers may be int, float or numeric text. */
final class Lenient {
  private Lenient() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(Object value) {
    return value instanceof Map ? (Map<String, Object>) value : null;
  }

  static String string(Map<String, Object> m, String key) {
    Object v = m.get(key);
    if (v instanceof String) {
      return (String) v;
    }
    return v instanceof Number || v instanceof Boolean ? plain(v) : null;
  }

  private static String plain(Object v) {
    if (v instanceof Double && ((Double) v) == Math.rint((Double) v) && !((Double) v).isInfinite()) {
      return new BigDecimal((Double) v).toPlainString();
    }
    return String.valueOf(v);
  }

  static Long longValue(Map<String, Object> m, String key) {
    Object v = m.get(key);
    try {
      if (v instanceof Number) {
        return new BigDecimal(v.toString()).longValue();
      }
      if (v instanceof String && !((String) v).isBlank()) {
        return new BigDecimal(((String) v).trim()).longValue();
      }
    } catch (NumberFormatException | ArithmeticException notANumber) {
      return null;
    }
    return null;
  }

  static Integer intValue(Map<String, Object> m, String key) {
    Long v = longValue(m, key);
    return v == null || v < Integer.MIN_VALUE || v > Integer.MAX_VALUE ? null : v.intValue();
  }

  static Double doubleValue(Map<String, Object> m, String key) {
    Object v = m.get(key);
    if (v instanceof Number) {
      return ((Number) v).doubleValue();
    }
    if (v instanceof String) {
      try {
        return Double.valueOf(((String) v).trim());
      } catch (NumberFormatException notANumber) {
        return null;
      }
    }
    return null;
  }

  /** Epoch milliseconds to an instant; null, 0 and negative values mean "not set". */
  static Instant epochMillis(Map<String, Object> m, String key) {
    Long v = longValue(m, key);
    return v == null || v <= 0 ? null : Instant.ofEpochMilli(v);
  }

  static Boolean bool(Map<String, Object> m, String key) {
    Object v = m.get(key);
    return v instanceof Boolean ? (Boolean) v : null;
  }

  static Map<String, String> stringMap(Map<String, Object> m, String key) {
    Map<String, Object> raw = object(m.get(key));
    if (raw == null) {
      return null;
    }
    Map<String, String> out = new LinkedHashMap<>();
    raw.forEach((k, v) -> {
      if (v != null) {
        out.put(k, v instanceof String ? (String) v : String.valueOf(v));
      }
    });
    return out;
  }
}
