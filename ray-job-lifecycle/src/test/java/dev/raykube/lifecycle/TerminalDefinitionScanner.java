package dev.raykube.lifecycle;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds definitions of terminality in Java source: places that group the terminal Ray job states (STOPPED, SUCCEEDED
 * and FAILED, without PENDING or RUNNING) or the terminal deployment states (Complete and Failed, without the other
 * deployment states) in one statement, one expression, one switch-case group, or one short string such as
 * {@code "STOPPED|SUCCEEDED|FAILED"}. Comments and enum constant declarations are ignored; a deployment pair counts
 * only where it is grouped ({@code ==}, {@code ||}, {@code case}, {@code of(…)}, {@code contains}, an array
 * initializer…), so {@code ok ? COMPLETE : FAILED} is a choice, not a definition.
 *
 * <p>A lexical check, not a compiler: it is tuned to catch the usual ways of writing such a list and to stay quiet on
 * mappings that name every state.
 */
final class TerminalDefinitionScanner {

  /** One suspicious place. */
  record Finding(String file, int line, String what, String excerpt) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + what + ": " + excerpt;
    }
  }

  private enum Kind { IDENT, STRING, CHAR, NUMBER, OP }

  private record Token(Kind kind, String text, int line) {
  }

  private static final Set<String> JOB_TERMINAL = Set.of("STOPPED", "SUCCEEDED", "FAILED");
  private static final Set<String> JOB_OTHER = Set.of("PENDING", "RUNNING");
  private static final Set<String> DEPLOYMENT_OTHER = Set.of("INITIALIZING", "RUNNING", "VALIDATION_FAILED",
      "SUSPENDING", "SUSPENDED", "RETRYING", "WAITING", "Initializing", "Running", "ValidationFailed", "Suspending",
      "Suspended", "Retrying", "Waiting");
  private static final Set<String> GROUPING = Set.of("==", "!=", "||", "&&", "case", "of", "asList", "contains",
      "equals", "in", "matches", "anyMatch", "allMatch", "noneMatch", "copyOf", "add");
  private static final int MAX_OTHER_WORDS_IN_LIST_STRING = 3;

  private TerminalDefinitionScanner() {
  }

  /** Scans one source file; {@code file} only labels the findings. */
  static List<Finding> scan(String file, String source) {
    List<Token> tokens = lex(source);
    boolean[] excluded = enumConstantLists(tokens);
    Map<String, Finding> findings = new LinkedHashMap<>();
    List<Token> unit = new ArrayList<>();
    boolean arrayInit = false;
    Token previous = null;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (excluded[i]) {
        continue;
      }
      if (t.kind == Kind.OP && (t.text.equals(";") || t.text.equals("{") || t.text.equals("}"))) {
        check(file, unit, arrayInit, findings);
        unit = new ArrayList<>();
        arrayInit = t.text.equals("{") && previous != null && (previous.text.equals("]")
            || previous.text.equals("="));
      } else {
        unit.add(t);
      }
      previous = t;
    }
    check(file, unit, arrayInit, findings);
    checkSwitchGroups(file, tokens, findings);
    return new ArrayList<>(findings.values());
  }

  private static void check(String file, List<Token> unit, boolean arrayInit, Map<String, Finding> findings) {
    check(file, unit, arrayInit, findings, "");
  }

  private static void check(String file, List<Token> unit, boolean grouped, Map<String, Finding> findings,
      String where) {
    if (unit.isEmpty()) {
      return;
    }
    Set<String> names = new LinkedHashSet<>();
    boolean marker = grouped;
    for (Token t : unit) {
      if (t.kind == Kind.IDENT || t.kind == Kind.STRING) {
        names.add(t.text);
      }
      if (GROUPING.contains(t.text) && t.kind != Kind.STRING) {
        marker = true;
      }
      if (t.kind == Kind.STRING) {
        checkListString(file, t, findings);
      }
    }
    if (names.containsAll(JOB_TERMINAL) && JOB_OTHER.stream().noneMatch(names::contains)) {
      add(findings, new Finding(file, lineOf(unit, JOB_TERMINAL), "names STOPPED, SUCCEEDED and FAILED together"
          + where, excerpt(unit)));
    }
    boolean complete = names.contains("COMPLETE") || names.contains("Complete");
    boolean failed = names.contains("FAILED") || names.contains("Failed");
    if (marker && complete && failed && DEPLOYMENT_OTHER.stream().noneMatch(names::contains)
        && !names.containsAll(JOB_TERMINAL)) {
      add(findings, new Finding(file, lineOf(unit, Set.of("COMPLETE", "Complete")), "groups Complete and Failed"
          + where, excerpt(unit)));
    }
  }

  /** A short string that lists the terminal states, e.g. "STOPPED|SUCCEEDED|FAILED" or a CEL list. */
  private static void checkListString(String file, Token t, Map<String, Finding> findings) {
    List<String> words = Arrays.stream(t.text.split("[^A-Za-z_]+")).filter(w -> !w.isEmpty()).toList();
    Set<String> set = new LinkedHashSet<>(words);
    if (set.containsAll(JOB_TERMINAL) && JOB_OTHER.stream().noneMatch(set::contains)
        && words.size() - JOB_TERMINAL.size() <= MAX_OTHER_WORDS_IN_LIST_STRING) {
      add(findings, new Finding(file, t.line, "string lists STOPPED, SUCCEEDED and FAILED", '"' + t.text + '"'));
    }
    if (set.contains("Complete") && set.contains("Failed") && DEPLOYMENT_OTHER.stream().noneMatch(set::contains)
        && words.size() - 2 <= MAX_OTHER_WORDS_IN_LIST_STRING) {
      add(findings, new Finding(file, t.line, "string lists Complete and Failed", '"' + t.text + '"'));
    }
  }

  /** Switch-case groups: labels whose bodies are the same text belong together ({@code case A -> true; case B -> true}). */
  private static void checkSwitchGroups(String file, List<Token> tokens, Map<String, Finding> findings) {
    for (int i = 0; i < tokens.size(); i++) {
      if (!tokens.get(i).text.equals("switch") || tokens.get(i).kind != Kind.IDENT) {
        continue;
      }
      int open = indexOf(tokens, "(", i);
      int close = open < 0 ? -1 : matching(tokens, open);
      if (close < 0 || close + 1 >= tokens.size() || !tokens.get(close + 1).text.equals("{")) {
        continue;
      }
      int bodyEnd = matching(tokens, close + 1);
      if (bodyEnd < 0) {
        continue;
      }
      Map<String, List<Token>> groups = new LinkedHashMap<>();
      List<Token> pending = new ArrayList<>();
      int k = close + 2;
      while (k < bodyEnd) {
        Token t = tokens.get(k);
        if (t.kind == Kind.IDENT && (t.text.equals("case") || t.text.equals("default"))) {
          int j = k + 1;
          while (j < bodyEnd && !tokens.get(j).text.equals("->") && !tokens.get(j).text.equals(":")) {
            pending.add(tokens.get(j));
            j++;
          }
          boolean arrow = j < bodyEnd && tokens.get(j).text.equals("->");
          int bodyStart = j + 1;
          int end;
          if (arrow && bodyStart < bodyEnd && tokens.get(bodyStart).text.equals("{")) {
            end = matching(tokens, bodyStart) + 1;
          } else if (arrow) {
            end = statementEnd(tokens, bodyStart, bodyEnd) + 1;
          } else {
            end = nextLabel(tokens, bodyStart, bodyEnd);
          }
          if (end > bodyStart) {
            StringBuilder key = new StringBuilder();
            for (int b = bodyStart; b < end && b < bodyEnd; b++) {
              key.append(tokens.get(b).text).append(' ');
            }
            groups.computeIfAbsent(key.toString(), x -> new ArrayList<>()).addAll(pending);
            pending = new ArrayList<>();
          }
          k = Math.max(end, j + 1);
        } else {
          k++;
        }
      }
      for (List<Token> labels : groups.values()) {
        check(file, labels, true, findings, " in one switch-case group");
      }
    }
  }

  private static void add(Map<String, Finding> findings, Finding finding) {
    findings.putIfAbsent(finding.line() + "|" + finding.what().replace(" in one switch-case group", ""), finding);
  }

  private static int lineOf(List<Token> unit, Set<String> names) {
    for (Token t : unit) {
      if (names.contains(t.text)) {
        return t.line;
      }
    }
    return unit.get(0).line;
  }

  private static String excerpt(List<Token> unit) {
    StringBuilder b = new StringBuilder();
    for (Token t : unit) {
      b.append(t.kind == Kind.STRING ? '"' + t.text + '"' : t.text).append(' ');
    }
    String s = b.toString().trim();
    return s.length() > 160 ? s.substring(0, 157) + "..." : s;
  }

  /** Marks the constant list of every enum declaration (up to the first top-level ';' or the closing brace). */
  private static boolean[] enumConstantLists(List<Token> tokens) {
    boolean[] excluded = new boolean[tokens.size()];
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).kind != Kind.IDENT || !tokens.get(i).text.equals("enum")) {
        continue;
      }
      int open = indexOf(tokens, "{", i);
      if (open < 0) {
        continue;
      }
      int depth = 0;
      for (int k = open + 1; k < tokens.size(); k++) {
        String text = tokens.get(k).text;
        if (tokens.get(k).kind == Kind.OP && (text.equals("(") || text.equals("{") || text.equals("["))) {
          depth++;
        } else if (tokens.get(k).kind == Kind.OP && (text.equals(")") || text.equals("}") || text.equals("]"))) {
          depth--;
        }
        if (depth < 0 || (depth == 0 && text.equals(";"))) {
          break;
        }
        excluded[k] = true;
      }
    }
    return excluded;
  }

  private static int indexOf(List<Token> tokens, String text, int from) {
    for (int i = from; i < tokens.size(); i++) {
      if (tokens.get(i).kind == Kind.OP && tokens.get(i).text.equals(text)) {
        return i;
      }
    }
    return -1;
  }

  private static int matching(List<Token> tokens, int open) {
    String o = tokens.get(open).text;
    String c = o.equals("(") ? ")" : o.equals("{") ? "}" : "]";
    int depth = 0;
    for (int i = open; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.kind == Kind.OP && t.text.equals(o)) {
        depth++;
      } else if (t.kind == Kind.OP && t.text.equals(c) && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static int statementEnd(List<Token> tokens, int from, int limit) {
    int depth = 0;
    for (int i = from; i < limit; i++) {
      String text = tokens.get(i).text;
      if (tokens.get(i).kind == Kind.OP && (text.equals("(") || text.equals("{") || text.equals("["))) {
        depth++;
      } else if (tokens.get(i).kind == Kind.OP && (text.equals(")") || text.equals("}") || text.equals("]"))) {
        depth--;
      } else if (depth == 0 && text.equals(";")) {
        return i;
      }
    }
    return limit - 1;
  }

  private static int nextLabel(List<Token> tokens, int from, int limit) {
    int depth = 0;
    for (int i = from; i < limit; i++) {
      Token t = tokens.get(i);
      if (t.kind == Kind.OP && (t.text.equals("(") || t.text.equals("{") || t.text.equals("["))) {
        depth++;
      } else if (t.kind == Kind.OP && (t.text.equals(")") || t.text.equals("}") || t.text.equals("]"))) {
        depth--;
      } else if (depth == 0 && t.kind == Kind.IDENT && (t.text.equals("case") || t.text.equals("default"))) {
        return i;
      }
    }
    return limit;
  }

  /** A small Java lexer: identifiers, literals and operators with line numbers; comments dropped. */
  private static List<Token> lex(String s) {
    List<Token> tokens = new ArrayList<>();
    int line = 1;
    int i = 0;
    int n = s.length();
    while (i < n) {
      char c = s.charAt(i);
      if (c == '\n') {
        line++;
        i++;
      } else if (Character.isWhitespace(c)) {
        i++;
      } else if (s.startsWith("//", i)) {
        while (i < n && s.charAt(i) != '\n') {
          i++;
        }
      } else if (s.startsWith("/*", i)) {
        int end = s.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
        line += count(s, i, end);
        i = end;
      } else if (s.startsWith("\"\"\"", i)) {
        int end = s.indexOf("\"\"\"", i + 3);
        end = end < 0 ? n : end;
        tokens.add(new Token(Kind.STRING, s.substring(i + 3, end), line));
        line += count(s, i, end);
        i = Math.min(n, end + 3);
      } else if (c == '"' || c == '\'') {
        int j = i + 1;
        StringBuilder text = new StringBuilder();
        while (j < n && s.charAt(j) != c && s.charAt(j) != '\n') {
          if (s.charAt(j) == '\\' && j + 1 < n) {
            text.append(s.charAt(j + 1));
            j += 2;
          } else {
            text.append(s.charAt(j++));
          }
        }
        tokens.add(new Token(c == '"' ? Kind.STRING : Kind.CHAR, text.toString(), line));
        i = Math.min(n, j + 1);
      } else if (Character.isJavaIdentifierStart(c)) {
        int j = i + 1;
        while (j < n && Character.isJavaIdentifierPart(s.charAt(j))) {
          j++;
        }
        tokens.add(new Token(Kind.IDENT, s.substring(i, j), line));
        i = j;
      } else if (Character.isDigit(c)) {
        int j = i + 1;
        while (j < n && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '.' || s.charAt(j) == '_')) {
          j++;
        }
        tokens.add(new Token(Kind.NUMBER, s.substring(i, j), line));
        i = j;
      } else {
        String two = i + 1 < n ? s.substring(i, i + 2) : "";
        if (List.of("==", "!=", "||", "&&", "->", "::").contains(two)) {
          tokens.add(new Token(Kind.OP, two, line));
          i += 2;
        } else {
          tokens.add(new Token(Kind.OP, String.valueOf(c), line));
          i++;
        }
      }
    }
    return tokens;
  }

  private static int count(String s, int from, int to) {
    int lines = 0;
    for (int k = from; k < to && k < s.length(); k++) {
      if (s.charAt(k) == '\n') {
        lines++;
      }
    }
    return lines;
  }
}
