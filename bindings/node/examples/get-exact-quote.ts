// SPDX-License-Identifier: MIT
// GET_EXACT_QUOTE as an ElizaOS-style action (seed 000): validate is the
// library's generous gate, the handler answers verbatim from the stored
// document, and the description, similes and examples are the library's
// guidance (`parlance describe --json`, examples answered by the library
// itself). Copy it into a plugin; the interfaces below are the subset of
// @elizaos/core's Action that it uses, so the file compiles on its own.
import * as parlance from 'parlance';

export interface Memory {
  content: { text?: string; [key: string]: unknown };
  [key: string]: unknown;
}

export interface Content {
  text: string;
  actions?: string[];
  [key: string]: unknown;
}

export type HandlerCallback = (response: Content) => Promise<unknown> | unknown;

export interface Action<Runtime> {
  name: string;
  similes: string[];
  description: string;
  examples: parlance.ActionExample[][];
  validate: (runtime: Runtime, message: Memory) => Promise<boolean>;
  handler: (runtime: Runtime, message: Memory, state?: unknown, options?: unknown,
            callback?: HandlerCallback) => Promise<{ success: boolean; text: string; data?: unknown }>;
}

/** Where the host keeps its documents: the text to quote for this message, or null. */
export type DocumentSource<Runtime> = (runtime: Runtime, message: Memory) => Promise<string | null>;

export function getExactQuoteAction<Runtime>(findDocument: DocumentSource<Runtime>): Action<Runtime> {
  const guide = parlance.describe();
  return {
    name: guide.name,
    similes: guide.similes,
    description: guide.description,
    examples: guide.examples,

    async validate(_runtime, message) {
      return parlance.isRetrievalRequest(message.content.text ?? '');
    },

    async handler(runtime, message, _state, _options, callback) {
      const request = message.content.text ?? '';
      const doc = await findDocument(runtime, message);
      if (doc === null) {
        const text = 'No document is stored yet: add one, then ask again.';
        await callback?.({ text, actions: [guide.name] });
        return { success: false, text };
      }
      // answer() keeps the last document analysed, so follow-up requests
      // about the same text skip the analysis.
      const result = parlance.answer(doc, request);
      await callback?.({ text: result.answer, actions: [guide.name] });
      // spans slice the document string itself: doc.slice(start, end).
      return { success: result.intent.mode !== 'none', text: result.answer,
               data: { intent: result.intent, spans: result.spans } };
    },
  };
}
