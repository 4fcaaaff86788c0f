package dev.raykube.dashboard;

import com.squareup.moshi.JsonReader;
import com.squareup.moshi.JsonWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import okio.Buffer;

/**
 * JSON as plain trees on Moshi's streaming reader and writer: objects become insertion-ordered maps, arrays lists,
 * integers {@link Long} (or {@link BigDecimal} if too large), other numbers {@link Double}. Reading a tree first and
 * mapping it by hand is what lets the client accept every shape Ray versions send (reference §5 rule 4).
 */
final class JsonTree {
  private JsonTree() {}

  /** Parses exactly one JSON value; throws {@link IOException} for anything else. */
  static Object parse(String text) throws IOException {
    try (JsonReader reader = JsonReader.of(new Buffer().writeUtf8(text))) {
      Object value = read(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new IOException("trailing data after the JSON value");
      }
      return value;
    } catch (RuntimeException e) {
      throw new IOException("malformed JSON: " + e.getMessage(), e);
    }
  }

  private static Object read(JsonReader reader) throws IOException {
    switch (reader.peek()) {
      case BEGIN_OBJECT: {
        Map<String, Object> map = new LinkedHashMap<>();
        reader.beginObject();
        while (reader.hasNext()) {
          String name = reader.nextName();
          map.put(name, read(reader));
        }
        reader.endObject();
        return map;
      }
      case BEGIN_ARRAY: {
        List<Object> list = new ArrayList<>();
        reader.beginArray();
        while (reader.hasNext()) {
          list.add(read(reader));
        }
        reader.endArray();
        return list;
      }
      case STRING:
        return reader.nextString();
      case NUMBER: {
        String raw = reader.nextString();
        if (raw.indexOf('.') >= 0 || raw.indexOf('e') >= 0 || raw.indexOf('E') >= 0) {
          return Double.valueOf(raw);
        }
        BigDecimal big = new BigDecimal(raw);
        try {
          return big.longValueExact();
        } catch (ArithmeticException tooLarge) {
          return big;
        }
      }
      case BOOLEAN:
        return reader.nextBoolean();
      case NULL:
        return reader.nextNull();
      default:
        throw new IOException("unexpected " + reader.peek() + " at " + reader.getPath());
    }
  }

  /** Writes maps, lists, strings, numbers and booleans; null map values are left out (Ray drops them anyway). */
  static String write(Object value) {
    Buffer buffer = new Buffer();
    try (JsonWriter writer = JsonWriter.of(buffer)) {
      write(writer, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return buffer.readUtf8();
  }

  private static void write(JsonWriter writer, Object value) throws IOException {
    if (value == null) {
      writer.nullValue();
    } else if (value instanceof Map) {
      writer.beginObject();
      for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
        if (e.getValue() != null) {
          writer.name(String.valueOf(e.getKey()));
          write(writer, e.getValue());
        }
      }
      writer.endObject();
    } else if (value instanceof List) {
      writer.beginArray();
      for (Object item : (List<?>) value) {
        write(writer, item);
      }
      writer.endArray();
    } else if (value instanceof String) {
      writer.value((String) value);
    } else if (value instanceof Boolean) {
      writer.value((Boolean) value);
    } else if (value instanceof Number) {
      writer.value((Number) value);
    } else {
      throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
    }
  }
}
