package dev.raykube.dashboard;

/**
 * What {@code GET /api/version} reports.
 *
 * @param jobsApiVersion the Jobs API version string: "0" (Ray 1.9) … "4" (Ray 2.2+)
 * @param rayVersion the Ray release of the head
 * @param rayCommit the Ray commit hash, or null
 * @param sessionName the Ray session name (newer versions only), or null
 */
public record DashboardVersion(String jobsApiVersion, RayVersion rayVersion, String rayCommit, String sessionName) {}
