package dev.raykube.service.decide;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A RayService's {@code spec.serveConfigV2} read: the YAML as the JSON body of {@code PUT /api/serve/applications/}
 * (Serve's {@code ServeDeploySchema}) and a hash of its content. The hash is taken over the config with its keys
 * sorted, so reformatting the YAML, reordering keys or editing comments does not count as a change; any change of a
 * value does.
 */
public final class ServeConfig {

  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final ObjectMapper CANONICAL = new ObjectMapper()
      .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);

  private final ObjectNode tree;
  private final String json;
  private final String hash;

  private ServeConfig(ObjectNode tree) {
    this.tree = tree;
    try {
      this.json = JSON.writeValueAsString(tree);
      String canonical = CANONICAL.writeValueAsString(CANONICAL.convertValue(tree, Object.class));
      this.hash = sha256(canonical);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the serve config as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Reads a serve config.
   *
   * @param yaml the text of {@code spec.serveConfigV2}; not null
   * @return the config
   * @throws IllegalArgumentException if it is not YAML, not a mapping, or has no non-empty {@code applications} list
   *     of mappings; the message says which, for people
   */
  public static ServeConfig parse(String yaml) {
    Objects.requireNonNull(yaml, "yaml");
    JsonNode node;
    try {
      node = YAML.readTree(yaml);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("it is not valid YAML: " + e.getOriginalMessage(), e);
    }
    if (node == null || !node.isObject()) {
      throw new IllegalArgumentException("it must be a YAML mapping with an 'applications' list");
    }
    JsonNode apps = node.get("applications");
    if (apps == null || !apps.isArray() || apps.isEmpty()) {
      throw new IllegalArgumentException("it must have a non-empty 'applications' list");
    }
    for (int i = 0; i < apps.size(); i++) {
      if (!apps.get(i).isObject()) {
        throw new IllegalArgumentException("applications[" + i + "] must be a mapping (name, import_path, ...)");
      }
    }
    return new ServeConfig((ObjectNode) node);
  }

  /** The JSON body for {@code PUT /api/serve/applications/}. */
  public String json() {
    return json;
  }

  /** A SHA-256 (hex) of the config's content with sorted keys. */
  public String hash() {
    return hash;
  }

  /**
   * Whether Serve runs a proxy on every node: {@code proxy_location} unset (Serve's default) or {@code EveryNode}.
   * Then the workers take traffic too; with {@code HeadOnly} or {@code Disabled} they do not.
   */
  public boolean proxiesOnEveryNode() {
    JsonNode location = tree.get("proxy_location");
    return location == null || location.isNull() || "EveryNode".equals(location.asText());
  }

  /** How many applications the config declares (at least one). */
  public int applicationCount() {
    return tree.get("applications").size();
  }

  private static String sha256(String text) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available", e);
    }
  }
}
