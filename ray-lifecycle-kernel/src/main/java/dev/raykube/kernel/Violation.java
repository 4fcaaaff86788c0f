package dev.raykube.kernel;

import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One broken rule of a RayJob.
 *
 * @param field the path of the offending field, e.g. {@code spec.ttlSecondsAfterFinished}
 * @param message what is wrong and how to fix it, for people; names the field itself
 */
public record Violation(String field, String message) {

  private static final Pattern DNS_1035_LABEL = Pattern.compile("[a-z]([-a-z0-9]*[a-z0-9])?");

  /** Checks both values are given. */
  public Violation {
    Objects.requireNonNull(field, "field");
    Objects.requireNonNull(message, "message");
  }

  /**
   * The violation of {@code metadata.name}, if any: required, a DNS-1035 label, and at most {@code maxLength}
   * characters (the room the generated names of the object's children leave).
   *
   * @param name the object's name, or {@code null}
   * @param maxLength the longest name allowed
   * @param why what the length bound keeps in bounds, completing "at most N are allowed so that …"
   * @return the violation, or empty when the name is fine
   */
  public static Optional<Violation> ofName(String name, int maxLength, String why) {
    if (name == null || name.isEmpty()) {
      return Optional.of(new Violation("metadata.name", "metadata.name is required"));
    }
    if (!DNS_1035_LABEL.matcher(name).matches()) {
      return Optional.of(new Violation("metadata.name", "metadata.name '" + name + "' must be a DNS-1035 label: "
          + "lowercase letters, digits and '-', starting with a letter and ending with a letter or digit"));
    }
    if (name.length() > maxLength) {
      return Optional.of(new Violation("metadata.name", "metadata.name '" + name + "' has " + name.length()
          + " characters; at most " + maxLength + " are allowed so that " + why));
    }
    return Optional.empty();
  }

  /** Whether the violation concerns {@code metadata} rather than {@code spec}. */
  public boolean aboutMetadata() {
    return field.startsWith("metadata.");
  }
}
