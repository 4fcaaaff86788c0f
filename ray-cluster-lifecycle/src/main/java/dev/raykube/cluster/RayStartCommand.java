package dev.raykube.cluster;

import io.fabric8.kubernetes.api.model.Container;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The {@code ray start} command of a head or worker, rendered from its effective parameters
 * ({@link RayStartParams}).
 *
 * <p>Flags are written in key order. A value {@code true} (any case) becomes a bare {@code --key}; {@code false} drops
 * the flag, except for {@code log-color}, {@code include-dashboard} and {@code include-log-monitor}, which take
 * {@code true}/{@code false} as a value and so keep {@code --key=false}; any other value becomes {@code --key=value},
 * passed to the shell as written (values with spaces or quotes must be quoted by the user, as with KubeRay).
 *
 * @param nodeType head ({@code ray start --head …}) or worker
 * @param params the effective parameters
 */
public record RayStartCommand(RayNodeType nodeType, SortedMap<String, String> params) {

  /** {@code ulimit -n ${RAY_START_ULIMIT_OPEN_FILES:-65536}}: raises the open-files limit before Ray starts. */
  public static final String ULIMIT = "ulimit -n ${RAY_START_ULIMIT_OPEN_FILES:-65536}";

  private static final Set<String> VALUED_BOOLEAN_FLAGS = Set.of("log-color", "include-dashboard",
      "include-log-monitor");

  /** Copies the parameters. */
  public RayStartCommand {
    Objects.requireNonNull(nodeType, "nodeType");
    params = new TreeMap<>(Objects.requireNonNull(params, "params"));
  }

  /** Returns a copy of the parameters. */
  @Override
  public SortedMap<String, String> params() {
    return new TreeMap<>(params);
  }

  /** The flags alone, e.g. {@code --block --dashboard-host=0.0.0.0 --num-cpus=1}. */
  public static String flags(Map<String, String> params) {
    List<String> flags = new ArrayList<>();
    new TreeMap<>(params).forEach((key, value) -> {
      String lower = value == null ? "" : value.toLowerCase(java.util.Locale.ROOT);
      boolean isBoolean = lower.equals("true") || lower.equals("false");
      if (isBoolean && !VALUED_BOOLEAN_FLAGS.contains(key)) {
        if (lower.equals("true")) {
          flags.add("--" + key);
        }
      } else {
        flags.add("--" + key + "=" + (value == null ? "" : value));
      }
    });
    return String.join(" ", flags);
  }

  /**
   * The command text, {@code ray start --head <flags>} or {@code ray start <flags>}; also exported to the Ray
   * container as {@code KUBERAY_GEN_RAY_START_CMD}.
   */
  public String text() {
    String flags = flags(params);
    String start = nodeType == RayNodeType.HEAD ? "ray start --head" : "ray start";
    return flags.isEmpty() ? start : start + " " + flags;
  }

  /**
   * The single argument of {@code /bin/bash -c --} that starts Ray in a container whose user command and args are
   * given: {@code <user command and args> && ulimit …; ray start …}, or without the user part when there is none. The
   * user's part runs first because {@code --block} never returns.
   */
  public String shellArgument(Container userContainer) {
    String user = userCommandLine(userContainer);
    String generated = ULIMIT + "; " + text();
    return user.isEmpty() ? generated : user + " && " + generated;
  }

  /** The user's command and args joined by spaces; empty if there are none. */
  static String userCommandLine(Container container) {
    List<String> words = new ArrayList<>();
    if (container.getCommand() != null) {
      words.addAll(container.getCommand());
    }
    if (container.getArgs() != null) {
      words.addAll(container.getArgs());
    }
    return String.join(" ", words).strip();
  }

  /** Whether the user's command or args already start Ray themselves (contain {@code ray start}). */
  public static boolean startsRayItself(Container container) {
    return userCommandLine(container).contains("ray start");
  }
}
