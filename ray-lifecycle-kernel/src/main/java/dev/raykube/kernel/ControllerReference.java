package dev.raykube.kernel;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.OwnerReference;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import java.util.Objects;

/** The owner reference that makes an object the controller of what it creates. Pure. */
public final class ControllerReference {

  private ControllerReference() {
  }

  /**
   * An owner reference to {@code owner} with {@code controller: true} and {@code blockOwnerDeletion: true}, so that
   * garbage collection deletes the owned object with its owner.
   *
   * @param owner the owner as read from the API server (its uid is required)
   * @return the reference
   * @throws IllegalArgumentException if the owner has no uid, name, kind or apiVersion
   */
  public static OwnerReference of(HasMetadata owner) {
    Objects.requireNonNull(owner, "owner");
    if (owner.getMetadata() == null || isBlank(owner.getMetadata().getUid())
        || isBlank(owner.getMetadata().getName())) {
      throw new IllegalArgumentException("an owner needs metadata.name and metadata.uid (read it from the API server)");
    }
    if (isBlank(owner.getKind()) || isBlank(owner.getApiVersion())) {
      throw new IllegalArgumentException("an owner needs kind and apiVersion");
    }
    return new OwnerReferenceBuilder()
        .withApiVersion(owner.getApiVersion())
        .withKind(owner.getKind())
        .withName(owner.getMetadata().getName())
        .withUid(owner.getMetadata().getUid())
        .withController(true)
        .withBlockOwnerDeletion(true)
        .build();
  }

  private static boolean isBlank(String s) {
    return s == null || s.isBlank();
  }
}
