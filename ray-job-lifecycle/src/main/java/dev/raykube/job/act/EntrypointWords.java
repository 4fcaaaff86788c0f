package dev.raykube.job.act;

import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of the K8sJobMode submitter's {@code ray job submit -- <args>} for a RayJob's {@code entrypoint}, such
 * that Ray runs the entrypoint exactly as HTTPMode does (Ray runs an entrypoint with {@code /bin/sh -c}). Pure.
 *
 * <p>Why not the entrypoint as one argument: {@code ray job submit} joins its arguments after {@code --} with Python's
 * {@code shlex.join} (on Linux), so one argument with a space ({@code python train.py}) comes back single-quoted, one
 * command name that does not exist. So the entrypoint is split into the words a POSIX shell makes of it ({@link #of});
 * if every word written without quotes is plain text (letters, digits and {@code @%+=:,./-_}), the words are the
 * arguments, and {@code shlex.join} gives back an equivalent command (Ray shows it as the user wrote it, modulo
 * quoting). Otherwise the entrypoint uses the shell (an operator such as {@code &&} or {@code |}, a redirection, a
 * glob, {@code $VAR}), which {@code shlex.join} would quote away: then the arguments are {@code /bin/sh -c
 * <entrypoint>}, which the head's shell runs exactly as HTTPMode would run the entrypoint.
 *
 * <p>Splitting rules: blanks (space, tab, newline) separate words; {@code '...'} is literal; inside {@code "..."} a
 * backslash escapes {@code "}, {@code \\}, {@code $} and {@code `}; outside quotes a backslash escapes the next
 * character. An unterminated quote makes the entrypoint go through {@code /bin/sh -c}, which reports it as HTTPMode
 * would.
 */
final class EntrypointWords {

  private EntrypointWords() {
  }

  /**
   * One shell word.
   *
   * @param value the word after quote removal
   * @param quoted whether any part of it was quoted or backslash-escaped
   */
  record Word(String value, boolean quoted) {
  }

  /** The arguments for {@code ray job submit --}; see the class comment. */
  static List<String> forRaySubmit(String entrypoint) {
    List<Word> words = of(entrypoint);
    boolean plain = balanced(entrypoint) && words.stream().allMatch(w -> w.quoted() || PLAIN.matcher(w.value()).matches());
    if (!plain) {
      return List.of("/bin/sh", "-c", entrypoint);
    }
    return words.stream().map(Word::value).toList();
  }

  private static final java.util.regex.Pattern PLAIN = java.util.regex.Pattern.compile("[A-Za-z0-9@%+=:,./_-]+");

  /** Whether every quote of {@code text} is closed (by the splitting rules). */
  private static boolean balanced(String text) {
    char open = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (open == '\'') {
        open = c == '\'' ? 0 : open;
      } else if (c == '\\') {
        i++;
      } else if (open == '"') {
        open = c == '"' ? 0 : open;
      } else if (c == '\'' || c == '"') {
        open = c;
      }
    }
    return open == 0;
  }

  /** The words of {@code entrypoint}, in order; empty for blank text. */
  static List<Word> of(String entrypoint) {
    List<Word> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    boolean quoted = false;
    int i = 0;
    int n = entrypoint.length();
    while (i < n) {
      char c = entrypoint.charAt(i);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        if (inWord) {
          words.add(new Word(word.toString(), quoted));
          word.setLength(0);
          inWord = false;
          quoted = false;
        }
        i++;
      } else if (c == '\'') {
        inWord = true;
        quoted = true;
        int end = entrypoint.indexOf('\'', i + 1);
        int stop = end < 0 ? n : end;
        word.append(entrypoint, i + 1, stop);
        i = end < 0 ? n : end + 1;
      } else if (c == '"') {
        inWord = true;
        quoted = true;
        i++;
        while (i < n && entrypoint.charAt(i) != '"') {
          char d = entrypoint.charAt(i);
          if (d == '\\' && i + 1 < n && "\"\\$`".indexOf(entrypoint.charAt(i + 1)) >= 0) {
            word.append(entrypoint.charAt(i + 1));
            i += 2;
          } else {
            word.append(d);
            i++;
          }
        }
        i++; // the closing quote (or past the end)
      } else if (c == '\\' && i + 1 < n) {
        if (entrypoint.charAt(i + 1) != '\n') { // backslash-newline only continues the line
          inWord = true;
          quoted = true;
          word.append(entrypoint.charAt(i + 1));
        }
        i += 2;
      } else {
        inWord = true;
        word.append(c);
        i++;
      }
    }
    if (inWord) {
      words.add(new Word(word.toString(), quoted));
    }
    return words;
  }
}
