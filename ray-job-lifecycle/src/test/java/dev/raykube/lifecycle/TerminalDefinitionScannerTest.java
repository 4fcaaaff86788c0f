package dev.raykube.lifecycle;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The scanner itself, on in-memory samples: it must catch planted definitions and stay quiet on honest code. */
class TerminalDefinitionScannerTest {

  private static String wrap(String body) {
    return "package x;\n\nclass Sample {\n" + body + "\n}\n";
  }

  static Stream<Arguments> planted() {
    return Stream.of(
        Arguments.of("|| chain of ==", "  boolean done(JobStatus s) {\n    return s == JobStatus.STOPPED\n"
            + "        || s == JobStatus.SUCCEEDED || s == JobStatus.FAILED;\n  }", 5),
        Arguments.of("EnumSet.of", "  static final Set<JobStatus> END =\n      EnumSet.of(STOPPED, SUCCEEDED, FAILED);", 5),
        Arguments.of("List.of strings", "  static final List<String> END = List.of(\"STOPPED\", \"SUCCEEDED\", "
            + "\"FAILED\");", 4),
        Arguments.of("equals chain", "  boolean done(String s) {\n    return s.equals(\"STOPPED\") || s.equals("
            + "\"SUCCEEDED\") || \"FAILED\".equals(s);\n  }", 5),
        Arguments.of("array initializer", "  static final String[] END = {\"SUCCEEDED\",\n    \"STOPPED\", \"FAILED\"};",
            4),
        Arguments.of("switch arrow group", "  boolean done(JobStatus s) {\n    return switch (s) {\n"
            + "      case STOPPED, SUCCEEDED, FAILED -> true;\n      default -> false;\n    };\n  }", 6),
        Arguments.of("switch arrow cases with the same body", "  boolean done(JobStatus s) {\n    switch (s) {\n"
            + "      case SUCCEEDED -> { return true; }\n      case PENDING -> { return false; }\n"
            + "      case STOPPED -> { return true; }\n      case FAILED -> { return true; }\n"
            + "      default -> { return false; }\n    }\n  }", 6),
        Arguments.of("switch fall-through group", "  boolean done(JobStatus s) {\n    switch (s) {\n"
            + "      case RUNNING:\n        return false;\n      case STOPPED:\n      case SUCCEEDED:\n"
            + "      case FAILED:\n        return true;\n      default:\n        return false;\n    }\n  }", 8),
        Arguments.of("regex string", "  boolean done(String s) {\n    return s.matches(\"STOPPED|SUCCEEDED|FAILED\");\n"
            + "  }", 5),
        Arguments.of("CEL list", "  @Rule(\"self.jobStatus in ['STOPPED', 'SUCCEEDED', 'FAILED']\")\n  String status;", 4),
        Arguments.of("text block", "  String cel = \"\"\"\n      STOPPED | SUCCEEDED | FAILED\n      \"\"\";", 4),
        Arguments.of("deployment ==", "  boolean over(JobDeploymentStatus d) {\n    return d == "
            + "JobDeploymentStatus.COMPLETE || d == JobDeploymentStatus.FAILED;\n  }", 5),
        Arguments.of("deployment set", "  Set<JobDeploymentStatus> over = EnumSet.of(COMPLETE, FAILED);", 4),
        Arguments.of("deployment switch", "  void on(JobDeploymentStatus d) {\n    switch (d) {\n      case COMPLETE:\n"
            + "      case FAILED:\n        cleanUp();\n        break;\n      default:\n        break;\n    }\n  }", 6),
        Arguments.of("deployment strings", "  boolean over(String d) {\n    return \"Complete\".equals(d) || "
            + "\"Failed\".equals(d);\n  }", 5),
        Arguments.of("deployment regex", "  boolean over(String d) {\n    return d.matches(\"Complete|Failed\");\n  }",
            5));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("planted")
  @DisplayName("a planted definition is found, with its file and line")
  void findsPlanted(String name, String body, int line) {
    List<TerminalDefinitionScanner.Finding> findings = TerminalDefinitionScanner.scan("Sample.java", wrap(body));
    assertThat(findings).as(name).isNotEmpty();
    assertThat(findings.get(0).file()).isEqualTo("Sample.java");
    assertThat(findings.get(0).line()).as(findings.toString()).isEqualTo(line);
    assertThat(findings.get(0).toString()).startsWith("Sample.java:" + line + ": ");
  }

  static Stream<Arguments> honest() {
    return Stream.of(
        Arguments.of("enum declaration", "  enum JobStatus { NEW(\"\"), PENDING(\"PENDING\"), RUNNING(\"RUNNING\"),\n"
            + "    STOPPED(\"STOPPED\"), SUCCEEDED(\"SUCCEEDED\"), FAILED(\"FAILED\"), UNKNOWN(null);\n"
            + "    private final String v;\n    JobStatus(String v) { this.v = v; }\n  }"),
        Arguments.of("plain enum", "  enum S { PENDING, RUNNING, STOPPED, SUCCEEDED, FAILED, UNKNOWN }"),
        Arguments.of("deployment enum", "  enum D { NEW, INITIALIZING, RUNNING, COMPLETE, FAILED, SUSPENDED }"),
        Arguments.of("comments", "  // terminal: STOPPED, SUCCEEDED, FAILED\n  /** Complete or Failed; STOPPED "
            + "SUCCEEDED FAILED */\n  int x;"),
        Arguments.of("one name per statement", "  static final String STOPPED = \"STOPPED\";\n"
            + "  static final String SUCCEEDED = \"SUCCEEDED\";\n  static final String FAILED = \"FAILED\";"),
        Arguments.of("mapping switch (each state its own body)", "  String text(JobStatus s) {\n    switch (s) {\n"
            + "      case STOPPED: return \"stopped\";\n      case SUCCEEDED: return \"ok\";\n"
            + "      case FAILED: return \"failed\";\n      default: return \"?\";\n    }\n  }"),
        Arguments.of("full mapping naming every state", "  Map<String, JobStatus> m = Map.of(\"PENDING\", PENDING,"
            + " \"RUNNING\", RUNNING, \"STOPPED\", STOPPED, \"SUCCEEDED\", SUCCEEDED, \"FAILED\", FAILED);"),
        Arguments.of("prose description", "  @Description(\"Status of the Ray job: PENDING, RUNNING, STOPPED, "
            + "SUCCEEDED or FAILED\")\n  String a;\n  @Description(\"When the RayJob reached Complete or Failed "
            + "(RFC 3339).\")\n  String b;"),
        Arguments.of("deployment choice (ternary)", "  void end(boolean ok) {\n    next = ok ? COMPLETE : FAILED;\n  }"),
        Arguments.of("two of three", "  Set<JobStatus> done = EnumSet.of(SUCCEEDED, FAILED);"),
        Arguments.of("batch Job conditions checked one at a time", "  void read(String type) {\n"
            + "    if (\"Failed\".equals(type)) {\n      fail();\n    }\n"
            + "    if (\"Complete\".equals(type)) {\n      done();\n    }\n  }"),
        Arguments.of("calling the single definition", "  boolean done(JobStatus s) {\n"
            + "    return TerminalStates.isTerminal(s);\n  }"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("honest")
  @DisplayName("honest code is not reported")
  void quietOnHonestCode(String name, String body) {
    assertThat(TerminalDefinitionScanner.scan("Sample.java", wrap(body))).as(name).isEmpty();
  }

  @Test
  @DisplayName("line numbers count lines inside comments and text blocks")
  void lineNumbers() {
    String source = "/*\n * a\n * b\n */\nclass A {\n  String t = \"\"\"\n    x\n    \"\"\";\n"
        + "  Set<S> s = EnumSet.of(STOPPED, SUCCEEDED, FAILED);\n}\n";
    assertThat(TerminalDefinitionScanner.scan("A.java", source)).extracting(TerminalDefinitionScanner.Finding::line)
        .containsExactly(9);
  }
}
