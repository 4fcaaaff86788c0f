package dev.raykube.model.common;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.deser.ResolvableDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.util.TokenBuffer;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reads a Ray resource so that one bad spec cannot stop whoever watches them. The CRDs check a Pod template only for
 * its containers and their names (docs/crd-reference.md, "Trimmed schemas"), so the API server admits, say,
 * {@code volumes: "x"} inside one; read as is, that object would fail the whole watch or list it arrives in (with
 * JOSDK: the operator stops, and cannot start while the object exists). This reader reads the resource as usual;
 * when that fails, it reads metadata, spec and status apart: a spec that cannot be read is left {@code null} and its
 * problem kept ({@link RayResource#unreadableSpec()}, with the path), so that the validators can mark the resource
 * invalid, and the spec as written is kept to be written back (a copy made through JSON is read the same way); a
 * status that cannot be read is left {@code null}. Metadata that cannot be read still fails (the API server
 * checks it). Properties other than these three are kept.
 *
 * @param <R> the resource type
 * @param <S> its spec type
 * @param <T> its status type
 */
public abstract class SpecTolerantReader<R extends RayResource<S, T>, S, T> extends StdDeserializer<R>
    implements ResolvableDeserializer {

  private static final Set<String> READ_APART = Set.of("apiVersion", "kind", "metadata", "spec", "status");

  private final Class<R> type;
  private final Class<S> specType;
  private final Class<T> statusType;
  private final Supplier<R> blank;
  private transient JsonDeserializer<Object> bean;

  /** For the reader of one resource type: its class, spec and status classes, and a new empty instance. */
  protected SpecTolerantReader(Class<R> type, Class<S> specType, Class<T> statusType, Supplier<R> blank) {
    super(type);
    this.type = type;
    this.specType = specType;
    this.statusType = statusType;
    this.blank = blank;
  }

  /** Builds the ordinary bean deserializer of the type (bypassing the annotation that names this reader). */
  @Override
  public void resolve(DeserializationContext ctxt) throws JsonMappingException {
    JavaType javaType = ctxt.constructType(type);
    BeanDescription description = ctxt.getConfig().introspect(javaType);
    JsonDeserializer<Object> built = ctxt.getFactory().createBeanDeserializer(ctxt, javaType, description);
    if (built instanceof ResolvableDeserializer resolvable) {
      resolvable.resolve(ctxt);
    }
    @SuppressWarnings("unchecked")
    JsonDeserializer<Object> contextual = (JsonDeserializer<Object>) ctxt.handlePrimaryContextualization(built, null,
        javaType);
    bean = contextual;
  }

  @Override
  public R deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
    TokenBuffer buffer = ctxt.bufferAsCopyOfValue(p);
    try (JsonParser whole = buffer.asParserOnFirstToken()) {
      return type.cast(bean.deserialize(whole, ctxt));
    } catch (JsonMappingException | IllegalArgumentException e) {
      try (JsonParser again = buffer.asParserOnFirstToken()) {
        return readApart(ctxt.readTree(again), ctxt);
      }
    }
  }

  private R readApart(JsonNode tree, DeserializationContext ctxt) throws IOException {
    R resource = blank.get();
    JsonNode metadata = tree.get("metadata");
    if (metadata != null && !metadata.isNull()) {
      resource.setMetadata(ctxt.readTreeAsValue(metadata, ObjectMeta.class));
    }
    JsonNode spec = tree.get("spec");
    if (spec != null && !spec.isNull()) {
      try {
        resource.setSpec(ctxt.readTreeAsValue(spec, specType));
      } catch (JsonMappingException | IllegalArgumentException e) {
        resource.markSpecUnreadable(describe(e));
        // written back as it was: a copy made by serialization (JOSDK clones every resource it hands out) is read
        // the same way, problem included, and an update never replaces the user's spec with nothing
        resource.setAdditionalProperty("spec", ctxt.readTreeAsValue(spec, Object.class));
      }
    }
    JsonNode status = tree.get("status");
    if (status != null && !status.isNull()) {
      try {
        resource.setStatus(ctxt.readTreeAsValue(status, statusType));
      } catch (JsonMappingException | IllegalArgumentException e) {
        // left null: the operator writes it again; the spec is what a user must mend
      }
    }
    for (Iterator<Map.Entry<String, JsonNode>> fields = tree.fields(); fields.hasNext(); ) {
      Map.Entry<String, JsonNode> field = fields.next();
      if (!READ_APART.contains(field.getKey())) {
        resource.setAdditionalProperty(field.getKey(), ctxt.readTreeAsValue(field.getValue(), Object.class));
      }
    }
    return resource;
  }

  /** {@code spec.a.b[0].c: <what Jackson could not do>}, without Jackson's token and source details. */
  static String describe(Exception e) {
    StringBuilder path = new StringBuilder("spec");
    String message = e.getMessage();
    if (e instanceof JsonMappingException mapping) {
      for (JsonMappingException.Reference ref : mapping.getPath()) {
        if (ref.getFieldName() != null) {
          path.append('.').append(ref.getFieldName());
        } else if (ref.getIndex() >= 0) {
          path.append('[').append(ref.getIndex()).append(']');
        }
      }
      message = mapping.getOriginalMessage();
    }
    String text = String.valueOf(message);
    int cut = text.indexOf(" (token");
    text = (cut > 0 ? text.substring(0, cut) : text).lines().findFirst().orElse("").strip();
    return path + ": " + text;
  }
}
