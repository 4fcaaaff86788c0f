package dev.raykube.operator;

import java.util.Objects;

/** What {@link OperatorCommandLine#parse} made of the arguments: settings to run with, text to print, or a mistake. */
public sealed interface CommandLineOutcome {

  /** Run the operator with these settings. */
  record Run(OperatorSettings settings) implements CommandLineOutcome {
    /** Requires settings. */
    public Run {
      Objects.requireNonNull(settings, "settings");
    }
  }

  /** {@code --help} or {@code --version}: print the text to standard output and exit 0. */
  record Print(String text) implements CommandLineOutcome {
    /** Requires text. */
    public Print {
      Objects.requireNonNull(text, "text");
    }
  }

  /** A usage error: print the message to standard error and exit 2. */
  record UsageError(String message) implements CommandLineOutcome {
    /** Requires a message. */
    public UsageError {
      Objects.requireNonNull(message, "message");
    }
  }
}
