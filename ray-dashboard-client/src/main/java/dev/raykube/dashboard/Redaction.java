package dev.raykube.dashboard;

/**
 * Keeps the bearer token out of everything the client hands back or logs. Response bodies pass through
 * {@link #apply(String)} as soon as they are read, so exception messages and {@code responseBody()} built from them
 * cannot carry the token even if a server or proxy echoes it.
 */
final class Redaction {
  static final String MASK = "***";

  private final String token;

  Redaction(String token) {
    this.token = token == null || token.isEmpty() ? null : token;
  }

  String apply(String text) {
    if (text == null || token == null) {
      return text;
    }
    return text.replace(token, MASK);
  }
}
