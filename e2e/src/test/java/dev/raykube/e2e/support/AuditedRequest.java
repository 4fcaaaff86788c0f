package dev.raykube.e2e.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * One resource request of the API server's audit log (level Metadata, JSON lines): who made it (the impersonated
 * user, where there is one), the RBAC verb, the resource as RBAC names it ({@code rayclusters/status}) with its API
 * group, the namespace, the authorizer's decision and the response code.
 *
 * @param user the impersonated user, or the authenticated one
 * @param verb the RBAC verb ({@code get}, {@code list}, {@code watch}, {@code create}, ...)
 * @param group the API group, empty for the core group
 * @param resource the resource, with {@code /subresource} where there is one
 * @param namespace the namespace, empty for a cluster-scoped request
 * @param forbidden whether the authorizer (RBAC) refused it; admission may refuse an authorized request, too
 * @param code the HTTP status of the response
 * @param received when the API server received it
 */
public record AuditedRequest(String user, String verb, String group, String resource, String namespace,
    boolean forbidden, int code, Instant received) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The permission this request needs, as an RBAC rule names it. */
  public Permission permission() {
    return new Permission(group, resource, verb);
  }

  /**
   * The resource requests of {@code users} in {@code auditLog} received at or after {@code since}; non-resource
   * requests ({@code /version}, discovery) are left out.
   */
  public static List<AuditedRequest> read(Path auditLog, Set<String> users, Instant since) {
    List<AuditedRequest> requests = new ArrayList<>();
    try (BufferedReader reader = Files.newBufferedReader(auditLog)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (users.stream().noneMatch(line::contains)) {
          continue; // most lines are other users'; skip them before parsing
        }
        JsonNode event = JSON.readTree(line);
        JsonNode user = event.has("impersonatedUser") ? event.get("impersonatedUser") : event.get("user");
        JsonNode object = event.get("objectRef");
        Instant received = Instant.parse(event.path("requestReceivedTimestamp").asText());
        if (object == null || !users.contains(user.path("username").asText()) || received.isBefore(since)) {
          continue;
        }
        String subresource = object.path("subresource").asText("");
        requests.add(new AuditedRequest(user.path("username").asText(), event.path("verb").asText(),
            object.path("apiGroup").asText(""),
            object.path("resource").asText() + (subresource.isEmpty() ? "" : "/" + subresource),
            object.path("namespace").asText(""),
            "forbid".equals(event.path("annotations").path("authorization.k8s.io/decision").asText()),
            event.path("responseStatus").path("code").asInt(), received));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the audit log " + auditLog, e);
    }
    return requests;
  }

  /**
   * One RBAC permission: a verb on a resource of an API group.
   *
   * @param group the API group, empty for the core group
   * @param resource the resource, with {@code /subresource} where there is one
   * @param verb the verb
   */
  public record Permission(String group, String resource, String verb) implements Comparable<Permission> {

    @Override
    public int compareTo(Permission other) {
      return toString().compareTo(other.toString());
    }

    /** As {@code kubectl auth can-i} takes it: {@code update rayclusters.ray.io/status}. */
    @Override
    public String toString() {
      int slash = resource.indexOf('/');
      String name = slash < 0 ? resource : resource.substring(0, slash);
      String sub = slash < 0 ? "" : resource.substring(slash);
      return verb + " " + name + (group.isEmpty() ? "" : "." + group) + sub;
    }
  }
}
