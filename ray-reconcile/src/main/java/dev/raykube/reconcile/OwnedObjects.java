package dev.raykube.reconcile;

import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.StatusDetails;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.dsl.base.PatchContext;
import io.fabric8.kubernetes.client.dsl.base.PatchType;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Creates, edits and removes the objects a custom resource owns (RayClusters, Pods, Services, submitter Jobs, RBAC
 * objects, Secrets), written once for every controller. Each operation reports what happened as a value and never
 * throws for API errors, so that a controller can record the outcome (an Event, a status reason) and decide again.
 *
 * <ul>
 *   <li>{@link #ensure}: create; "already exists" (HTTP 409) means it {@linkplain Ensured.Outcome#EXISTED existed},
 *       so an action carried out twice (after a crash) creates nothing twice.</li>
 *   <li>{@link #remove}: delete with background propagation; "not found" means it was {@linkplain
 *       Removed.Outcome#GONE gone} already.</li>
 *   <li>{@link #edit}: read, change, update locked to the resourceVersion read; one more round on a conflict.</li>
 *   <li>{@link #mergeMetadata}: one JSON merge patch of some labels and annotations, as {@code kubectl label} and
 *       {@code kubectl annotate} do: no read, and nothing else of the object is touched, so there is no update of
 *       other fields to lose and no resourceVersion to lock to.</li>
 *   <li>{@link #setField}: one JSON Patch that sets one field the caller owns (a Service's selector), unread.</li>
 * </ul>
 *
 * Thread-safe.
 */
public final class OwnedObjects {

  /** Read-modify-write rounds of {@link #edit} before a conflict counts as a failure. */
  public static final int EDIT_ATTEMPTS = 2;

  /**
   * What {@link #ensure} did.
   *
   * @param outcome what happened
   * @param object the object as created, or {@code null} when it existed or failed
   * @param problem why it failed, or {@code null}
   * @param <T> the object type
   */
  public record Ensured<T>(Outcome outcome, T object, String problem) {
    /** What happened. */
    public enum Outcome {
      /** Created now. */
      CREATED,
      /** It existed already. */
      EXISTED,
      /** The creation failed; {@link #problem()} says why. */
      FAILED
    }

    /** Checks the outcome is given. */
    public Ensured {
      Objects.requireNonNull(outcome, "outcome");
    }

    /** Whether the creation failed. */
    public boolean failed() {
      return outcome == Outcome.FAILED;
    }
  }

  /**
   * What {@link #remove} did.
   *
   * @param outcome what happened
   * @param problem why it failed, or {@code null}
   */
  public record Removed(Outcome outcome, String problem) {
    /** What happened. */
    public enum Outcome {
      /** Deleted now (Kubernetes removes it and what it owns in the background). */
      DELETED,
      /** It was gone already. */
      GONE,
      /** The deletion failed; {@link #problem()} says why. */
      FAILED
    }

    /** Checks the outcome is given. */
    public Removed {
      Objects.requireNonNull(outcome, "outcome");
    }

    /** Whether the deletion failed. */
    public boolean failed() {
      return outcome == Outcome.FAILED;
    }
  }

  /**
   * What {@link #edit} did.
   *
   * @param outcome what happened
   * @param problem why it failed, or {@code null}
   */
  public record Edited(Outcome outcome, String problem) {
    /** What happened. */
    public enum Outcome {
      /** Changed and written. */
      EDITED,
      /** The change found nothing to change; nothing was written. */
      UNCHANGED,
      /** The object does not exist. */
      GONE,
      /** The update failed; {@link #problem()} says why. */
      FAILED
    }

    /** Checks the outcome is given. */
    public Edited {
      Objects.requireNonNull(outcome, "outcome");
    }

    /** Whether the update failed. */
    public boolean failed() {
      return outcome == Outcome.FAILED;
    }
  }

  private final KubernetesClient client;

  /**
   * @param client writes the objects
   */
  public OwnedObjects(KubernetesClient client) {
    this.client = Objects.requireNonNull(client, "client");
  }

  /**
   * Creates {@code desired} unless it exists.
   *
   * @param desired the object, with namespace, name, labels and owner references set
   * @param <T> the object type
   * @return created, existed or failed
   */
  public <T extends HasMetadata> Ensured<T> ensure(T desired) {
    Objects.requireNonNull(desired, "desired");
    try {
      return new Ensured<>(Ensured.Outcome.CREATED, client.resource(desired).create(), null);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 409) {
        return new Ensured<>(Ensured.Outcome.EXISTED, null, null);
      }
      return new Ensured<>(Ensured.Outcome.FAILED, null, problem(e));
    } catch (IllegalArgumentException e) {
      return new Ensured<>(Ensured.Outcome.FAILED, null, problem(e));
    }
  }

  /**
   * Deletes an object with background propagation.
   *
   * @param type the object's class
   * @param namespace its namespace
   * @param name its name
   * @param <T> the object type
   * @return deleted, gone or failed
   */
  public <T extends HasMetadata> Removed remove(Class<T> type, String namespace, String name) {
    try {
      List<StatusDetails> deleted = client.resources(type).inNamespace(namespace).withName(name)
          .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
      return new Removed(deleted.isEmpty() ? Removed.Outcome.GONE : Removed.Outcome.DELETED, null);
    } catch (KubernetesClientException e) {
      return new Removed(Removed.Outcome.FAILED, problem(e));
    }
  }

  /**
   * Deletes an object as read (its kind, namespace and name) with background propagation.
   *
   * @param object the object
   * @return deleted, gone or failed
   */
  public Removed remove(HasMetadata object) {
    try {
      List<StatusDetails> deleted = client.resource(object).withPropagationPolicy(DeletionPropagation.BACKGROUND)
          .delete();
      return new Removed(deleted.isEmpty() ? Removed.Outcome.GONE : Removed.Outcome.DELETED, null);
    } catch (KubernetesClientException e) {
      return new Removed(Removed.Outcome.FAILED, problem(e));
    }
  }

  /**
   * Reads an object, lets {@code change} change it in place and updates it, locked to the resourceVersion read; on a
   * conflict it reads again, up to {@value #EDIT_ATTEMPTS} rounds.
   *
   * @param type the object's class
   * @param namespace its namespace
   * @param name its name
   * @param change changes the object read and says whether it changed anything
   * @param <T> the object type
   * @return edited, unchanged, gone or failed
   */
  public <T extends HasMetadata> Edited edit(Class<T> type, String namespace, String name, Predicate<T> change) {
    for (int attempt = 1; ; attempt++) {
      try {
        T object = client.resources(type).inNamespace(namespace).withName(name).get();
        if (object == null) {
          return new Edited(Edited.Outcome.GONE, null);
        }
        if (!change.test(object)) {
          return new Edited(Edited.Outcome.UNCHANGED, null);
        }
        client.resource(object).lockResourceVersion(object.getMetadata().getResourceVersion()).update();
        return new Edited(Edited.Outcome.EDITED, null);
      } catch (KubernetesClientException e) {
        if (e.getCode() == 409 && attempt < EDIT_ATTEMPTS) {
          continue;
        }
        if (e.getCode() == 404) {
          return new Edited(Edited.Outcome.GONE, null);
        }
        return new Edited(Edited.Outcome.FAILED, problem(e));
      }
    }
  }

  /**
   * Sets these labels and annotations with one JSON merge patch, without reading the object first. For keys the
   * caller owns: a concurrent writer of other keys or fields loses nothing.
   *
   * @param type the object's class
   * @param namespace its namespace
   * @param name its name
   * @param labels the labels to set, by key (no null values)
   * @param annotations the annotations to set, by key (no null values)
   * @param <T> the object type
   * @return edited, gone or failed (never unchanged: the patch is sent without knowing the values in place)
   */
  public <T extends HasMetadata> Edited mergeMetadata(Class<T> type, String namespace, String name,
      Map<String, String> labels, Map<String, String> annotations) {
    labels.forEach((key, value) -> Objects.requireNonNull(value, key));
    annotations.forEach((key, value) -> Objects.requireNonNull(value, key));
    Map<String, Object> metadata = new LinkedHashMap<>();
    if (!labels.isEmpty()) {
      metadata.put("labels", new LinkedHashMap<>(labels));
    }
    if (!annotations.isEmpty()) {
      metadata.put("annotations", new LinkedHashMap<>(annotations));
    }
    if (metadata.isEmpty()) {
      return new Edited(Edited.Outcome.UNCHANGED, null);
    }
    try {
      T patched = client.resources(type).inNamespace(namespace).resource(named(type, namespace, name))
          .patch(PatchContext.of(PatchType.JSON_MERGE), Serialization.asJson(Map.of("metadata", metadata)));
      return patched == null ? new Edited(Edited.Outcome.GONE, null) : new Edited(Edited.Outcome.EDITED, null);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return new Edited(Edited.Outcome.GONE, null);
      }
      return new Edited(Edited.Outcome.FAILED, problem(e));
    }
  }

  /**
   * Sets one field with one JSON Patch ({@code add}, which replaces a member that exists), without reading the object
   * first. For a field the caller owns, such as the selector of a Service it made: whatever else changed meanwhile
   * stays as it is.
   *
   * @param type the object's class
   * @param namespace its namespace
   * @param name its name
   * @param pointer the field, as a JSON pointer whose parent exists, e.g. {@code /spec/selector}
   * @param value its new value (serialized to JSON)
   * @param <T> the object type
   * @return edited, gone or failed
   */
  public <T extends HasMetadata> Edited setField(Class<T> type, String namespace, String name, String pointer,
      Object value) {
    Map<String, Object> operation = new LinkedHashMap<>();
    operation.put("op", "add");
    operation.put("path", Objects.requireNonNull(pointer, "pointer"));
    operation.put("value", Objects.requireNonNull(value, "value"));
    try {
      T patched = client.resources(type).inNamespace(namespace).resource(named(type, namespace, name))
          .patch(PatchContext.of(PatchType.JSON), Serialization.asJson(List.of(operation)));
      return patched == null ? new Edited(Edited.Outcome.GONE, null) : new Edited(Edited.Outcome.EDITED, null);
    } catch (KubernetesClientException e) {
      if (e.getCode() == 404) {
        return new Edited(Edited.Outcome.GONE, null);
      }
      return new Edited(Edited.Outcome.FAILED, problem(e));
    }
  }

  /**
   * An empty object of {@code type} with only its name and namespace: what the client's patch is addressed with, so
   * that it does not read the object from the server first (as it does when addressed by name alone).
   */
  private static <T extends HasMetadata> T named(Class<T> type, String namespace, String name) {
    T object;
    try {
      object = type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(type.getName() + " has no public no-argument constructor", e);
    }
    object.setMetadata(new ObjectMetaBuilder().withName(name).withNamespace(namespace).build());
    return object;
  }

  private static String problem(Exception e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
