package dev.raykube.dashboard;

/**
 * The driver process of a job that called {@code ray.init()} (for a submission: its latest driver).
 *
 * @param id the Ray job id, 8 hex digits such as {@code 02000000}
 * @param nodeIpAddress the IP address of the node the driver runs on
 * @param pid the driver's process id, as the string Ray sends
 */
public record DriverInfo(String id, String nodeIpAddress, String pid) {}
