package dev.raykube.dashboard;

/**
 * The dashboard (Ray 2.52+ with token auth) refused the credentials: 401 when no token was sent
 * ({@code Unauthorized: Missing authentication token}), 403 when it is wrong ({@code Forbidden: Invalid authentication
 * token}). Configure {@link RayDashboardClientBuilder#bearerToken(String)}. The token never appears in this exception.
 */
public final class AuthenticationException extends RayDashboardException {
  private static final long serialVersionUID = 1L;

  /** @param statusCode 401 or 403 */
  public AuthenticationException(String message, int statusCode, String responseBody) {
    super(message, statusCode, responseBody, null);
  }
}
