package dev.raykube.bench.side;

/** One scenario of the side-by-side suite: runs both arms, one after the other, in the arena. */
interface Scenario {

  /** The name on the command line and of the JSON file. */
  String name();

  /** Runs both arms; returns their figures. */
  Comparison run(Arena arena) throws Exception;
}
