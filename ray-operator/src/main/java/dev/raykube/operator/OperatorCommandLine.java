package dev.raykube.operator;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.reflect.Field;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * Reads the operator's settings from arguments and an environment (injected, so tests need no real environment).
 * Precedence: command line, then the option's environment variable, then its default.
 */
public final class OperatorCommandLine {

  private OperatorCommandLine() {
  }

  /**
   * Parses arguments and environment.
   *
   * @param args the command-line arguments
   * @param env the environment variables, e.g. {@code System.getenv()}
   * @return settings to run with, help or version text to print, or a usage error with a message naming the option
   *     (and the environment variable when the bad value came from there)
   */
  public static CommandLineOutcome parse(String[] args, Map<String, String> env) {
    Objects.requireNonNull(args, "args");
    Objects.requireNonNull(env, "env");
    OperatorOptions options = new OperatorOptions();
    CommandLine commandLine = commandLine(options, env);
    try {
      commandLine.parseArgs(args);
    } catch (ParameterException e) {
      return new CommandLineOutcome.UsageError(describe(e, args));
    }
    if (commandLine.isUsageHelpRequested()) {
      return new CommandLineOutcome.Print(commandLine.getUsageMessage(CommandLine.Help.Ansi.OFF));
    }
    if (commandLine.isVersionHelpRequested()) {
      StringWriter text = new StringWriter();
      commandLine.printVersionHelp(new PrintWriter(text), CommandLine.Help.Ansi.OFF);
      return new CommandLineOutcome.Print(text.toString());
    }
    try {
      return new CommandLineOutcome.Run(options.toSettings());
    } catch (IllegalArgumentException e) {
      return new CommandLineOutcome.UsageError(e.getMessage());
    }
  }

  /** The {@code --help} text, with defaults as they would be resolved in {@code env}. */
  public static String usage(Map<String, String> env) {
    return commandLine(new OperatorOptions(), env).getUsageMessage(CommandLine.Help.Ansi.OFF);
  }

  /** Every option's long name with its environment variable, in {@code --help} order. */
  public static Map<String, String> environmentTwins() {
    Map<String, String> twins = new java.util.LinkedHashMap<>();
    for (OptionSpec option : commandLine(new OperatorOptions(), Map.of()).getCommandSpec().options()) {
      envVarOf(option).ifPresent(env -> twins.put(option.longestName(), env));
    }
    return twins;
  }

  private static CommandLine commandLine(OperatorOptions options, Map<String, String> env) {
    CommandLine commandLine = new CommandLine(options);
    commandLine.setDefaultValueProvider(arg -> envVarOf(arg).map(env::get).map(String::strip).orElse(null));
    return commandLine;
  }

  private static Optional<String> envVarOf(ArgSpec arg) {
    if (arg.userObject() instanceof Field field) {
      EnvVar envVar = field.getAnnotation(EnvVar.class);
      if (envVar != null) {
        return Optional.of(envVar.value());
      }
    }
    return Optional.empty();
  }

  /** Picocli's message, plus where a bad value came from when it was the environment rather than the command line. */
  private static String describe(ParameterException e, String[] args) {
    String message = e.getMessage();
    ArgSpec arg = e.getArgSpec();
    if (arg instanceof OptionSpec option && !givenOnCommandLine(option, args)) {
      Optional<String> env = envVarOf(option);
      if (env.isPresent()) {
        message += " (from environment variable " + env.get() + ")";
      }
    }
    return message;
  }

  private static boolean givenOnCommandLine(OptionSpec option, String[] args) {
    List<String> names = Arrays.asList(option.names());
    String negated = option.negatable() ? option.longestName().replaceFirst("^--", "--no-") : null;
    return Arrays.stream(args)
        .map(arg -> arg.split("=", 2)[0])
        .anyMatch(name -> names.contains(name) || name.equals(negated));
  }

  /** Supplies {@code --version}. */
  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"ray-operator " + OperatorVersion.current()};
    }
  }
}
