package dev.raykube.cluster;

import java.util.Optional;

/**
 * What the shell makes of one word as written in a command line, for values that the operator passes to the shell
 * unchanged (the {@code rayStartParams} values of {@code ray start}): single quotes keep everything up to the next
 * single quote, double quotes keep everything but remove the backslash before {@code $}, {@code `}, {@code "},
 * {@code \} and a newline, and outside quotes a backslash keeps the next character. Pure.
 *
 * <p>Only words whose value is known without running anything are read: an unquoted blank (the shell would split the
 * word), an unquoted shell operator, a {@code $} or {@code `} outside single quotes (an expansion) or an unbalanced
 * quote gives empty.
 */
final class ShellWord {

  private static final String UNQUOTED_SPECIAL = " \t\n|&;<>()*?[]#~$`";

  private ShellWord() {
  }

  /** The word's value after quote removal, or empty if it is not one plain word. */
  static Optional<String> unquote(String word) {
    StringBuilder value = new StringBuilder(word.length());
    int i = 0;
    while (i < word.length()) {
      char c = word.charAt(i);
      if (c == '\'') {
        int end = word.indexOf('\'', i + 1);
        if (end < 0) {
          return Optional.empty();
        }
        value.append(word, i + 1, end);
        i = end + 1;
      } else if (c == '"') {
        i++;
        boolean closed = false;
        while (i < word.length()) {
          char d = word.charAt(i);
          if (d == '"') {
            closed = true;
            i++;
            break;
          }
          if (d == '$' || d == '`') {
            return Optional.empty();
          }
          if (d == '\\' && i + 1 < word.length() && "$`\"\\\n".indexOf(word.charAt(i + 1)) >= 0) {
            value.append(word.charAt(i + 1));
            i += 2;
          } else {
            value.append(d);
            i++;
          }
        }
        if (!closed) {
          return Optional.empty();
        }
      } else if (c == '\\') {
        if (i + 1 >= word.length()) {
          return Optional.empty();
        }
        value.append(word.charAt(i + 1));
        i += 2;
      } else if (UNQUOTED_SPECIAL.indexOf(c) >= 0) {
        return Optional.empty();
      } else {
        value.append(c);
        i++;
      }
    }
    return Optional.of(value.toString());
  }
}
