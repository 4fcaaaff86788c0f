package dev.raykube.cronjob;

import java.util.Objects;

/**
 * A RayCronJob whose schedule cannot be followed: {@code spec.schedule} is missing or is not a schedule RayKube reads,
 * or {@code spec.timeZone} names no time zone. The message names the field, quotes the value and says how to fix it;
 * {@link #field()} is the field's path, for an Event or a status message.
 */
public final class InvalidScheduleException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String field;

  /**
   * Creates the exception.
   *
   * @param field the path of the field at fault, for example {@code spec.schedule}
   * @param message what is wrong and how to fix it, naming the field
   */
  public InvalidScheduleException(String field, String message) {
    super(Objects.requireNonNull(message, "message"));
    this.field = Objects.requireNonNull(field, "field");
  }

  /** The path of the field at fault: {@code spec}, {@code spec.schedule} or {@code spec.timeZone}. */
  public String field() {
    return field;
  }
}
