package dev.raykube.bench.side;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The API server's audit log (JSON lines, level Metadata, {@code RequestReceived} omitted): the requests one user made
 * between two marks. A request is counted once: at {@code ResponseComplete}, or for a watch at
 * {@code ResponseStarted} (a watch's {@code ResponseComplete} comes when it ends, and is not counted again).
 */
final class AuditLog {

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path file;

  AuditLog(Path file) {
    this.file = file;
  }

  /** One request: who, what, when; {@code name} is the object's, empty for a list, a watch or a create. */
  record Request(String user, String verb, String resource, Instant received, int code, String name) {

    /** {@code verb resource[/subresource]}, e.g. {@code update rayjobs/status}; non-resource requests by path. */
    String kind() {
      return verb + " " + resource;
    }

    boolean isWrite() {
      return switch (verb) {
        case "create", "update", "patch", "delete", "deletecollection" -> true;
        default -> false;
      };
    }
  }

  /** The current end of the log; requests logged after it are after the mark. */
  long mark() {
    return file.toFile().length();
  }

  /** The requests of {@code user} logged between the two marks, in log order. */
  List<Request> requests(String user, long from, long to) {
    List<Request> out = new ArrayList<>();
    try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
      byte[] bytes = new byte[Math.toIntExact(to - from)];
      in.seek(from);
      in.readFully(bytes);
      for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank()) {
          continue;
        }
        JsonNode event = JSON.readTree(line);
        if (!user.equals(event.path("user").path("username").asText())) {
          continue;
        }
        String verb = event.path("verb").asText();
        String stage = event.path("stage").asText();
        if (!("watch".equals(verb) ? "ResponseStarted" : "ResponseComplete").equals(stage)) {
          continue;
        }
        JsonNode ref = event.path("objectRef");
        String resource;
        if (ref.isMissingNode()) {
          resource = event.path("requestURI").asText().replaceAll("\\?.*", "");
        } else {
          resource = ref.path("resource").asText();
          if (ref.hasNonNull("subresource")) {
            resource += "/" + ref.path("subresource").asText();
          }
        }
        out.add(new Request(user, verb, resource, Instant.parse(event.path("requestReceivedTimestamp").asText()),
            event.path("responseStatus").path("code").asInt(), ref.path("name").asText("")));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Requests by {@link Request#kind()}, sorted. */
  static Map<String, Integer> byKind(List<Request> requests) {
    Map<String, Integer> counts = new TreeMap<>();
    for (Request r : requests) {
      counts.merge(r.kind(), 1, Integer::sum);
    }
    return counts;
  }
}
