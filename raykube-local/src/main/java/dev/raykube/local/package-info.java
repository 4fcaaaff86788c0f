/**
 * The Java half of {@code raykube local} (the launcher is the {@code raykube} script at the repository root; see
 * {@code docs/local.md}): {@link dev.raykube.local.LocalNode} runs the reference operator and the node sandbox in one
 * process, {@link dev.raykube.local.Manifest} and {@link dev.raykube.local.ManifestApply} read and apply manifest files
 * with one-line errors, and {@code RunFollower} follows what a run applied, printing what {@code RunProgress} (pure)
 * makes of each change. An application, not a library: it prints to standard output and exits with a code.
 */
package dev.raykube.local;
