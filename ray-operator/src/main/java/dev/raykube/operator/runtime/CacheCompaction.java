package dev.raykube.operator.runtime;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.processing.event.source.informer.TransformingItemStore;
import java.lang.reflect.Field;
import java.lang.reflect.InaccessibleObjectException;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Makes an object an informer is about to cache smaller, in place, without changing what it says: every empty list
 * or map of a Kubernetes or Ray model object becomes the shared empty one, the other lists lose their spare capacity,
 * and short strings are {@linkplain String#intern interned}.
 *
 * <p>The model classes start every list field and their {@code additionalProperties} as a new empty collection, so a
 * RayCluster as Jackson reads it carries a few hundred empty lists and maps (a Pod template alone about forty), and
 * every RayCluster, Pod and Service repeats the same images, label values, namespaces and quantities as strings of
 * its own. At 1,000 RayClusters × 4 Pods compaction takes the operator's live heap from 67 to 40 MB.
 *
 * <p>Cached objects are only read: JOSDK hands a reconciler a copy of its primary resource, and the operator builds
 * what it writes (Pods, Services, status) from copies. The shared empties are {@link Collections#emptyList()} and
 * {@link Collections#emptyMap()}: they answer every query a mutable empty collection answers (also for {@code null}),
 * compare equal to it and serialize the same; only an attempt to modify a cached object fails, loudly, where it would
 * otherwise have changed the cache behind the informer's back.
 *
 * <p>Visited: objects of classes under {@code io.fabric8.kubernetes.api.model} and {@code dev.raykube.model} (with the
 * fields they inherit, such as a custom resource's spec and status), and the lists and maps they hold; other values
 * are left as they are. Map keys are not touched (Jackson already shares field names, and so the keys of labels and
 * annotations). Strings longer than {@value #INTERNED_LENGTH} characters (a Serve config, a status message) are kept
 * as they are.
 */
public final class CacheCompaction {

  /** The longest string interned: longer ones are seldom repeated across objects. */
  static final int INTERNED_LENGTH = 128;

  private static final int MAX_DEPTH = 64;

  private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
    @Override
    protected Field[] computeValue(Class<?> type) {
      return modelFields(type);
    }
  };

  private CacheCompaction() {
  }

  /**
   * Compacts {@code object} and everything it holds, in place.
   *
   * @return {@code object}
   */
  public static <T> T compact(T object) {
    if (object != null && isModel(object.getClass())) {
      visit(object, 0);
    }
    return object;
  }

  /**
   * An informer item store that keeps what {@code trim} leaves of an object (the informer hands over an object it has
   * just read and no one else holds), {@linkplain #compact compacted}.
   */
  public static <R extends HasMetadata> TransformingItemStore<R> itemStore(UnaryOperator<R> trim) {
    return new TransformingItemStore<>(object -> compact(trim.apply(object)));
  }

  private static void visit(Object object, int depth) {
    if (depth > MAX_DEPTH) {
      return;
    }
    for (Field field : FIELDS.get(object.getClass())) {
      try {
        Object value = field.get(object);
        Object compacted = compacted(value, depth);
        if (compacted != value) {
          field.set(object, compacted);
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot compact " + field, e);
      }
    }
  }

  private static Object compacted(Object value, int depth) {
    if (value == null) {
      return null;
    }
    if (value instanceof String text) {
      return text.length() <= INTERNED_LENGTH ? text.intern() : text;
    }
    if (value instanceof List<?> list) {
      return list.isEmpty() ? Collections.emptyList() : compactedList(list, depth);
    }
    if (value instanceof Map<?, ?> map) {
      return map.isEmpty() ? Collections.emptyMap() : compactedMap(map, depth);
    }
    if (isModel(value.getClass())) {
      visit(value, depth + 1);
    }
    return value;
  }

  @SuppressWarnings("unchecked")
  private static List<?> compactedList(List<?> list, int depth) {
    if (list instanceof ArrayList<?> mutable) {
      ((ArrayList<Object>) mutable).replaceAll(element -> compacted(element, depth + 1));
      mutable.trimToSize();
    } else {
      list.forEach(element -> compacted(element, depth + 1));
    }
    return list;
  }

  @SuppressWarnings("unchecked")
  private static Map<?, ?> compactedMap(Map<?, ?> map, int depth) {
    try {
      ((Map<Object, Object>) map).replaceAll((key, element) -> compacted(element, depth + 1));
    } catch (UnsupportedOperationException immutable) {
      map.values().forEach(element -> compacted(element, depth + 1));
    }
    return map;
  }

  private static boolean isModel(Class<?> type) {
    String name = type.getName();
    return name.startsWith("io.fabric8.kubernetes.api.model.") || name.startsWith("dev.raykube.model.");
  }

  private static Field[] modelFields(Class<?> type) {
    List<Field> fields = new ArrayList<>();
    for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
      for (Field field : c.getDeclaredFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) || Modifier.isFinal(modifiers) || field.getType().isPrimitive()) {
          continue;
        }
        try {
          field.setAccessible(true);
          fields.add(field);
        } catch (InaccessibleObjectException | SecurityException e) {
          // a field the runtime does not let us reach is left as it is
        }
      }
    }
    return fields.toArray(Field[]::new);
  }
}
