package dev.raykube.kernel.dashboard;

/**
 * A RayCluster's dashboard cannot be addressed yet for a reason a person has to fix, for example the auth token
 * Secret of a cluster with {@code authOptions.mode: token} is missing or has no {@code auth_token} key.
 */
public class DashboardAccessException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /**
   * @param message what is wrong and how to fix it
   */
  public DashboardAccessException(String message) {
    super(message);
  }

  /**
   * @param message what is wrong and how to fix it
   * @param cause the underlying error
   */
  public DashboardAccessException(String message, Throwable cause) {
    super(message, cause);
  }
}
