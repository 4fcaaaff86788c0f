package dev.raykube.dashboard.fake;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShellEntrypointTest {
  private static JobStep out(String text) {
    return new JobStep.Output(text);
  }

  private static JobStep sleep(long millis) {
    return new JobStep.Sleep(Duration.ofMillis(millis));
  }

  private static JobStep exit(int code) {
    return new JobStep.Exit(code);
  }

  @Test
  void echoSleepAndExitZero() {
    assertThat(ShellEntrypoint.interpret("sleep 2 && echo done"))
        .containsExactly(sleep(2000), out("done\n"), exit(0));
  }

  @Test
  void exitCodeEndsTheScript() {
    assertThat(ShellEntrypoint.interpret("echo oops && exit 3; echo never"))
        .containsExactly(out("oops\n"), exit(3));
  }

  @Test
  void andSkipsAfterFailureOrRunsAfterSuccess() {
    assertThat(ShellEntrypoint.interpret("false && echo a; echo b")).containsExactly(out("b\n"), exit(0));
    assertThat(ShellEntrypoint.interpret("false || echo rescued")).containsExactly(out("rescued\n"), exit(0));
    assertThat(ShellEntrypoint.interpret("true || echo skipped")).containsExactly(exit(0));
    assertThat(ShellEntrypoint.interpret("false")).containsExactly(exit(1));
  }

  @Test
  void exitWithoutArgumentUsesLastStatus() {
    assertThat(ShellEntrypoint.interpret("false; exit")).containsExactly(exit(1));
    assertThat(ShellEntrypoint.interpret("exit 300")).containsExactly(exit(44));
  }

  @Test
  void quotingAndEscapes() {
    assertThat(ShellEntrypoint.interpret("echo 'a  b' \"c \\\"d\\\"\" e\\ f"))
        .containsExactly(out("a  b c \"d\" e f\n"), exit(0));
    assertThat(ShellEntrypoint.interpret("echo -n x")).containsExactly(out("x"), exit(0));
    assertThat(ShellEntrypoint.interpret("echo err >&2 # comment")).containsExactly(out("err\n"), exit(0));
  }

  @Test
  void sleepUnitsAndFractions() {
    assertThat(ShellEntrypoint.interpret("sleep 0.5")).containsExactly(sleep(500), exit(0));
    assertThat(ShellEntrypoint.interpret("sleep 1m")).containsExactly(sleep(60_000), exit(0));
    assertThat(ShellEntrypoint.interpret("sleep x")).containsExactly(out("sleep: invalid time interval 'x'\n"), exit(1));
  }

  @Test
  void unknownCommandIsNotFound() {
    assertThat(ShellEntrypoint.interpret("python script.py"))
        .containsExactly(out("/bin/sh: 1: python: not found\n"), exit(127));
  }

  @Test
  void newlinesSeparateCommands() {
    assertThat(ShellEntrypoint.interpret("echo a\necho b")).containsExactly(out("a\n"), out("b\n"), exit(0));
  }

  @Test
  void unsupportedSyntaxFailsLoudly() {
    for (String entrypoint : List.of("echo $(date)", "echo $1x", "echo ${A:-x}", "echo a | cat", "echo a > f", "(echo a)", "echo 'open", "a &&")) {
      List<JobStep> steps = ShellEntrypoint.interpret(entrypoint);
      assertThat(steps).as(entrypoint).hasSize(2);
      assertThat(((JobStep.Output) steps.get(0)).text()).contains("cannot interpret");
      assertThat(steps.get(1)).isEqualTo(exit(2));
    }
  }

  @Test
  void variablesExpandFromTheRuntimeEnv() {
    Map<String, String> env = Map.of("A", "1", "NAME", "ray");
    assertThat(ShellEntrypoint.interpret("echo $A \"${NAME}-x\" '$A' $UNSET.", env))
        .containsExactly(out("1 ray-x $A .\n"), exit(0));
    assertThat(ShellEntrypoint.interpret("exit $A", env)).containsExactly(exit(1));
  }

  @Test
  void emptyEntrypointSucceeds() {
    assertThat(ShellEntrypoint.interpret("")).containsExactly(exit(0));
  }
}
