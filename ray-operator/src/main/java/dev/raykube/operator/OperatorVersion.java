package dev.raykube.operator;

/** The operator's version: the jar manifest's {@code Implementation-Version}, or {@code dev} when run from classes. */
public final class OperatorVersion {

  private OperatorVersion() {
  }

  /** The version string, never null. */
  public static String current() {
    String version = OperatorVersion.class.getPackage().getImplementationVersion();
    return version == null || version.isBlank() ? "dev" : version;
  }

  /** The HTTP user agent the operator's Kubernetes client sends, e.g. {@code raykube-operator/0.1.0}. */
  public static String userAgent() {
    return "raykube-operator/" + current();
  }
}
