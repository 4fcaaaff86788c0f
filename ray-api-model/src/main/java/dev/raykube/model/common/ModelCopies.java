package dev.raykube.model.common;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Deep copies of model objects, through Jackson's token buffer (the same JSON view the API server sees, unknown
 * properties included), so decisions never share mutable state with their input.
 */
public final class ModelCopies {

  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ModelCopies() {
  }

  /** Returns a deep copy, or {@code null} for {@code null}. */
  public static <T> T copy(T value, Class<T> type) {
    if (value == null) {
      return null;
    }
    try {
      return MAPPER.treeToValue(MAPPER.valueToTree(value), type);
    } catch (JsonProcessingException | IllegalArgumentException e) {
      throw new IllegalStateException("cannot copy " + type.getSimpleName() + ": " + e.getMessage(), e);
    }
  }
}
