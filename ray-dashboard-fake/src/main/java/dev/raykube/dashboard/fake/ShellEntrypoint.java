package dev.raykube.dashboard.fake;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Interprets the small shell subset that {@link FakeRayDashboard} understands, the way {@code /bin/sh -c} would.
 *
 * <p>Commands: {@code echo [-n] words…}, {@code sleep N} (seconds, fractions and the suffixes s/m/h/d allowed),
 * {@code exit [N]}, {@code true}, {@code false}, {@code :}. Lists: {@code a && b}, {@code a || b}, {@code a ; b} and
 * newlines. Quoting: single quotes, double quotes (with backslash escapes) and backslash. The redirections
 * {@code >&2}, {@code 1>&2} and {@code 2>&1} are accepted and change nothing (Ray merges stdout and stderr). A {@code #}
 * at the start of a word starts a comment. {@code $NAME} and {@code ${NAME}} (unquoted or in double quotes) expand to
 * the job's {@code runtime_env.env_vars} value, or to nothing (no word splitting). Any other command behaves like a
 * program that is not installed ({@code /bin/sh: 1: NAME: not found}, exit 127). Syntax outside the subset (pipes,
 * command substitution, file redirections, subshells, other {@code $} forms) makes the job print an explanation and exit
 * with status 2, like a shell syntax error.
 */
final class ShellEntrypoint {
  private static final String OPERATOR_AND = "&&";
  private static final String OPERATOR_OR = "||";
  private static final String OPERATOR_SEQ = ";";

  private ShellEntrypoint() {}

  /** Compiles an entrypoint without environment variables. */
  static List<JobStep> interpret(String entrypoint) {
    return interpret(entrypoint, Map.of());
  }

  /**
   * Compiles an entrypoint into the driver steps it would produce, always ending with an {@link JobStep.Exit}.
   *
   * @param env the variables {@code $NAME} expands to
   */
  static List<JobStep> interpret(String entrypoint, Map<String, String> env) {
    List<List<String>> commands = new ArrayList<>();
    List<String> operators = new ArrayList<>();
    try {
      tokenize(entrypoint, env, commands, operators);
    } catch (UnsupportedSyntax e) {
      return List.of(
          new JobStep.Output("/bin/sh: FakeRayDashboard cannot interpret " + e.getMessage() + " in: " + entrypoint
              + "\n(script this job with FakeRayDashboard.script or scriptEntrypoints)\n"),
          new JobStep.Exit(2));
    }
    List<JobStep> steps = new ArrayList<>();
    int status = 0;
    for (int i = 0; i < commands.size(); i++) {
      String op = i == 0 ? OPERATOR_SEQ : operators.get(i - 1);
      boolean run = op.equals(OPERATOR_SEQ) || (op.equals(OPERATOR_AND) == (status == 0));
      List<String> words = commands.get(i);
      if (!run || words.isEmpty()) {
        continue;
      }
      String name = words.get(0);
      List<String> args = words.subList(1, words.size());
      switch (name) {
        case "echo":
          steps.add(new JobStep.Output(echo(args)));
          status = 0;
          break;
        case "sleep":
          status = sleep(args, steps);
          break;
        case "exit":
          steps.add(new JobStep.Exit(args.isEmpty() ? status : exitStatus(args.get(0))));
          return steps;
        case "true":
        case ":":
          status = 0;
          break;
        case "false":
          status = 1;
          break;
        default:
          steps.add(new JobStep.Output("/bin/sh: 1: " + name + ": not found\n"));
          status = 127;
      }
    }
    steps.add(new JobStep.Exit(status));
    return steps;
  }

  private static String echo(List<String> args) {
    boolean newline = true;
    List<String> words = args;
    if (!words.isEmpty() && words.get(0).equals("-n")) {
      newline = false;
      words = words.subList(1, words.size());
    }
    return String.join(" ", words) + (newline ? "\n" : "");
  }

  private static int sleep(List<String> args, List<JobStep> steps) {
    if (args.isEmpty()) {
      steps.add(new JobStep.Output("sleep: missing operand\n"));
      return 1;
    }
    Duration total = Duration.ZERO;
    for (String arg : args) {
      Duration d = parseSleep(arg);
      if (d == null) {
        steps.add(new JobStep.Output("sleep: invalid time interval '" + arg + "'\n"));
        return 1;
      }
      total = total.plus(d);
    }
    steps.add(new JobStep.Sleep(total));
    return 0;
  }

  private static Duration parseSleep(String arg) {
    long unitMillis = 1000;
    String number = arg;
    if (!arg.isEmpty()) {
      char suffix = arg.charAt(arg.length() - 1);
      long unit = suffix == 's' ? 1000 : suffix == 'm' ? 60_000 : suffix == 'h' ? 3_600_000 : suffix == 'd' ? 86_400_000 : 0;
      if (unit != 0) {
        unitMillis = unit;
        number = arg.substring(0, arg.length() - 1);
      }
    }
    if (!number.matches("\\d+(\\.\\d*)?|\\.\\d+")) {
      return null;
    }
    BigDecimal millis = new BigDecimal(number).multiply(BigDecimal.valueOf(unitMillis));
    return Duration.ofNanos(millis.multiply(BigDecimal.valueOf(1_000_000)).longValue());
  }

  private static int exitStatus(String arg) {
    if (!arg.matches("\\d+")) {
      return 2;
    }
    return new BigDecimal(arg).remainder(BigDecimal.valueOf(256)).intValue();
  }

  private static final class UnsupportedSyntax extends Exception {
    private static final long serialVersionUID = 1L;

    UnsupportedSyntax(String what) {
      super(what);
    }
  }

  private static void tokenize(String text, Map<String, String> env, List<List<String>> commands,
      List<String> operators) throws UnsupportedSyntax {
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    int i = 0;
    int n = text.length();
    while (i < n) {
      char c = text.charAt(i);
      if (c == ' ' || c == '\t') {
        word = flush(word, words);
        i++;
      } else if (c == '\n' || c == ';' || (c == '&' && next(text, i) == '&') || (c == '|' && next(text, i) == '|')) {
        word = flush(word, words);
        String op = c == '\n' || c == ';' ? OPERATOR_SEQ : c == '&' ? OPERATOR_AND : OPERATOR_OR;
        if (!words.isEmpty() || op.equals(OPERATOR_SEQ)) {
          commands.add(words);
          operators.add(op);
        } else {
          throw new UnsupportedSyntax("'" + op + "' without a command before it");
        }
        words = new ArrayList<>();
        i += op.equals(OPERATOR_SEQ) ? 1 : 2;
      } else if (c == '#' && word == null) {
        while (i < n && text.charAt(i) != '\n') {
          i++;
        }
      } else if (word == null && (text.startsWith(">&2", i) || text.startsWith("1>&2", i) || text.startsWith("2>&1", i))) {
        i += text.startsWith(">&2", i) ? 3 : 4;
      } else if (c == '$') {
        int end = variableEnd(text, i);
        word = append(word, env.getOrDefault(variableName(text, i, end), ""));
        i = end;
      } else if ("|&<>()`{}".indexOf(c) >= 0) {
        throw new UnsupportedSyntax("'" + c + "'");
      } else if (c == '\'') {
        int end = text.indexOf('\'', i + 1);
        if (end < 0) {
          throw new UnsupportedSyntax("an unterminated quote");
        }
        word = append(word, text.substring(i + 1, end));
        i = end + 1;
      } else if (c == '"') {
        StringBuilder quoted = new StringBuilder();
        i++;
        while (i < n && text.charAt(i) != '"') {
          char q = text.charAt(i);
          if (q == '`') {
            throw new UnsupportedSyntax("'" + q + "'");
          }
          if (q == '$') {
            int end = variableEnd(text, i);
            quoted.append(env.getOrDefault(variableName(text, i, end), ""));
            i = end;
            continue;
          }
          if (q == '\\' && i + 1 < n && "\"\\$`\n".indexOf(text.charAt(i + 1)) >= 0) {
            quoted.append(text.charAt(i + 1));
            i += 2;
          } else {
            quoted.append(q);
            i++;
          }
        }
        if (i >= n) {
          throw new UnsupportedSyntax("an unterminated quote");
        }
        word = append(word, quoted.toString());
        i++;
      } else if (c == '\\' && i + 1 < n) {
        word = append(word, String.valueOf(text.charAt(i + 1)));
        i += 2;
      } else {
        word = append(word, String.valueOf(c));
        i++;
      }
    }
    flush(word, words);
    if (!operators.isEmpty() && words.isEmpty() && !operators.get(operators.size() - 1).equals(OPERATOR_SEQ)) {
      throw new UnsupportedSyntax("a list ending in '" + operators.get(operators.size() - 1) + "'");
    }
    commands.add(words);
  }

  /** The index after a {@code $NAME} or {@code ${NAME}} starting at {@code dollar}. */
  private static int variableEnd(String text, int dollar) throws UnsupportedSyntax {
    int i = dollar + 1;
    if (i < text.length() && text.charAt(i) == '{') {
      int close = text.indexOf('}', i);
      if (close < 0 || !isName(text.substring(i + 1, close))) {
        throw new UnsupportedSyntax("'${' without a plain variable name");
      }
      return close + 1;
    }
    int end = i;
    while (end < text.length() && (Character.isLetterOrDigit(text.charAt(end)) || text.charAt(end) == '_')) {
      end++;
    }
    if (end == i || !isName(text.substring(i, end))) {
      throw new UnsupportedSyntax("'$' not followed by a variable name");
    }
    return end;
  }

  private static String variableName(String text, int dollar, int end) {
    return text.charAt(dollar + 1) == '{' ? text.substring(dollar + 2, end - 1) : text.substring(dollar + 1, end);
  }

  private static boolean isName(String name) {
    return name.matches("[A-Za-z_][A-Za-z0-9_]*");
  }

  private static char next(String text, int i) {
    return i + 1 < text.length() ? text.charAt(i + 1) : 0;
  }

  private static StringBuilder append(StringBuilder word, String text) {
    return (word == null ? new StringBuilder() : word).append(text);
  }

  private static StringBuilder flush(StringBuilder word, List<String> words) {
    if (word != null) {
      words.add(word.toString());
    }
    return null;
  }
}
