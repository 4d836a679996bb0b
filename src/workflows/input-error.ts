// A mistake in what a use case was asked, said without knowing who asked: the CLI names a field
// by its flag (--window), a tool by its argument (window), so neither front door reads the
// other's text. The sentence is written once, with each field left for the front door to name.

/** How a front door names a field of a use case's input: `--target-at`, `testId`, `NETMON_TOKEN`. */
export type FieldNamer = (field: string) => string;

/** A use case's sentence, with the fields it mentions named by whoever says it. */
export type Sentence = (name: FieldNamer) => string;

/** Fields named as the use cases name them (messages, logs, tests). */
export const PLAIN_NAMES: FieldNamer = (field) => field;

/** Bad input to a use case: which field, and what is wrong with it (never how it was typed). */
export class InputError extends Error {
  constructor(
    /** The field at fault (`window`, `round`, `agent`…), when one is. */
    readonly field: string | undefined,
    private readonly sentence: Sentence,
  ) {
    super(sentence(PLAIN_NAMES));
    this.name = 'InputError';
  }

  /** The sentence with every field named as the front door saying it names them. */
  saidWith(name: FieldNamer): string {
    return this.sentence(name);
  }
}

/** An input error whose sentence names no field (`name one agent`). */
export function inputError(field: string | undefined, message: string): InputError {
  return new InputError(field, () => message);
}
