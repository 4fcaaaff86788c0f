package dev.raykube.dashboard.fake;

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
 * JSON reading and writing for the fake, on Moshi's streaming API.
 *
 * <p>Numbers keep the int/float distinction that Python's {@code json} module makes: a literal without a fraction or
 * exponent becomes a {@link Long} (or {@link BigDecimal} when too large), any other becomes a {@link Double}. Objects
 * become insertion-ordered maps, arrays lists; a repeated key keeps its last value, as in Python.
 */
final class Json {
  private Json() {}

  /** Thrown when a text is not one JSON document. */
  static final class MalformedJsonException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedJsonException(String message, Throwable cause) {
      super(message, cause);
    }
  }

  static Object parse(String text) throws MalformedJsonException {
    try (JsonReader reader = JsonReader.of(new Buffer().writeUtf8(text))) {
      Object value = read(reader);
      if (reader.peek() != JsonReader.Token.END_DOCUMENT) {
        throw new MalformedJsonException("trailing data after the JSON value", null);
      }
      return value;
    } catch (IOException | RuntimeException e) {
      throw new MalformedJsonException("not valid JSON: " + e.getMessage(), e);
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
      case NUMBER:
        return number(reader.nextString());
      case BOOLEAN:
        return reader.nextBoolean();
      case NULL:
        return reader.nextNull();
      default:
        throw new IOException("unexpected token " + reader.peek() + " at " + reader.getPath());
    }
  }

  private static Object number(String raw) {
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

  /** Writes a tree of maps, lists, strings, numbers, booleans and nulls; null map values are written. */
  static String write(Object value) {
    Buffer buffer = new Buffer();
    try (JsonWriter writer = JsonWriter.of(buffer)) {
      writer.setSerializeNulls(true);
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
        writer.name(String.valueOf(e.getKey()));
        write(writer, e.getValue());
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

  /** The Python type repr of a parsed JSON value, as Ray's validation messages print it. */
  static String pythonType(Object value) {
    if (value == null) {
      return "<class 'NoneType'>";
    } else if (value instanceof String) {
      return "<class 'str'>";
    } else if (value instanceof Boolean) {
      return "<class 'bool'>";
    } else if (value instanceof Double) {
      return "<class 'float'>";
    } else if (value instanceof Number) {
      return "<class 'int'>";
    } else if (value instanceof Map) {
      return "<class 'dict'>";
    } else {
      return "<class 'list'>";
    }
  }

  /** Python's {@code isinstance(v, (int, float))}: booleans count as ints there. */
  static boolean isPythonNumber(Object value) {
    return value instanceof Number || value instanceof Boolean;
  }

  /** Python's {@code isinstance(v, int)}. */
  static boolean isPythonInt(Object value) {
    return value instanceof Long || value instanceof BigDecimal || value instanceof Boolean;
  }
}
