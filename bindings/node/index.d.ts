// SPDX-License-Identifier: MIT
// Types of the parlance package. Every result is the library's JSON, parsed;
// "start"/"end" offsets count UTF-16 code units (they slice JavaScript
// strings), "charStart"/"charEnd" count code points. Names (modes, units,
// verbs...) come from the grammar the library was built from (grammarId);
// fields a newer grammar adds appear as further keys.

/** A retrieval request turned into an exact intent ({"mode":"none"} when nothing matched). */
export interface Intent {
  mode: string;
  unit?: string;
  count?: number;
  start?: number;
  /** null: to the end of the document. */
  end?: number | null;
  search?: string;
  section?: string;
  count_only?: boolean;
  parts?: { count: number }[];
  /** mode "scoped": what is asked inside the scope (first_n, last_n, nth, stats). */
  inner?: string;
  /** mode "scoped": a unit and its position, or a section. */
  scope?: { unit?: string; count?: number; section?: string; from_end?: boolean };
  /** mode "none": why a request that names numbers was refused. */
  refused?: 'number' | 'too_large' | 'too_many_parts';
  /** the number phrase at fault. */
  phrase?: string;
  [key: string]: unknown;
}

export type SentenceKind = 'text' | 'heading' | 'item' | 'quote' | 'code';

export interface Sentence {
  index: number;
  start: number;
  end: number;
  charStart: number;
  charEnd: number;
  line: number;
  endLine: number;
  paragraph: number;
  kind: SentenceKind;
  text: string;
}

export interface Paragraph {
  index: number;
  startLine: number;
  endLine: number;
  sentenceCount: number;
  wordCount: number;
  start: number;
  end: number;
  charStart: number;
  charEnd: number;
  preview: string;
}

export interface ProfileSentence {
  index: number;
  paragraph: number;
  line: number;
  endLine: number;
  start: number;
  end: number;
  charStart: number;
  charEnd: number;
  words: number;
  kind: SentenceKind;
}

export interface Profile {
  charCount: number;
  wordCount: number;
  lineCount: number;
  nonEmptyLineCount: number;
  paragraphCount: number;
  sentenceCount: number;
  paragraphs: Paragraph[];
  firstLine: string;
  lastLine: string;
  firstSentence: string;
  lastSentence: string;
  hasHeadings: boolean;
  hasCodeBlocks: boolean;
  hasList: boolean;
  hasBlockQuotes: boolean;
  language: string;
  profileVersion: number;
  analyzedAt: string;
  avgWordsPerSentence: number;
  avgSentencesPerParagraph: number;
  byteCount: number;
  invalidUtf8Bytes: number;
  nulBytes: number;
  /** Left out with { sentences: false }. */
  sentences?: ProfileSentence[];
}

export interface Answer {
  intent: Intent;
  /** The answer, quoting the document verbatim. */
  answer: string;
  /** The quoted parts of the document (doc.slice(start, end)), 1-based line. */
  spans: { start: number; end: number; line: number }[];
}

export interface VerbMatch {
  input: string;
  verb: string | null;
  tier: 'exact' | 'case' | 'morph' | 'spelling' | 'typo' | 'phonetic' | 'semantic' | null;
  distance: number;
  confidence: number;
  ambiguous: boolean;
  op?: string;
  candidates: string[];
}

export interface Hint {
  type: string;
  failure: string;
  got?: string;
  name?: string | null;
  suggestion?: string | null;
  options?: string[];
  similar?: string[];
  question?: string;
  message?: string;
}

export interface Command {
  verb: string | null;
  tier?: string;
  intent: { type: string | null; authority: string | null; [key: string]: unknown };
  marker: string | null;
  tags: string[];
}

export interface DialectResult {
  execute: (Command & { then: Command[] })[];
  skipped: { verb: string | null; reason: string; phrase?: string; hint?: Hint; text: string }[];
  truncated?: boolean;
}

/** Verbs and aliases of a host, as in a --config file. */
export interface DialectConfig {
  verbs: {
    [verb: string]: {
      aliases?: (string | { [word: string]: string })[];
      extra_aliases?: (string | { [word: string]: string })[];
      maps_to?: string;
      default_target?: { type?: string; id?: string };
      description?: string;
      examples?: string[];
      template?: string;
      requires_permission?: boolean;
      strictness?: 'strict' | 'normal' | 'loose';
    };
  };
}

export interface ActionExample {
  name: string;
  content: { text: string; actions?: string[] };
}

export interface Guidance {
  name: string;
  description: string;
  similes: string[];
  /** Conversations: a user's request and the agent's answer. */
  examples: ActionExample[][];
  system: string;
  retrievalInstructions: string;
}

/** The intent (a frozen object: equal requests may share it). */
export function infer(request: string): Readonly<Intent>;
/** The intent as the library's JSON text (what `parlance infer` prints). */
export function inferJson(request: string): string;
/** Could this message be a request about a document (an action's validate gate)? */
export function isRetrievalRequest(message: string): boolean;
export function split(doc: string): Sentence[];
export function answer(doc: string, request: string, options?: { substring?: boolean }): Answer;
/** analyzedAt: when the text was analysed (by default, now: new Date().toISOString()). */
export function profile(doc: string, options?: { analyzedAt?: string; sentences?: boolean }): Profile;
/** Throws an Error naming the byte at fault when CONFIG is not usable. */
export function dialect(message: string, config?: DialectConfig | string): DialectResult;
export function verb(word: string, config?: DialectConfig | string): VerbMatch;
export function describe(): Guidance;

/** A text analysed once, for many answers. */
export class Document {
  constructor(doc: string, options?: { analyzedAt?: string });
  readonly text: string;
  answer(request: string, options?: { substring?: boolean }): Answer;
  profile(options?: { sentences?: boolean }): Profile;
  close(): void;
}

export const version: string;
export const grammarId: string;
