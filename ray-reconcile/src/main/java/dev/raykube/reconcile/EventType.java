package dev.raykube.reconcile;

/** The type of a Kubernetes Event, as written in {@code Event.type}. */
public enum EventType {
  /** Something expected happened. */
  NORMAL("Normal"),
  /** Something needs attention. */
  WARNING("Warning");

  private final String value;

  EventType(String value) {
    this.value = value;
  }

  /** The string Kubernetes expects in {@code Event.type}: {@code Normal} or {@code Warning}. */
  public String value() {
    return value;
  }
}
